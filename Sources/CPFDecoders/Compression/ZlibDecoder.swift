/// Decodes the zlib format of RFC 1950: a two-byte header (CMF, FLG), a
/// DEFLATE stream (decoded by ``Inflater``) and the Adler-32 checksum of the
/// output, big-endian. PDF's FlateDecode filter is this format.
///
/// ```swift
/// let text = try ZlibDecoder.decompress([0x78, 0x9c, 0x4b, 0x4c, 0x4a, 0x06, 0x00, 0x02, 0x4d, 0x01, 0x27])
/// // "abc"
/// ```
///
/// A preset dictionary (FDICT) is not supported: no format cpf reads uses one.
public enum ZlibDecoder {
    /// Decompresses a whole zlib stream held in memory, checking its header
    /// and its Adler-32 checksum; bytes after the checksum are ignored.
    ///
    /// ```swift
    /// let text = try ZlibDecoder.decompress(stream, limits: .default)
    /// ```
    ///
    /// Throws a ``ZlibError``, an ``InflateError`` or a
    /// ``DecompressionLimitError``.
    ///
    /// - Complexity: O(*n*) in the sizes of input and output.
    public static func decompress(_ stream: [UInt8], limits: DecompressionLimits = .default) throws -> [UInt8] {
        guard stream.count >= 2 else { throw ZlibError.truncated }
        try checkHeader(stream[0], stream[1])
        let inflater = Inflater(limits: limits)
        var result: [UInt8] = []
        try inflater.decompress(stream[2...]) { result.append(contentsOf: $0) }
        try inflater.finish()
        let trailer = inflater.takeTrailingBytes()
        guard trailer.count >= 4 else { throw ZlibError.truncated }
        let expected = trailer[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var adler = Adler32()
        result.withUnsafeBufferPointer { adler.update($0) }
        guard adler.value == expected else { throw ZlibError.checksumMismatch(expected: expected, actual: adler.value) }
        return result
    }

    /// Throws unless `cmf` and `flg` make a valid header of a stream without
    /// a preset dictionary (compression method 8, window at most 32 KiB,
    /// FCHECK right).
    ///
    /// ```swift
    /// try ZlibDecoder.checkHeader(0x78, 0x9c)   // fine
    /// ```
    ///
    /// - Complexity: O(1).
    public static func checkHeader(_ cmf: UInt8, _ flg: UInt8) throws(ZlibError) {
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else {
            throw .invalidHeader(cmf: cmf, flg: flg)
        }
        if flg & 0x20 != 0 { throw .presetDictionary }
    }

    /// Decompresses what it can of a zlib stream, as PDF readers do: a
    /// missing or wrong header is taken for raw DEFLATE, the checksum is not
    /// checked, and a stream that is cut short or damaged gives the output
    /// decoded before the damage. Only a broken limit throws.
    ///
    /// ```swift
    /// let text = try ZlibDecoder.decompressLeniently(bytes, limits: .default)
    /// ```
    ///
    /// - Complexity: O(*n*) in the sizes of input and output.
    public static func decompressLeniently(_ stream: UnsafeRawBufferPointer, limits: DecompressionLimits)
        throws(DecompressionLimitError) -> [UInt8]
    {
        var start = 0
        if stream.count >= 2, (try? checkHeader(stream[0], stream[1])) != nil { start = 2 }
        let inflater = Inflater(limits: limits)
        var result: [UInt8] = []
        let body = UnsafeBufferPointer(
            start: stream.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) + start },
            count: stream.count - start)
        do {
            try inflater.decompress(body) { result.append(contentsOf: $0) }
        } catch let error as DecompressionLimitError {
            throw error
        } catch {
            // Damaged: keep what was decoded before the damage.
        }
        return result
    }
}

/// Why a zlib stream (RFC 1950) could not be decompressed; the DEFLATE data
/// inside it throws ``InflateError``.
///
/// ```swift
/// ZlibError.invalidHeader(cmf: 0x00, flg: 0x00).description   // "invalid zlib header 00 00"
/// ```
public enum ZlibError: Error, Hashable, Sendable, CustomStringConvertible {
    /// CMF and FLG are no valid header: another compression method than 8,
    /// a window over 32 KiB, or a wrong FCHECK.
    case invalidHeader(cmf: UInt8, flg: UInt8)
    /// The header asks for a preset dictionary, which is not supported.
    case presetDictionary
    /// The Adler-32 checksum after the data is not the output's.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// The stream ended before its header or its checksum.
    case truncated

    /// A short English sentence fragment.
    public var description: String {
        switch self {
        case .invalidHeader(let cmf, let flg):
            "invalid zlib header \(hex(cmf)) \(hex(flg))"
        case .presetDictionary:
            "zlib stream with a preset dictionary (not supported)"
        case .checksumMismatch(let expected, let actual):
            "zlib checksum mismatch (stream says \(String(expected, radix: 16)), data has \(String(actual, radix: 16)))"
        case .truncated:
            "zlib stream cut short"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// The Adler-32 checksum of RFC 1950: two sums modulo 65521.
///
/// ```swift
/// var adler = Adler32()
/// adler.update(Array("abc".utf8))
/// adler.value   // 0x024d0127
/// ```
public struct Adler32: Hashable, Sendable {
    /// The checksum of the bytes given so far (1 for none).
    public var value: UInt32 { b << 16 | a }
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// A checksum of no bytes.
    public init() {}

    /// Adds `bytes` to the checksum.
    ///
    /// - Complexity: O(*n*).
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the most that keeps b below 2^32 before the modulo.
            let end = min(bytes.count, index + 5552)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
    }

    /// Adds `bytes` to the checksum.
    ///
    /// - Complexity: O(*n*).
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }
}
