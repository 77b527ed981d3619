/// A streaming transcoder from a ``CharacterEncoding`` to UTF-8 that says where
/// each output byte came from, so that a match found in the UTF-8 text can
/// be reported at its place in the file, and rewritten there in the file's
/// own encoding.
///
/// A byte order mark of the encoding at the start of the input is not
/// copied to the output (its bytes are skipped in the map). What cannot be
/// decoded becomes U+FFFD REPLACEMENT CHARACTER, mapped to its input bytes:
/// an unpaired UTF-16 surrogate (2 bytes), a UTF-32 unit above U+10FFFF or
/// in the surrogate range (4 bytes), a code unit cut by the end of the input.
/// In ``CharacterEncoding/utf8``, valid sequences are copied and each byte that
/// is not part of one is read as Windows-1252 (`F0 ED` → `ðí`), so a mostly
/// UTF-8 file with a few Latin-1 words keeps both readable.
///
/// ```swift
/// let transcoder = TextToUTF8Transcoder(encoding: .utf16LittleEndian)
/// try transcoder.decode(bytes) { utf8, map in
///     scan(utf8)                                     // the text as UTF-8
///     let place = map.inputRange(ofOutputOffset: 0)  // where its first byte came from
/// }
/// try transcoder.finish { utf8, map in scan(utf8) }
/// ```
///
/// - Complexity: O(*n*) time; memory in proportion to one piece.
public final class TextToUTF8Transcoder {
    /// The encoding read.
    public let encoding: CharacterEncoding

    private var carry: [UInt8] = []
    private var carryOffset = 0
    private var outputOffset = 0
    private var atStart = true

    /// Makes a transcoder from `encoding` to UTF-8.
    ///
    /// ```swift
    /// let transcoder = TextToUTF8Transcoder(encoding: CharacterEncoding.detect(firstBytes).encoding)
    /// ```
    public init(encoding: CharacterEncoding) {
        self.encoding = encoding
    }

