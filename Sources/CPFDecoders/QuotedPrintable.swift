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
                return input.count   // "=" at the very end: a soft break before nothing
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
               let high = Self.hexValue(input[index + 1]), let low = Self.hexValue(input[index + 2]) {
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

/// A streaming encoder to the quoted-printable content transfer encoding
/// (RFC 2045, section 6.7) for text: lines of at most 76 characters (soft
/// line breaks `=` added as needed), `=` and bytes outside printable ASCII
/// as `=XY`, a space or tab at the end of a line as `=20`/`=09`. Line
/// breaks of the input (LF or CRLF) stay line breaks, written as
/// `lineBreak`; a CR alone is `=0D`.
///
/// ```swift
/// let encoder = QuotedPrintableEncoder(lineBreak: [0x0A])
/// var text: [UInt8] = []
/// encoder.encode(Array("Física: ***.***.***-**\n".utf8)) { text.append(contentsOf: $0) }
/// encoder.finish { text.append(contentsOf: $0) }
/// // "F=C3=ADsica: ***.***.***-**\n"
/// ```
///
/// - Complexity: O(*n*) time, O(1) memory beyond one piece's output.
public final class QuotedPrintableEncoder {
    /// The longest line, soft break included.
    public static let maximumLineLength = 76
    /// What ends each line, hard or soft.
    public let lineBreak: [UInt8]

    private var column = 0
    private var heldBlank: UInt8?
    private var heldCR = false

    /// Makes an encoder whose lines end with `lineBreak` (CRLF by default).
    ///
    /// ```swift
    /// let encoder = QuotedPrintableEncoder()
    /// ```
    public init(lineBreak: [UInt8] = [0x0D, 0x0A]) {
        self.lineBreak = lineBreak
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Encodes the next piece of data.
    ///
    /// ```swift
    /// encoder.encode(line) { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func encode(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var text: [UInt8] = []
        text.reserveCapacity(piece.count + piece.count / 8)
        for byte in piece { encode(byte, into: &text) }
        guard !text.isEmpty else { return }
        try text.withUnsafeBufferPointer { try output($0) }
    }

    /// Encodes what is held (a space or tab, a CR) at the end of the data.
    ///
    /// ```swift
    /// encoder.finish { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(1).
    public func finish(output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var text: [UInt8] = []
        flushHeld(lineEnds: true, into: &text)
        guard !text.isEmpty else { return }
        try text.withUnsafeBufferPointer { try output($0) }
    }

    /// Encodes a whole text held in memory.
    ///
    /// ```swift
    /// QuotedPrintableEncoder.encode(Array("a=b".utf8))   // "a=3Db"
    /// ```
    ///
    /// - Complexity: O(*n*).
    public static func encode(_ data: [UInt8], lineBreak: [UInt8] = [0x0D, 0x0A]) -> [UInt8] {
        let encoder = QuotedPrintableEncoder(lineBreak: lineBreak)
        var result: [UInt8] = []
        encoder.encode(data) { result.append(contentsOf: $0) }
        encoder.finish { result.append(contentsOf: $0) }
        return result
    }

    private func encode(_ byte: UInt8, into text: inout [UInt8]) {
        if byte == 0x0A {
            heldCR = false
            if let blank = heldBlank {
                heldBlank = nil
                put(escaped: blank, into: &text)
            }
            text += lineBreak
            column = 0
            return
        }
        if byte == 0x0D {
            if heldCR {
                // The CR held before was alone.
                flushHeld(lineEnds: false, into: &text)
            }
            heldCR = true
            return
        }
        flushHeld(lineEnds: false, into: &text)
        if byte == 0x20 || byte == 0x09 {
            heldBlank = byte
        } else if byte == UInt8(ascii: "=") || byte < 0x20 || byte > 0x7E {
            put(escaped: byte, into: &text)
        } else {
            put(literal: byte, into: &text)
        }
    }

    /// Writes a held blank (escaped when the line ends right after it) and a
    /// held CR that turned out not to start a CRLF.
    private func flushHeld(lineEnds: Bool, into text: inout [UInt8]) {
        if let blank = heldBlank {
            heldBlank = nil
            if lineEnds && !heldCR { put(escaped: blank, into: &text) } else { put(literal: blank, into: &text) }
        }
        if heldCR {
            heldCR = false
            put(escaped: 0x0D, into: &text)
        }
    }

    private func put(literal byte: UInt8, into text: inout [UInt8]) {
        if column + 1 > Self.maximumLineLength - 1 { softBreak(into: &text) }
        text.append(byte)
        column += 1
    }

    private func put(escaped byte: UInt8, into text: inout [UInt8]) {
        if column + 3 > Self.maximumLineLength - 1 { softBreak(into: &text) }
        text += [UInt8(ascii: "="), Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 15)]]
        column += 3
    }

    private func softBreak(into text: inout [UInt8]) {
        text.append(UInt8(ascii: "="))
        text += lineBreak
        column = 0
    }
}
