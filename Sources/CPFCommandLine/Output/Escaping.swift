import CPFSystem

/// Writers for one input echoed in the three output formats: the readable
/// report, JSON strings and CSV fields.
///
/// Each takes raw bytes, which may be any binary data.
enum Escaping {
    /// The length of the valid UTF-8 sequence of two or more bytes at
    /// `index`, or 0 when the bytes there are not one.
    @inline(__always)
    static func utf8SequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let second = bytes[index + 1]
        guard second >= lower, second <= upper else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The most bytes of one input or argument echoed on a terminal or in a
    /// record; a longer one is cut there and followed by `…`.
    static let echoLimit = 1 << 16

    /// Writes bytes for a terminal report: printable text as it is (valid
    /// UTF-8 included), `\\` and `quote` escaped, `\t`, `\r`, `\n`, other
    /// control bytes and invalid UTF-8 as C escapes (`\x1b`), and the
    /// characters a terminal would act on or that change how a line shows
    /// (C1 controls such as U+009B, bidirectional overrides and isolates,
    /// other format characters, line and paragraph separators) as `\u{202e}`.
    ///
    /// The one way `cpf` shows text it did not write itself (inputs, file
    /// names, arguments, option values) on a terminal or standard error.
    static func writeReadable(_ bytes: UnsafeRawBufferPointer, quote: UInt8?, to out: OutputBuffer) {
        var sink = out
        writeReadable(bytes, quote: quote, into: &sink)
    }

