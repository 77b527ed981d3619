/// Why a tar archive could not be read: the archive is damaged, or
/// readers would not agree on its members.
///
/// ```swift
/// do {
///     _ = try TarArchive(bytes: bytes)
/// } catch let error as TarError {
///     print(error)   // "header at byte 512 has a wrong checksum"
/// }
/// ```
public enum TarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The archive ends inside a header or a member's data.
    case truncated
    /// A header's checksum is not the sum of its bytes.
    case badChecksum(offset: UInt64)
    /// A header's size is not a number.
    case badNumber(offset: UInt64)
    /// A pax extended header's records are malformed.
    case badPaxHeader(offset: UInt64)
    /// A pax extended header or GNU long name is larger than ``TarArchive/maximumMetadataSize``.
    case metadataTooLarge
    /// The members' names together are larger than ``TarArchive/maximumNameBytes``.
    case tooManyMembers
    /// A directory, link, device or FIFO header gives a size: readers
    /// differ on whether its data follows.
    case sizeWithoutData(offset: UInt64)
    /// The archive continues on another volume (GNU `M`).
    case multiVolume
    /// Bytes other than zeros after the end of the archive, which tar does not read.
    case dataAfterEnd(offset: UInt64)

    /// A short English sentence fragment, such as `header at byte 512 has a wrong checksum`.
    public var description: String {
        switch self {
        case .truncated: "truncated: the archive ends inside a header or a member"
        case .badChecksum(let offset): "header at byte \(offset) has a wrong checksum"
        case .badNumber(let offset): "header at byte \(offset) has no valid size"
        case .badPaxHeader(let offset): "malformed pax extended header at byte \(offset)"
        case .metadataTooLarge: "pax extended header or long name over \(TarArchive.maximumMetadataSize) bytes"
        case .tooManyMembers: "member names over \(TarArchive.maximumNameBytes) bytes in all"
        case .sizeWithoutData(let offset): "header at byte \(offset) gives a size to a member without data"
        case .multiVolume: "multi-volume archive"
        case .dataAfterEnd(let offset): "data after the end of the archive (at byte \(offset))"
        }
    }
}
