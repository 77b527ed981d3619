/// A zip archive (PKWARE APPNOTE 6.3.10) read through a random-access
/// `read` closure: its central directory at opening, each member's
/// contents streamed on demand.
///
/// Read: stored (0) and deflate (8) members, zip64 (the end of central
/// directory locator and record, the extended information extra field
/// 0x0001), data descriptors (general purpose bit 3, with or without their
/// signature, 32- or 64-bit sizes), UTF-8 names (bit 11) and others as
/// bytes, and data prepended to the archive (a self-extracting stub),
/// whether the offsets were adjusted for it or not. Encrypted members (bit 0,
/// or method 99, AES) and other methods are listed but not read.
///
/// ```swift
/// let archive = try ZipArchive(size: fileSize) { buffer, offset in
///     try file.read(into: buffer, at: offset)   // fewer bytes only at the end
/// }
/// for entry in archive.entries where entry.isReadable && !entry.isDirectory {
///     try archive.withContents(of: entry, limits: .default) { piece in scanner.feed(piece) }
/// }
/// ```
///
/// Memory: the central directory (at most `maximumCentralDirectorySize`
/// bytes, 64 MiB by default) is held as ``entries``; member data is read in
/// 64 KiB slices, never whole. Two members whose data overlap (the
/// overlapping-file zip bomb) make the archive an error at opening.
///
/// - Complexity: opening is O(*n* log *n*) in the number of members; reading
///   a member O(*m*) in its sizes.
public final class ZipArchive {
    /// The size of the archive in bytes.
    public let size: UInt64
    /// The members, in central directory order.
    public let entries: [ZipEntry]
    /// The archive comment (from the end of central directory record), as stored.
    public let comment: [UInt8]
    /// How many bytes precede the archive without the offsets of its
    /// central directory counting them (a stub prepended without
    /// `zip -A`): add it to a recorded offset to find the byte in the file.
    public let prefixSize: UInt64
    /// Whether the archive has the zip64 end of central directory record and locator.
    public let isZip64: Bool
    /// Where the central directory starts in the file.
    public let centralDirectoryStart: UInt64
    /// Where the first member's local header starts in the file (the central
    /// directory's start when there is no member): the bytes before it are
    /// a stub, copied as they are by ``ZipRewriter``.
    public let firstMemberStart: UInt64

    /// The zip64 end record's "version made by" and "version needed", when present.
    let zip64Versions: (madeBy: UInt16, needed: UInt16)?
    /// Per entry, which fields of its central directory record were
    /// 0xFFFFFFFF (0xFFFF for the disk) and given in the zip64 field:
    /// bit 0 uncompressed size, 1 compressed size, 2 offset, 3 disk.
    let zip64Fields: [UInt8]
    /// Which fields of the end of central directory record held their
    /// largest value (zip64 archives, whose writers differ there): bit 0
    /// the entry counts, 1 the directory's size, 2 its offset.
    let saturatedEndFields: UInt8
    let read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int