    /// Transcodes the next piece of input and hands its UTF-8 and offset
    /// map to `output` (nothing when the piece ends inside a character,
    /// which waits for the next piece).
    ///
    /// ```swift
    /// try transcoder.decode(piece) { utf8, map in print(utf8.count, map.runs.count) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func decode(
        _ piece: some Collection<UInt8>,
        output: (UnsafeBufferPointer<UInt8>, TranscodingOffsetMap) throws -> Void
    ) rethrows {
        carry.append(contentsOf: piece)
        try run(isFinal: false, output)
    }

    /// Transcodes what is left at the end of the input: a character cut
    /// short becomes U+FFFD (or, in UTF-8, its bytes are read as Windows-1252).
    ///
    /// ```swift
    /// try transcoder.finish { utf8, _ in print(utf8.count) }
    /// ```
    ///
    /// - Complexity: O(1): at most 3 bytes are left.
    public func finish(output: (UnsafeBufferPointer<UInt8>, TranscodingOffsetMap) throws -> Void) rethrows {
        try run(isFinal: true, output)
    }

    /// Transcodes a whole text held in memory, without its offset map.
    ///
    /// ```swift
    /// let utf8 = TextToUTF8Transcoder.transcode([0x41, 0x00, 0xE9, 0x00], from: .utf16LittleEndian)   // "Aé"
    /// ```
    ///
    /// - Complexity: O(*n*).
    public static func transcode(_ text: [UInt8], from encoding: CharacterEncoding) -> [UInt8] {
        let transcoder = TextToUTF8Transcoder(encoding: encoding)
        var result: [UInt8] = []
        transcoder.decode(text) { utf8, _ in result.append(contentsOf: utf8) }
        transcoder.finish { utf8, _ in result.append(contentsOf: utf8) }
        return result
    }

    private func run(isFinal: Bool, _ output: (UnsafeBufferPointer<UInt8>, TranscodingOffsetMap) throws -> Void)
        rethrows
    {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(carry.count * 2)
        var map = TranscodingOffsetMap()
        let consumed = carry.withUnsafeBufferPointer { input in
            transcode(input, isFinal: isFinal, into: &utf8, map: &map)
        }
        carry.removeFirst(consumed)
        carryOffset += consumed
        guard !utf8.isEmpty else { return }
        outputOffset += utf8.count
        try utf8.withUnsafeBufferPointer { try output($0, map) }
    }

    /// Transcodes `input` (at `carryOffset`) up to the last whole character
    /// (everything when `isFinal`); returns the bytes consumed.
    private func transcode(
        _ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into utf8: inout [UInt8],
        map: inout TranscodingOffsetMap
    ) -> Int {
        var index = 0
        if atStart {
            let mark = encoding.byteOrderMark
            if input.count < mark.count && input.elementsEqual(mark.prefix(input.count)) && !isFinal { return 0 }
            atStart = false
            if input.starts(with: mark) && !mark.isEmpty { index = mark.count }
        }
        let base = carryOffset
        func emit(_ scalar: Unicode.Scalar, from start: Int, length: Int) {
            let before = utf8.count
            UTF8.encode(scalar) { utf8.append($0) }
            map.append(
                outputStart: outputOffset + before, outputLength: utf8.count - before,
                inputStart: base + start, inputLength: length)
        }
        switch encoding {
        case .utf8:
            while index < input.count {
                var end = index
                while end < input.count && input[end] < 0x80 { end += 1 }
                if end > index {
                    map.appendIdentity(
                        outputStart: outputOffset + utf8.count, inputStart: base + index, count: end - index)
                    utf8.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
                    index = end
                    continue
                }
                let length = UTF8Validation.sequenceLength(input, at: index)
                if length > 0 {
                    map.appendIdentity(outputStart: outputOffset + utf8.count, inputStart: base + index, count: length)
                    utf8.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<index + length]))
                    index += length
                } else if length < 0 && !isFinal {
                    return index
                } else {
                    emit(Windows1252.scalar(for: input[index]), from: index, length: 1)
                    index += 1
                }
            }
        case .windows1252, .singleByte:
            // One byte a character: ASCII runs copied as they are, other bytes looked up.
            let scalar: (UInt8) -> Unicode.Scalar =
                if case .singleByte(let page) = encoding { page.scalar(for:) } else { Windows1252.scalar(for:) }
            while index < input.count {
                var end = index
                while end < input.count && input[end] < 0x80 { end += 1 }
                if end > index {
                    map.appendIdentity(
                        outputStart: outputOffset + utf8.count, inputStart: base + index, count: end - index)
                    utf8.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
                    index = end
                    continue
                }
                emit(scalar(input[index]), from: index, length: 1)
                index += 1
            }
        case .utf16LittleEndian, .utf16BigEndian:
            let little = encoding == .utf16LittleEndian
            func unit(_ at: Int) -> UInt32 {
                little ? UInt32(input[at]) | UInt32(input[at + 1]) << 8 : UInt32(input[at]) << 8 | UInt32(input[at + 1])
            }
            let (low, high) = little ? (0, 1) : (1, 0)
            while index + 1 < input.count {
                // A run of ASCII: one byte out for two in.
                var end = index
                while end + 1 < input.count && input[end + high] == 0 && input[end + low] < 0x80 { end += 2 }
                if end > index {
                    let count = (end - index) / 2
                    map.append(
                        outputStart: outputOffset + utf8.count, outputLength: 1, inputStart: base + index,
                        inputLength: 2, count: count)
                    var at = index
                    while at < end {
                        utf8.append(input[at + low])
                        at += 2
                    }
                    index = end
                    continue
                }
                let first = unit(index)
                if first < 0xD800 || first > 0xDFFF {
                    emit(Unicode.Scalar(first)!, from: index, length: 2)
                    index += 2
                } else if first <= 0xDBFF {
                    if index + 3 >= input.count {
                        if !isFinal { return index }
                        emit("\u{FFFD}", from: index, length: 2)
                        index += 2
                        continue
                    }
                    let second = unit(index + 2)
                    if second >= 0xDC00 && second <= 0xDFFF {
                        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        emit(Unicode.Scalar(value)!, from: index, length: 4)
                        index += 4
                    } else {
                        emit("\u{FFFD}", from: index, length: 2)
                        index += 2
                    }
                } else {
                    emit("\u{FFFD}", from: index, length: 2)
                    index += 2
                }
            }
            if index < input.count && isFinal {
                emit("\u{FFFD}", from: index, length: input.count - index)
                index = input.count
            }
        case .utf32LittleEndian, .utf32BigEndian:
            let little = encoding == .utf32LittleEndian
            while index + 3 < input.count {
                let bytes = (
                    UInt32(input[index]), UInt32(input[index + 1]), UInt32(input[index + 2]), UInt32(input[index + 3])
                )
                let value =
                    little
                    ? bytes.0 | bytes.1 << 8 | bytes.2 << 16 | bytes.3 << 24
                    : bytes.0 << 24 | bytes.1 << 16 | bytes.2 << 8 | bytes.3
                emit(Unicode.Scalar(value) ?? "\u{FFFD}", from: index, length: 4)
                index += 4
            }
            if index < input.count && isFinal {
                emit("\u{FFFD}", from: index, length: input.count - index)
                index = input.count
            }
        }
        return index
    }
}
