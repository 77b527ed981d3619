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
