/// A streaming decoder of the base64 content transfer encoding (RFC 2045,
/// section 6.8), as e-mail attachments and bodies use it.
///
/// As RFC 2045 asks, characters outside the base64 alphabet (line breaks,
/// spaces, stray punctuation) are ignored. `=` ends a quantum of 2 or 3
/// bytes; a new quantum may follow (concatenated encodings, as Python
/// decodes them). The only error is input that ends with a single
/// character in its last quantum, which cannot hold a byte.
///
/// ```swift
/// let decoder = Base64Decoder()
/// var bytes: [UInt8] = []
/// decoder.decode(Array("Q1BGOiAzOTAuNTMz\r\nLjQ0Ny0wNQ==".utf8)) { bytes.append(contentsOf: $0) }
/// try decoder.finish()
/// // bytes is "CPF: 390.533.447-05"
/// ```
///
/// - Complexity: O(*n*) time, O(1) memory beyond one piece's output.
public final class Base64Decoder {
    private var quantum: UInt32 = 0
    private var quantumCount = 0
    private var inputOffset = 0

    /// The value of each byte in the alphabet (0-63), 64 for `=`, 255 for others.
    static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, byte) in Base64Encoder.alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        table[Int(UInt8(ascii: "="))] = 64
        return table
    }()

    /// Makes a decoder.
    public init() {}

    /// Decodes the next piece of base64 text, handing the bytes it makes to `output`.
    ///
    /// ```swift
    /// decoder.decode(line) { file.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func decode(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        let values = Self.values
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece.count * 3 / 4 + 3)
        for byte in piece {
            let value = values[Int(byte)]
            if value < 64 {
                quantum = quantum << 6 | UInt32(value)
                quantumCount += 1
                if quantumCount == 4 {
                    bytes += [UInt8(quantum >> 16), UInt8((quantum >> 8) & 0xFF), UInt8(quantum & 0xFF)]
                    quantum = 0
                    quantumCount = 0
                }
            } else if value == 64 {
                flushPartialQuantum(into: &bytes)
            }
        }
        inputOffset += piece.count
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try output($0) }
    }

    /// Says that the input has ended: hands over the last partial quantum
    /// (2 or 3 characters without their `=`) and throws when one
    /// character was left alone.
    ///
    /// ```swift
    /// try decoder.finish { file.write($0) }
    /// ```
    ///
    /// - Complexity: O(1).
    public func finish(output: (UnsafeBufferPointer<UInt8>) throws -> Void = { _ in }) throws {
        var bytes: [UInt8] = []
        if quantumCount == 1 {
            quantumCount = 0
            throw Base64DecodingError.lonelyCharacter
        }
        flushPartialQuantum(into: &bytes)
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try output($0) }
    }

    /// Decodes a whole base64 text held in memory.
    ///
    /// ```swift
    /// try Base64Decoder.decode(Array("YWJj".utf8))   // "abc"
    /// ```
    ///
    /// - Complexity: O(*n*).
    public static func decode(_ text: [UInt8]) throws -> [UInt8] {
        let decoder = Base64Decoder()
        var result: [UInt8] = []
        decoder.decode(text) { result.append(contentsOf: $0) }
        try decoder.finish { result.append(contentsOf: $0) }
        return result
    }

    private func flushPartialQuantum(into bytes: inout [UInt8]) {
        switch quantumCount {
        case 2: bytes.append(UInt8((quantum >> 4) & 0xFF))
        case 3: bytes += [UInt8((quantum >> 10) & 0xFF), UInt8((quantum >> 2) & 0xFF)]
        default: break
        }
        // A lone character before `=` holds no byte; it is dropped, as Python does.
        quantum = 0
        quantumCount = 0
    }
}

/// Why base64 text could not be decoded.
///
/// ```swift
/// do { _ = try Base64Decoder.decode(Array("YWJjZ".utf8)) } catch { print(error) }
/// // "base64 text ends with a single character, which holds no byte"
/// ```
public enum Base64DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text ends with one character in its last quantum: 6 bits, no byte.
    case lonelyCharacter

    /// A short English sentence fragment.
    public var description: String {
        switch self {
        case .lonelyCharacter: "base64 text ends with a single character, which holds no byte"
        }
    }
}

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
            appendCharacters([Int(group >> 18), Int((group >> 12) & 63), Int((group >> 6) & 63), Int(group & 63)], to: &text)
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