    /// ``writeReadable(_:quote:to:)`` into any byte sink.
    static func writeReadable<Sink: ByteSink>(_ bytes: UnsafeRawBufferPointer, quote: UInt8?, into out: inout Sink) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x5C:
                out.write(byte: 0x5C)
                out.write(byte: 0x5C)
            case 0x09:
                out.write(byte: 0x5C)
                out.write(byte: UInt8(ascii: "t"))
            case 0x0A:
                out.write(byte: 0x5C)
                out.write(byte: UInt8(ascii: "n"))
            case 0x0D:
                out.write(byte: 0x5C)
                out.write(byte: UInt8(ascii: "r"))
            case 0x20..<0x7F:
                if byte == quote { out.write(byte: 0x5C) }
                out.write(byte: byte)
            case 0x80...:
                let length = utf8SequenceLength(bytes, at: index)
                guard length > 0 else {
                    writeHexEscape(byte, into: &out)
                    break
                }
                let scalar = decodeScalar(bytes, at: index, length: length)
                if isHiddenOnTerminal(scalar) {
                    writeScalarEscape(scalar, into: &out)
                } else {
                    out.write(UnsafeRawBufferPointer(rebasing: bytes[index..<index + length]))
                }
                index += length
                continue
            default:
                writeHexEscape(byte, into: &out)
            }
            index += 1
        }
    }

    /// The readable form of text given by the user, cut at ``echoLimit``
    /// bytes (then `…`): for messages on standard error.
    static func readable(_ text: RawText, quote: UInt8? = nil) -> String {
        String(decoding: readableBytes(text, quote: quote), as: UTF8.self)
    }

    /// ``readable(_:quote:)`` as bytes, cut at `limit` bytes.
    static func readableBytes(_ text: RawText, quote: UInt8? = nil, limit: Int = echoLimit) -> [UInt8] {
        var sink = ByteArraySink()
        text.withBytes { bytes in
            let cut = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, limit)])
            writeReadable(cut, quote: quote, into: &sink)
        }
        if text.bytes.count > limit { sink.bytes += Array("…".utf8) }
        return sink.bytes
    }

    /// Whether the readable form shows `text` as it is, every character
    /// plain (a backslash, shown doubled, aside).
    static func isPlain(_ text: RawText) -> Bool {
        var sink = ByteArraySink()
        text.withBytes { writeReadable($0, quote: nil, into: &sink) }
        return sink.bytes == text.bytes.flatMap { $0 == 0x5C ? [0x5C, 0x5C] : [$0] }
    }

    /// Whether a character would not show as itself on a terminal: a C1
    /// control (U+0080–U+009F; U+009B starts a control sequence on many
    /// terminals), a format character (Unicode category Cf: bidirectional
    /// overrides U+202A–U+202E and isolates U+2066–U+2069, which reorder a
    /// line on screen; zero-width characters; the soft hyphen; tags), or a
    /// line or paragraph separator (U+2028, U+2029).
    static func isHiddenOnTerminal(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x80...0x9F, 0xAD, 0x600...0x605, 0x61C, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x180E,
            0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB,
            0x110BD, 0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0001, 0xE0020...0xE007F:
            true
        default:
            false
        }
    }

    /// The scalar of the valid UTF-8 sequence of `length` bytes at `index`.
    @inline(__always)
    private static func decodeScalar(_ bytes: UnsafeRawBufferPointer, at index: Int, length: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        var scalar = length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07
        for offset in 1..<length {
            scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return scalar
    }

    /// `\u{202e}`: the scalar in lowercase hexadecimal, at least 4 digits.
    private static func writeScalarEscape<Sink: ByteSink>(_ scalar: UInt32, into out: inout Sink) {
        out.write(byte: 0x5C)
        out.write(byte: UInt8(ascii: "u"))
        out.write(byte: UInt8(ascii: "{"))
        var digits = 4
        while digits < 8, scalar >> (4 * UInt32(digits)) != 0 { digits += 1 }
        for position in stride(from: digits - 1, through: 0, by: -1) {
            out.write(byte: hexDigits[Int(scalar >> (4 * UInt32(position)) & 0xF)])
        }
        out.write(byte: UInt8(ascii: "}"))
    }

    private static func writeHexEscape<Sink: ByteSink>(_ byte: UInt8, into out: inout Sink) {
        out.write(byte: 0x5C)
        out.write(byte: UInt8(ascii: "x"))
        out.write(byte: hexDigits[Int(byte >> 4)])
        out.write(byte: hexDigits[Int(byte & 0xF)])
    }

    /// Writes bytes as the inside of a JSON string: always valid JSON, with
    /// bytes that are not valid UTF-8 replaced by U+FFFD (`\ufffd`). Every
    /// character a terminal acts on or that changes how a line shows is
    /// written as a JSON escape, never raw: C0 controls and DEL (`\u001b`,
    /// `\u007f`) and the characters ``isHiddenOnTerminal(_:)`` names
    /// (`\u009b`, `\u202e`; above U+FFFF as a surrogate pair). The value a
    /// JSON reader gets is the same; only the bytes on the wire are inert.
    static func writeJSONString(_ bytes: UnsafeRawBufferPointer, to out: OutputBuffer) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22:
                out.write(byte: 0x5C)
                out.write(byte: 0x22)
            case 0x5C:
                out.write(byte: 0x5C)
                out.write(byte: 0x5C)
            case 0x0A:
                out.write(byte: 0x5C)
                out.write(byte: UInt8(ascii: "n"))
            case 0x0D:
                out.write(byte: 0x5C)
                out.write(byte: UInt8(ascii: "r"))
            case 0x09:
                out.write(byte: 0x5C)
                out.write(byte: UInt8(ascii: "t"))
            case 0..<0x20, 0x7F:
                writeJSONEscape(UInt32(byte), to: out)
            case 0x80...:
                let length = utf8SequenceLength(bytes, at: index)
                guard length > 0 else {
                    out.write("\\ufffd")
                    break
                }
                let scalar = decodeScalar(bytes, at: index, length: length)
                if isHiddenOnTerminal(scalar) {
                    if scalar > 0xFFFF {
                        let offset = scalar - 0x10000
                        writeJSONEscape(0xD800 + (offset >> 10), to: out)
                        writeJSONEscape(0xDC00 + (offset & 0x3FF), to: out)
                    } else {
                        writeJSONEscape(scalar, to: out)
                    }
                } else {
                    out.write(UnsafeRawBufferPointer(rebasing: bytes[index..<index + length]))
                }
                index += length
                continue
            default:
                out.write(byte: byte)
            }
            index += 1
        }
    }

    /// `\u202e`: a UTF-16 code unit as a JSON escape, four lowercase hexadecimal digits.
    private static func writeJSONEscape(_ unit: UInt32, to out: OutputBuffer) {
        out.write(byte: 0x5C)
        out.write(byte: UInt8(ascii: "u"))
        for position in stride(from: 3, through: 0, by: -1) {
            out.write(byte: hexDigits[Int(unit >> (4 * UInt32(position)) & 0xF)])
        }
    }

    /// Writes bytes as one CSV field (RFC 4180): quoted, with quotes doubled,
    /// when they hold a comma, a quote, CR or LF; the bytes otherwise as they are.
    static func writeCSVField(_ bytes: UnsafeRawBufferPointer, to out: OutputBuffer) {
        let needsQuotes = bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            out.write(bytes)
            return
        }
        out.write(byte: 0x22)
        for byte in bytes {
            if byte == 0x22 { out.write(byte: 0x22) }
            out.write(byte: byte)
        }
        out.write(byte: 0x22)
    }
}

/// Where ``Escaping`` writes a readable form: the output buffer, or bytes in memory.
protocol ByteSink {
    mutating func write(byte: UInt8)
    mutating func write(_ bytes: UnsafeRawBufferPointer)
}

extension OutputBuffer: ByteSink {}

/// Bytes collected in memory.
struct ByteArraySink: ByteSink {
    var bytes: [UInt8] = []

    mutating func write(byte: UInt8) { bytes.append(byte) }

    mutating func write(_ bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }
}
