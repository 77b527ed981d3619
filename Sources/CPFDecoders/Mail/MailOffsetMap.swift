/// Where the bytes of a piece of text from ``MailReader`` came from in the
/// message: for a byte of the piece, the input bytes it was decoded from.
///
/// Header fields and the bytes between parts come from the input one to one
/// (stray bytes that are not UTF-8 are read as Windows-1252). A body byte
/// maps to its own input byte when it was written as itself (7bit, 8bit,
/// a literal quoted-printable character), to its `=XY` escape, or, in
/// base64, to the whole encoded line it came from (about 76 input bytes for
/// 57 decoded ones): precise enough to name a line and a column near it.
///
/// ```swift
/// try reader.feed(piece) { segment, utf8, map in
///     if let range = map.inputRange(ofOutputOffset: 0) { print("starts at byte", range.lowerBound) }
/// }
/// ```
public struct MailOffsetMap: Sendable {
    /// Decoded bytes `decodedStart..<decodedEnd` came from input `inputStart..<inputEnd`:
    /// one to one when `isIdentity`, else each from the whole range.
    struct Segment: Sendable {
        var decodedStart: Int
        var decodedEnd: Int
        var inputStart: Int
        var inputEnd: Int
        var isIdentity: Bool
    }

    let pieceStart: Int
    let transcoding: TranscodingOffsetMap
    let segments: [Segment]

    /// The input bytes that byte `offset` of the piece (counted from the
    /// piece's first byte) was decoded from, or nil when it is outside the piece.
    ///
    /// ```swift
    /// map.inputRange(ofOutputOffset: 13)   // 98..<99: the "4" after a soft line break
    /// ```
    ///
    /// - Complexity: O(log *n*) in the map's size.
    public func inputRange(ofOutputOffset offset: Int) -> Range<Int>? {
        guard let decoded = transcoding.inputRange(ofOutputOffset: pieceStart + offset),
            let first = inputRange(ofDecoded: decoded.lowerBound),
            let last = inputRange(ofDecoded: decoded.upperBound - 1)
        else { return nil }
        return min(first.lowerBound, last.lowerBound)..<max(first.upperBound, last.upperBound)
    }

    private func inputRange(ofDecoded offset: Int) -> Range<Int>? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].decodedEnd <= offset { low = middle + 1 } else { high = middle }
        }
        guard low < segments.count, segments[low].decodedStart <= offset else { return nil }
        let segment = segments[low]
        if segment.isIdentity {
            let start = segment.inputStart + offset - segment.decodedStart
            return start..<start + 1
        }
        return segment.inputStart..<segment.inputEnd
    }
}