    /// Opens the archive of `size` bytes that `read` gives: finds the end of
    /// central directory record (searching back over a comment of up to
    /// 65,535 bytes), the zip64 records, and reads the whole central directory.
    ///
    /// `read(buffer, offset)` fills `buffer` from byte `offset` of the
    /// archive and returns the count read, fewer than asked only at the end.
    ///
    /// ```swift
    /// let bytes: [UInt8] = ...   // or a file read with pread
    /// let archive = try ZipArchive(size: UInt64(bytes.count)) { buffer, offset in
    ///     let start = Int(offset), count = min(buffer.count, bytes.count - start)
    ///     buffer.copyBytes(from: bytes[start..<start + count])
    ///     return count
    /// }
    /// ```
    ///
    /// Throws a ``ZipError`` (``ZipError/centralDirectoryTooLarge(limit:)``
    /// past `maximumCentralDirectorySize`), or what `read` throws.
    public init(
        size: UInt64, maximumCentralDirectorySize: Int = 64 << 20,
        read: @escaping (UnsafeMutableRawBufferPointer, UInt64) throws -> Int
    ) throws {
        self.size = size
        self.read = read
        let reading = Reading(size: size, read: read)

        // The end of central directory record: the last signature whose
        // record and comment fit before the end of the file.
        let tailCount = Self.tailSize(size)
        let tailStart = size - UInt64(tailCount)
        let tail = try reading.bytes(tailCount, at: tailStart)
        var endIndex: Int?
        var index = tailCount - ZipRecords.endSize
        while index >= 0 {
            var reader = ZipRecords.Reader(tail, at: index)
            if reader.u32() == ZipRecords.endSignature {
                reader.position = index + 20
                if let length = reader.u16(), index + ZipRecords.endSize + Int(length) <= tailCount {
                    endIndex = index
                    break
                }
            }
            index -= 1
        }
        guard let endIndex else { throw ZipError.notZip }
        let endStart = tailStart + UInt64(endIndex)
        var end = ZipRecords.Reader(tail, at: endIndex + 4)
        let disk = end.u16()!
        let directoryDisk = end.u16()!
        let entriesOnDisk = end.u16()!
        var entryCount = UInt64(end.u16()!)
        var directorySize = UInt64(end.u32()!)
        var directoryOffset = UInt64(end.u32()!)
        comment = end.bytes(Int(end.u16()!))!
        saturatedEndFields =
            (entryCount == 0xFFFF ? 1 : 0) | (directorySize == 0xFFFF_FFFF ? 2 : 0)
            | (directoryOffset == 0xFFFF_FFFF ? 4 : 0)

        // The zip64 locator right before it, and the zip64 end record.
        var directoryEnd = endStart
        var zip64Versions: (UInt16, UInt16)?
        var locator = ZipRecords.Reader(tail, at: endIndex - ZipRecords.zip64LocatorSize)
        if endIndex >= ZipRecords.zip64LocatorSize, locator.u32() == ZipRecords.zip64LocatorSignature {
            let recordDisk = locator.u32()!
            let recordOffset = locator.u64()!
            let diskCount = locator.u32()!
            if recordDisk != 0 || diskCount > 1 { throw ZipError.multipleDisks }
            let locatorStart = endStart - UInt64(ZipRecords.zip64LocatorSize)
            // Where the locator says, or right before the locator when bytes
            // were prepended without adjusting the offsets.
            guard locatorStart >= UInt64(ZipRecords.zip64EndSize) else {
                throw ZipError.damagedCentralDirectory(offset: locatorStart)
            }
            let latest = locatorStart - UInt64(ZipRecords.zip64EndSize)
            var found: (start: UInt64, reader: ZipRecords.Reader)?
            for start in [recordOffset, latest] where start <= latest {
                var record = ZipRecords.Reader(try reading.bytes(ZipRecords.zip64EndSize, at: start))
                if record.u32() == ZipRecords.zip64EndSignature {
                    found = (start, record)
                    break
                }
            }
            guard let found else { throw ZipError.damagedCentralDirectory(offset: locatorStart) }
            var record = found.reader
            _ = record.u64()
            zip64Versions = (record.u16()!, record.u16()!)
            let zip64Disk = record.u32()!
            let zip64DirectoryDisk = record.u32()!
            let zip64EntriesOnDisk = record.u64()!
            entryCount = record.u64()!
            directorySize = record.u64()!
            directoryOffset = record.u64()!
            if zip64Disk != 0 || zip64DirectoryDisk != 0 || zip64EntriesOnDisk != entryCount {
                throw ZipError.multipleDisks
            }
            directoryEnd = found.start
        } else if disk != 0 || directoryDisk != 0 || UInt64(entriesOnDisk) != entryCount {
            throw ZipError.multipleDisks
        }
        self.zip64Versions = zip64Versions
        isZip64 = zip64Versions != nil

        // The central directory ends where the end records begin; what its
        // recorded offset leaves before it is a prefix.
        guard directorySize <= UInt64(maximumCentralDirectorySize) else {
            throw ZipError.centralDirectoryTooLarge(limit: maximumCentralDirectorySize)
        }
        guard directorySize <= directoryEnd, directoryEnd - directorySize >= directoryOffset else {
            throw ZipError.damagedCentralDirectory(offset: directoryEnd)
        }
        centralDirectoryStart = directoryEnd - directorySize
        prefixSize = centralDirectoryStart - directoryOffset

        let directory = try reading.bytes(Int(directorySize), at: centralDirectoryStart)
        var entries: [ZipEntry] = []
        var zip64Fields: [UInt8] = []
        var reader = ZipRecords.Reader(directory)
        while reader.position < directory.count {
            let recordStart = centralDirectoryStart + UInt64(reader.position)
            guard let parsed = Self.parseCentralRecord(&reader) else {
                throw ZipError.damagedCentralDirectory(offset: recordStart)
            }
            entries.append(parsed.entry)
            zip64Fields.append(parsed.fields)
        }
        let countMatches =
            isZip64 ? UInt64(entries.count) == entryCount : UInt64(entries.count) & 0xFFFF == entryCount
        guard countMatches else { throw ZipError.damagedCentralDirectory(offset: centralDirectoryStart) }
        self.entries = entries
        self.zip64Fields = zip64Fields

        // No two members may share bytes, and none may reach into the central directory.
        let offsets = entries.map(\.localHeaderOffset)
        let starts = entries.indices.sorted { offsets[$0] < offsets[$1] }
        var previousEnd: UInt64 = 0
        for index in starts {
            let entry = entries[index]
            let (start, overflow) = entry.localHeaderOffset.addingReportingOverflow(prefixSize)
            guard !overflow, start >= previousEnd else {
                throw ZipError.overlappingMembers(offset: overflow ? entry.localHeaderOffset : start)
            }
            let minimum = UInt64(ZipRecords.localHeaderSize + entry.name.count)
            let (end, tooFar) = start.addingReportingOverflow(minimum &+ entry.compressedSize)
            guard !tooFar, entry.compressedSize <= UInt64.max - minimum, end <= centralDirectoryStart else {
                throw ZipError.overlappingMembers(offset: start)
            }
            previousEnd = end
        }
        if let first = starts.first {
            firstMemberStart = entries[first].localHeaderOffset + prefixSize
        } else {
            firstMemberStart = centralDirectoryStart
        }

        // Any other end record a reader could take instead (Python's
        // zipfile takes the last signature, whether its comment fits or
        // not; others the last whose comment fits, or ends the file) makes
        // the archive ambiguous, unless it lies inside a member's data (an
        // archive stored in this one).
        for index in Self.endSignatures(in: tail) where index != endIndex {
            guard Self.isPlausibleEnd(in: tail, at: index, tailStart: tailStart, reading: reading) else { continue }
            let position = tailStart + UInt64(index)
            let owner = starts.last { entries[$0].localHeaderOffset + prefixSize <= position }
            if let owner, let header = try? localHeader(of: entries[owner]), position >= header.dataStart,
                position + UInt64(ZipRecords.endSize) <= header.dataEnd
            {
                continue
            }
            throw ZipError.ambiguousEndRecord
        }
    }

