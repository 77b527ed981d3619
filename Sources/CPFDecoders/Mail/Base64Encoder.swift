/// A streaming encoder to the base64 content transfer encoding (RFC 2045,
/// section 6.8): lines of at most 76 characters, each ended by a line break
/// (CRLF by default, as on the wire; LF for a message stored with LF).
///
/// ```swift
/// let encoder = Base64Encoder(lineBreak: [0x0A])
/// var text: [UInt8] = []
/// encoder.encode(attachment) { text.append(contentsOf: $0) }
/// encoder.finish { text.append(contentsOf: $0) }   // as Python's base64.encodebytes
/// ```
///
/// - Complexity: O(*n*) time, O(1) memory beyond one piece's output.
public final class Base64Encoder {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The characters of a line, at most; a multiple of 4.
    public let lineLength: Int
    /// What ends each line.
    public let lineBreak: [UInt8]

    private var pending: [UInt8] = []
    private var column = 0

    /// Makes an encoder of lines of `lineLength` characters (rounded down
    /// to a multiple of 4, at least 4; 0 for one line without breaks) ended
    /// by `lineBreak`.
    ///
    /// ```swift
    /// let encoder = Base64Encoder()   // 76 characters, CRLF
    /// ```
    public init(lineLength: Int = 76, lineBreak: [UInt8] = [0x0D, 0x0A]) {
        self.lineLength = lineLength <= 0 ? 0 : max(4, lineLength / 4 * 4)
        self.lineBreak = lineBreak
    }

    /// Encodes the next piece of data.
    ///
    /// ```swift
    /// encoder.encode(bytes) { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func encode(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        pending.append(contentsOf: piece)
        let whole = pending.count / 3 * 3
        var text: [UInt8] = []
        text.reserveCapacity(whole / 3 * 4 + whole / 32 + 4)
        var index = 0
        while index < whole {
            let group = UInt32(pending[index]) << 16 | UInt32(pending[index + 1]) << 8 | UInt32(pending[index + 2])
            appendCharacters(
                [Int(group >> 18), Int((group >> 12) & 63), Int((group >> 6) & 63), Int(group & 63)], to: &text)
            index += 3
        }
        pending.removeFirst(whole)
        guard !text.isEmpty else { return }
        try text.withUnsafeBufferPointer { try output($0) }
    }

    /// Encodes the last 1 or 2 bytes with `=` padding and ends the last line.
    ///
    /// ```swift
    /// encoder.finish { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(1).
    public func finish(output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var text: [UInt8] = []
        if pending.count == 1 {
            let group = UInt32(pending[0]) << 16
            appendCharacters([Int(group >> 18), Int((group >> 12) & 63), 64, 64], to: &text)
        } else if pending.count == 2 {
            let group = UInt32(pending[0]) << 16 | UInt32(pending[1]) << 8
            appendCharacters([Int(group >> 18), Int((group >> 12) & 63), Int((group >> 6) & 63), 64], to: &text)
        }
        pending.removeAll()
        if column > 0 && lineLength > 0 {
            text += lineBreak
            column = 0
        }
        guard !text.isEmpty else { return }
        try text.withUnsafeBufferPointer { try output($0) }
    }

    /// Encodes a whole piece of data held in memory.
    ///
    /// ```swift
    /// Base64Encoder.encode(Array("abc".utf8), lineLength: 0)   // "YWJj"
    /// ```
    ///
    /// - Complexity: O(*n*).
    public static func encode(_ data: [UInt8], lineLength: Int = 76, lineBreak: [UInt8] = [0x0D, 0x0A]) -> [UInt8] {
        let encoder = Base64Encoder(lineLength: lineLength, lineBreak: lineBreak)
        var result: [UInt8] = []
        encoder.encode(data) { result.append(contentsOf: $0) }
        encoder.finish { result.append(contentsOf: $0) }
        return result
    }

    private func appendCharacters(_ values: [Int], to text: inout [UInt8]) {
        if lineLength > 0 && column == lineLength {
            text += lineBreak
            column = 0
        }
        for value in values { text.append(value == 64 ? UInt8(ascii: "=") : Self.alphabet[value]) }
        column += 4
    }
}
