/// A streaming decoder of the quoted-printable content transfer encoding
/// (RFC 2045, section 6.7).
///
/// `=XY` (hexadecimal, either case) is the byte XY; `=` at the end of a line
/// (before CRLF or LF, trailing spaces and tabs allowed between) is a soft
/// line break and disappears, so `390.533.4=\r\n47-05` reads `390.533.447-05`;
/// spaces and tabs at the end of a line are removed, as RFC 2045 asks, since
/// transports may have added them. An `=` that starts none of these is kept
/// as it is, as RFC 2045 suggests and Python's quopri does. Line breaks are
/// kept as they come (CRLF or LF).
///
/// ```swift
/// let decoder = QuotedPrintableDecoder()
/// var text: [UInt8] = []
/// decoder.decode(Array("CPF 390.533.4=\r\n47-05 S=C3=A3o".utf8)) { text.append(contentsOf: $0) }
/// decoder.finish { text.append(contentsOf: $0) }
/// // text is "CPF 390.533.447-05 São"
/// ```
///
/// - Complexity: O(*n*) time; what is held between pieces is at most an
///   `=` and a run of spaces and tabs.
public final class QuotedPrintableDecoder {
    /// Bytes whose meaning depends on what follows: an `=` sequence or a
    /// run of spaces and tabs that may end a line.
    private var held: [UInt8] = []

    /// Makes a decoder.
    public init() {}

    /// Decodes the next piece, handing the bytes it makes to `output`.
    ///
    /// ```swift
    /// decoder.decode(line) { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func decode(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        held.append(contentsOf: piece)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(held.count)
        let consumed = decodeHeld(into: &bytes, isFinal: false)
        held.removeFirst(consumed)
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try output($0) }
    }

    /// Decodes what is held at the end of the input: trailing spaces are
    /// removed, a lone `=` at the very end is a soft break.
    ///
    /// ```swift
    /// decoder.finish { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) in the bytes held.
    public func finish(output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var bytes: [UInt8] = []
        _ = decodeHeld(into: &bytes, isFinal: true)
        held.removeAll()
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try output($0) }
    }

    /// Decodes a whole quoted-printable text held in memory.
    ///
    /// ```swift
    /// QuotedPrintableDecoder.decode(Array("a=3Db".utf8))   // "a=b"
    /// ```
    ///
    /// - Complexity: O(*n*).
    public static func decode(_ text: [UInt8]) -> [UInt8] {
        let decoder = QuotedPrintableDecoder()
        var result: [UInt8] = []
        decoder.decode(text) { result.append(contentsOf: $0) }
        decoder.finish { result.append(contentsOf: $0) }
        return result
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Decodes `held` as far as its meaning is known; returns the bytes consumed.
    private func decodeHeld(into bytes: inout [UInt8], isFinal: Bool) -> Int {
        let input = held
        var index = 0
        while index < input.count {
            let byte = input[index]
            if Self.isBlank(byte) {
                // A run of blanks: dropped when a line break (or the end) follows.
                var end = index
                while end < input.count && Self.isBlank(input[end]) { end += 1 }
                if end == input.count {
                    if !isFinal { return index }
                    return input.count
                }
                let next = input[end]
                let endsLine = next == 0x0A || (next == 0x0D && end + 1 < input.count && input[end + 1] == 0x0A)
                if next == 0x0D && end + 1 == input.count && !isFinal { return index }
                if !endsLine { bytes += input[index..<end] }
                index = end
                continue
            }
            if byte != UInt8(ascii: "=") {
                bytes.append(byte)
                index += 1
                continue
            }
            // "=": a soft break ("=", blanks, then CRLF or LF), an escape, or literal.
            var end = index + 1
            while end < input.count && Self.isBlank(input[end]) { end += 1 }
            if end == input.count || (input[end] == 0x0D && end + 1 == input.count) {
                if !isFinal { return index }
                return input.count  // "=" at the very end: a soft break before nothing
            }
            if input[end] == 0x0A {
                index = end + 1
                continue
            }
            if input[end] == 0x0D && input[end + 1] == 0x0A {
                index = end + 2
                continue
            }
            if end == index + 1, index + 2 < input.count,
                let high = Self.hexValue(input[index + 1]), let low = Self.hexValue(input[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
                continue
            }
            if end == index + 1 && index + 2 >= input.count && !isFinal { return index }
            bytes.append(byte)
            index += 1
        }
        return index
    }
}
