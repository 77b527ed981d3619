/// Why a gzip file (RFC 1952) could not be decompressed; errors in a
/// member's DEFLATE data are ``InflateError``s.
///
/// ```swift
/// do {
///     _ = try GzipReader.decompress(Array("plain text".utf8))
/// } catch let error as GzipError {
///     print(error)   // "not gzip data (no 1f 8b at the start)"
/// }
/// ```
public enum GzipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with the gzip magic bytes 1f 8b.
    case notGzip
    /// CM is not 8 (deflate), the only method RFC 1952 defines.
    case unsupportedMethod(UInt8)
    /// FLG has a reserved bit (5, 6 or 7) set, which RFC 1952 says must be an error.
    case reservedFlags(UInt8)
    /// The header's CRC-16 (FHCRC) does not match the header.
    case headerCRCMismatch(stored: UInt16, computed: UInt16)
    /// An FNAME or FCOMMENT longer than ``GzipReader/maximumHeaderFieldLength``.
    case headerFieldTooLong
    /// A member's CRC-32 does not match its data.
    case crcMismatch(stored: UInt32, computed: UInt32)
    /// A member's ISIZE does not match the size of its data (modulo 2³²).
    case sizeMismatch(stored: UInt32, computed: UInt32)
    /// The file ends inside a member, or holds none.
    case truncated
    /// Bytes that are not a gzip member after the last member, from `offset`.
    case trailingData(offset: Int)

    /// A short English sentence fragment, such as `CRC-32 mismatch (…)`.
    public var description: String {
        func hex<T: BinaryInteger>(_ value: T, _ width: Int) -> String {
            let digits = String(value, radix: 16)
            return "0x" + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        switch self {
        case .notGzip: return "not gzip data (no 1f 8b at the start)"
        case .unsupportedMethod(let method): return "unsupported compression method \(method) (only 8, deflate, exists)"
        case .reservedFlags(let flags): return "reserved header flags set (\(hex(flags, 2)))"
        case .headerCRCMismatch(let stored, let computed):
            return "header CRC mismatch (stored \(hex(stored, 4)), computed \(hex(computed, 4)))"
        case .headerFieldTooLong: return "header name or comment longer than 64 KiB"
        case .crcMismatch(let stored, let computed):
            return "CRC-32 mismatch (stored \(hex(stored, 8)), computed \(hex(computed, 8)))"
        case .sizeMismatch(let stored, let computed):
            return "size mismatch (stored \(stored), decompressed \(computed) modulo 2^32)"
        case .truncated: return "truncated: the file ends inside a gzip member"
        case .trailingData(let offset): return "data that is not gzip after the last member, at byte \(offset)"
        }
    }
}