    /// Opens an archive held in memory, as ``init(size:maximumCentralDirectorySize:read:)`` does.
    ///
    /// ```swift
    /// let archive = try ZipArchive(bytes: nestedZip)
    /// ```
    public convenience init(bytes: [UInt8], maximumCentralDirectorySize: Int = 64 << 20) throws {
        try self.init(
            size: UInt64(bytes.count), maximumCentralDirectorySize: maximumCentralDirectorySize,
            read: heldBytesReader(of: bytes))
    }

    /// Reads one central directory record (APPNOTE 4.3.12) and applies its
    /// zip64 field; nil when it is damaged.
    private static func parseCentralRecord(_ reader: inout ZipRecords.Reader) -> (entry: ZipEntry, fields: UInt8)? {
        guard reader.u32() == ZipRecords.centralHeaderSignature, let madeBy = reader.u16(),
            let needed = reader.u16(), let flags = reader.u16(), let method = reader.u16(),
            let time = reader.u16(), let date = reader.u16(), let crc = reader.u32(),
            let compressed = reader.u32(), let uncompressed = reader.u32(), let nameLength = reader.u16(),
            let extraLength = reader.u16(), let commentLength = reader.u16(), let disk = reader.u16(),
            let internalAttributes = reader.u16(), let external = reader.u32(), let offset = reader.u32(),
            let name = reader.bytes(Int(nameLength)), let extra = reader.bytes(Int(extraLength)),
            let comment = reader.bytes(Int(commentLength))
        else { return nil }
        var entry = ZipEntry(
            name: name, method: method, compressedSize: UInt64(compressed), uncompressedSize: UInt64(uncompressed),
            crc32: crc, localHeaderOffset: UInt64(offset), generalPurposeFlags: flags)
        entry.versionMadeBy = madeBy
        entry.versionNeeded = needed
        entry.modificationTime = time
        entry.modificationDate = date
        entry.internalAttributes = internalAttributes
        entry.externalAttributes = external
        entry.diskNumberStart = UInt32(disk)
        entry.extraField = extra
        entry.comment = comment
        var fields: UInt8 = 0
        if uncompressed == 0xFFFF_FFFF { fields |= 1 }
        if compressed == 0xFFFF_FFFF { fields |= 2 }
        if offset == 0xFFFF_FFFF { fields |= 4 }
        if disk == 0xFFFF { fields |= 8 }
        if fields != 0 {
            guard let block = ZipRecords.extraBlock(ZipRecords.zip64ExtraID, in: extra) else { return nil }
            var values = ZipRecords.Reader(block)
            if fields & 1 != 0 {
                guard let value = values.u64() else { return nil }
                entry.uncompressedSize = value
            }
            if fields & 2 != 0 {
                guard let value = values.u64() else { return nil }
                entry.compressedSize = value
            }
            if fields & 4 != 0 {
                guard let value = values.u64() else { return nil }
                entry.localHeaderOffset = value
            }
            if fields & 8 != 0 {
                guard let value = values.u32() else { return nil }
                entry.diskNumberStart = value
            }
        }
        return (entry, fields)
    }
}
