/// One member of a zip archive as its central directory record describes it
/// (PKWARE APPNOTE 4.3.12), with the zip64 extended information field
/// (0x0001) already applied: sizes and offsets are the real 64-bit values.
///
/// ```swift
/// let archive = try ZipArchive(size: size, read: read)
/// for entry in archive.entries where !entry.isDirectory {
///     print(String(decoding: entry.name, as: UTF8.self), entry.uncompressedSize)
/// }
/// ```
///
/// The fields the rewriter needs to write the record again (versions,
/// times, attributes, extra field, comment) are kept as stored.
public struct ZipEntry: Hashable, Sendable {
    /// The file name as stored: UTF-8 when ``isUTF8`` (general purpose bit
    /// 11), otherwise bytes in whatever code page the writer used (IBM 437
    /// by the standard, often the writer's locale in practice).
    public var name: [UInt8]
    /// Whether the name ends with "/": a folder, which has no contents.
    public var isDirectory: Bool
    /// Whether the member is encrypted (general purpose bit 0, or method 99,
    /// WinZip's AES): its contents cannot be read.
    public var isEncrypted: Bool
    /// The compression method: 0 stored, 8 deflate (the two read); others
    /// are listed but not read (``ZipError/unsupportedMethod(_:)``).
    public var method: UInt16
    /// The size of the member's data in the archive.
    public var compressedSize: UInt64
    /// The size of the member's contents.
    public var uncompressedSize: UInt64
    /// The CRC-32 of the contents.
    public var crc32: UInt32
    /// Where the member's local header starts, as the central directory
    /// says (relative to the start of the archive proper: add
    /// ``ZipArchive/prefixSize`` when bytes were prepended without
    /// adjusting the offsets).
    public var localHeaderOffset: UInt64
    /// The general purpose bit flag (bit 0 encrypted, bit 3 data
    /// descriptor, bit 11 UTF-8 name).
    public var generalPurposeFlags: UInt16
    /// "Version made by": the writer's system (high byte) and APPNOTE version.
    public var versionMadeBy: UInt16
    /// "Version needed to extract".
    public var versionNeeded: UInt16
    /// The last modification time, MS-DOS format.
    public var modificationTime: UInt16
    /// The last modification date, MS-DOS format.
    public var modificationDate: UInt16
    /// The internal file attributes (bit 0: text).
    public var internalAttributes: UInt16
    /// The external file attributes (on Unix, the mode in the high 16 bits).
    public var externalAttributes: UInt32
    /// The number of the disk the member starts on (0 in a single-file archive).
    public var diskNumberStart: UInt32
    /// The central directory record's extra field, as stored (the zip64 field included).
    public var extraField: [UInt8]
    /// The member's comment, as stored.
    public var comment: [UInt8]

    /// An entry with the given fields; the others are zero or empty, and
    /// ``isDirectory`` follows the name.
    ///
    /// ```swift
    /// let entry = ZipEntry(name: Array("a.txt".utf8), method: 8)
    /// ```
    public init(
        name: [UInt8], method: UInt16 = 0, compressedSize: UInt64 = 0, uncompressedSize: UInt64 = 0,
        crc32: UInt32 = 0, localHeaderOffset: UInt64 = 0, generalPurposeFlags: UInt16 = 0
    ) {
        self.name = name
        self.isDirectory = name.last == UInt8(ascii: "/")
        self.method = method
        self.generalPurposeFlags = generalPurposeFlags
        self.isEncrypted = generalPurposeFlags & 1 != 0 || method == 99
        self.compressedSize = compressedSize
        self.uncompressedSize = uncompressedSize
        self.crc32 = crc32
        self.localHeaderOffset = localHeaderOffset
        versionMadeBy = 0
        versionNeeded = 20
        modificationTime = 0
        modificationDate = 0
        internalAttributes = 0
        externalAttributes = 0
        diskNumberStart = 0
        extraField = []
        comment = []
    }

    /// Whether the name and comment are UTF-8 (general purpose bit 11).
    public var isUTF8: Bool { generalPurposeFlags & 0x0800 != 0 }

    /// Whether the local header is followed by the data, then a data
    /// descriptor holding the CRC-32 and sizes (general purpose bit 3).
    public var hasDataDescriptor: Bool { generalPurposeFlags & 0x0008 != 0 }

    /// Whether ``ZipArchive/withContents(of:limits:_:)`` can read the
    /// member: not encrypted, and stored or deflated.
    ///
    /// ```swift
    /// archive.entries.filter(\.isReadable)
    /// ```
    public var isReadable: Bool { !isEncrypted && (method == 0 || method == 8) }
}
