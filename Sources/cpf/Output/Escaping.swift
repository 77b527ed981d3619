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
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
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

    /// Copies the valid UTF-8 sequence at `index` to `out` and returns its
    /// length, or returns `nil` (copying nothing) when there is none.
    private static func copyUTF8Sequence(_ bytes: UnsafeRawBufferPointer, at index: Int, to out: OutputBuffer) -> Int? {
        let length = utf8SequenceLength(bytes, at: index)
        guard length > 0 else { return nil }
        out.write(UnsafeRawBufferPointer(rebasing: bytes[index..<index + length]))
        return length
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes bytes for a terminal report: printable text as it is (valid
    /// UTF-8 included), `\\` and `quote` escaped, `\t`, `\r`, `\n` and other
    /// control bytes and invalid UTF-8 as C escapes (`\x00`).
    static func writeReadable(_ bytes: UnsafeRawBufferPointer, quote: UInt8?, to out: OutputBuffer) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x5C: out.write(byte: 0x5C); out.write(byte: 0x5C)
            case 0x09: out.write(byte: 0x5C); out.write(byte: UInt8(ascii: "t"))
            case 0x0A: out.write(byte: 0x5C); out.write(byte: UInt8(ascii: "n"))
            case 0x0D: out.write(byte: 0x5C); out.write(byte: UInt8(ascii: "r"))
            case 0x20..<0x7F:
                if byte == quote { out.write(byte: 0x5C) }
                out.write(byte: byte)
            case 0x80...:
                if let length = copyUTF8Sequence(bytes, at: index, to: out) {
                    index += length
                    continue
                }
                writeHexEscape(byte, to: out)
            default:
                writeHexEscape(byte, to: out)
            }
            index += 1
        }
    }

    private static func writeHexEscape(_ byte: UInt8, to out: OutputBuffer) {
        out.write(byte: 0x5C)
        out.write(byte: UInt8(ascii: "x"))
        out.write(byte: hexDigits[Int(byte >> 4)])
        out.write(byte: hexDigits[Int(byte & 0xF)])
    }

    /// Writes bytes as the inside of a JSON string: always valid JSON, with
    /// bytes that are not valid UTF-8 replaced by U+FFFD (`\ufffd`).
    static func writeJSONString(_ bytes: UnsafeRawBufferPointer, to out: OutputBuffer) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22: out.write(byte: 0x5C); out.write(byte: 0x22)
            case 0x5C: out.write(byte: 0x5C); out.write(byte: 0x5C)
            case 0x0A: out.write(byte: 0x5C); out.write(byte: UInt8(ascii: "n"))
            case 0x0D: out.write(byte: 0x5C); out.write(byte: UInt8(ascii: "r"))
            case 0x09: out.write(byte: 0x5C); out.write(byte: UInt8(ascii: "t"))
            case 0..<0x20:
                out.write("\\u00")
                out.write(byte: hexDigits[Int(byte >> 4)])
                out.write(byte: hexDigits[Int(byte & 0xF)])
            case 0x80...:
                if let length = copyUTF8Sequence(bytes, at: index, to: out) {
                    index += length
                    continue
                }
                out.write("\\ufffd")
            default:
                out.write(byte: byte)
            }
            index += 1
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
