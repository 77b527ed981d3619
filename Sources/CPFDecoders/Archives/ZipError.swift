/// Why a zip archive, or one of its members, could not be read or
/// rewritten. Errors in a member's DEFLATE data are ``InflateError``s, and
/// a member whose output breaks its limits a ``DecompressionLimitError``.
///
/// ```swift
/// do {
///     _ = try ZipArchive(size: UInt64(bytes.count)) { buffer, offset in ... }
/// } catch let error as ZipError {
///     print(error)   // "not a zip archive (no end of central directory record)"
/// }
/// ```
public enum ZipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No end of central directory record in the last 65,557 bytes.
    case notZip
    /// The archive ends before a record or a member's data does.
    case truncated
    /// The central directory is larger than the limit the archive was opened with.
    case centralDirectoryTooLarge(limit: Int)
    /// A record of the central directory (or an end record) is damaged: a
    /// wrong signature, a length past its end, a count that does not match.
    case damagedCentralDirectory(offset: UInt64)
    /// More than one end of central directory record could be the
    /// archive's (a second one in the archive comment or in data appended
    /// to it): readers would not agree on its members.
    case ambiguousEndRecord
    /// The archive spans several disks (split or spanned archives are not read).
    case multipleDisks
    /// Two members' data overlap (a known form of zip bomb), or a member
    /// reaches into the central directory.
    case overlappingMembers(offset: UInt64)
    /// A member's local header is missing or disagrees with its central
    /// directory record (name, method, encryption, CRC-32 or sizes).
    case localHeaderMismatch(offset: UInt64)
    /// The member is encrypted (traditional PKWARE encryption, strong
    /// encryption or AES): its contents cannot be read.
    case encryptedMember
    /// The member is compressed with a method other than stored (0) and deflate (8).
    case unsupportedMethod(UInt16)
    /// The member's contents do not have the CRC-32 its record gives.
    case crcMismatch(stored: UInt32, computed: UInt32)
    /// The member's contents or data are not as long as its record says.
    case sizeMismatch(stored: UInt64, actual: UInt64)

    /// The common name of a compression method of APPNOTE 4.4.5, or nil.
    ///
    /// ```swift
    /// ZipError.methodName(12)   // "bzip2"
    /// ```
    public static func methodName(_ method: UInt16) -> String? {
        switch method {
        case 0: "stored"
        case 1: "shrink"
        case 2, 3, 4, 5: "reduce"
        case 6: "implode"
        case 8: "deflate"
        case 9: "deflate64"
        case 10: "PKWARE DCL implode"
        case 12: "bzip2"
        case 14: "LZMA"
        case 16: "IBM z/OS CMPSC"
        case 18: "IBM TERSE"
        case 19: "IBM LZ77 z"
        case 93: "zstd"
        case 94: "MP3"
        case 95: "xz"
        case 96: "JPEG"
        case 97: "WavPack"
        case 98: "PPMd"
        case 99: "AES encryption"
        default: nil
        }
    }

    /// A short English sentence fragment, such as
    /// `unsupported compression method 12 (bzip2)`.
    public var description: String {
        func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16)
            return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
        }
        switch self {
        case .notZip: return "not a zip archive (no end of central directory record)"
        case .truncated: return "truncated: the archive ends inside a record or a member"
        case .centralDirectoryTooLarge(let limit): return "central directory over \(limit) bytes"
        case .damagedCentralDirectory(let offset): return "damaged central directory (at byte \(offset))"
        case .ambiguousEndRecord: return "more than one end of central directory record"
        case .multipleDisks: return "archive split over several disks"
        case .overlappingMembers(let offset):
            return "members overlap (at byte \(offset)): possibly a zip bomb"
        case .localHeaderMismatch(let offset):
            return "local header at byte \(offset) does not match the central directory"
        case .encryptedMember: return "encrypted member"
        case .unsupportedMethod(let method):
            if let name = Self.methodName(method) { return "unsupported compression method \(method) (\(name))" }
            return "unsupported compression method \(method)"
        case .crcMismatch(let stored, let computed):
            return "CRC mismatch (stored \(hex(stored)), computed \(hex(computed)))"
        case .sizeMismatch(let stored, let actual): return "size mismatch (stored \(stored), actual \(actual))"
        }
    }
}
