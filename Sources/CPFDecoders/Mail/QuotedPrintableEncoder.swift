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
    /// Whether a `-`, `F` or `.` that starts a line is escaped (`=2D`,
    /// `=46`, `=2E`), so no encoded line can be taken for a MIME boundary,
    /// an mbox `From ` line or an SMTP end of data (RFC 2045, 6.7, note 8).
    public let escapesLineStarts: Bool

    private var column = 0
    private var heldBlank: UInt8?
    private var heldCR = false

    /// Makes an encoder whose lines end with `lineBreak` (CRLF by default),
    /// escaping the first character of a line when `escapesLineStarts` and
    /// it is `-`, `F` or `.`.
    ///
    /// ```swift
    /// let encoder = QuotedPrintableEncoder()
    /// let safe = QuotedPrintableEncoder(lineBreak: [0x0A], escapesLineStarts: true)   // "--x" → "=2D-x"
    /// ```
    public init(lineBreak: [UInt8] = [0x0D, 0x0A], escapesLineStarts: Bool = false) {
        self.lineBreak = lineBreak
        self.escapesLineStarts = escapesLineStarts
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
        if escapesLineStarts && column == 0 && (byte == 0x2D || byte == 0x46 || byte == 0x2E) {
            return put(escaped: byte, into: &text)
        }
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
