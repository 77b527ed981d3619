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
    private let read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int

    /// Whether `prefix` starts like a zip archive: a local file header
    /// (`PK 03 04`), or the end record of an empty archive (`PK 05 06`).
    ///
    /// ```swift
    /// ZipArchive.isZip([0x50, 0x4B, 0x03, 0x04])   // true
    /// ZipArchive.isZip(Array("plain".utf8))        // false
    /// ```
    ///
    /// - Complexity: O(1).
    public static func isZip(_ prefix: some Collection<UInt8>) -> Bool {
        // Byte by byte: no array per file.
        var bytes = prefix.makeIterator()
        guard bytes.next() == 0x50, bytes.next() == 0x4B else { return false }
        switch (bytes.next(), bytes.next()) {
        case (0x03, 0x04), (0x05, 0x06): return true
        default: return false
        }
    }

    /// Whether the file of `size` bytes that `read` gives ends like a zip
    /// archive: a plausible end of central directory record (see
    /// ``init(size:maximumCentralDirectorySize:read:)``) in its last
    /// 65,557 bytes, whatever precedes the archive (a self-extracting
    /// stub, a script, an executable). A read error is a no.
    ///
    /// ```swift
    /// ZipArchive.hasEndRecord(size: UInt64(sfx.count), read: DocumentReader.reader(of: sfx))   // true
    /// ```
    ///
    /// - Complexity: O(*n*) in the tail read, at most 65,577 bytes, and one
    ///   more read of 4 bytes per end record signature found in it.
    public static func hasEndRecord(
        size: UInt64, read: @escaping (UnsafeMutableRawBufferPointer, UInt64) throws -> Int
    ) -> Bool {
        let reading = Reading(size: size, read: read)
        guard size >= UInt64(ZipRecords.endSize),
            let tail = try? reading.bytes(tailSize(size), at: size - UInt64(tailSize(size)))
        else { return false }
        let tailStart = size - UInt64(tail.count)
        return endSignatures(in: tail).contains {
            isPlausibleEnd(in: tail, at: $0, tailStart: tailStart, reading: reading)
        }
    }

    /// The bytes at the end of a file where its end records are looked for:
    /// the end record, a comment of up to 65,535 bytes and the zip64 locator.
    private static func tailSize(_ size: UInt64) -> Int {
        Int(min(size, UInt64(ZipRecords.endSize + 65535 + ZipRecords.zip64LocatorSize)))
    }

    /// Where the end record's signature is in `tail` with a whole record
    /// after it, the last first.
    private static func endSignatures(in tail: [UInt8]) -> [Int] {
        var found: [Int] = []
        var index = tail.count - ZipRecords.endSize
        while index >= 0 {
            if tail[index] == 0x50, tail[index + 1] == 0x4B, tail[index + 2] == 0x05, tail[index + 3] == 0x06 {
                found.append(index)
            }
            index -= 1
        }
        return found
    }

    /// Whether the end record at `index` of `tail` (which starts at byte
    /// `tailStart` of the file) describes a directory a reader could take
    /// for the archive's: on one disk, with as many entries on it as in
    /// all, and a central directory that ends right before it and starts
    /// with a central directory record (none for an empty archive); or
    /// right after a zip64 locator whose zip64 end record is where it says
    /// or right before it.
    private static func isPlausibleEnd(in tail: [UInt8], at index: Int, tailStart: UInt64, reading: Reading) -> Bool {
        let endStart = tailStart + UInt64(index)
        var locator = ZipRecords.Reader(tail, at: index - ZipRecords.zip64LocatorSize)
        if index >= ZipRecords.zip64LocatorSize, locator.u32() == ZipRecords.zip64LocatorSignature {
            guard let recordDisk = locator.u32(), let recordOffset = locator.u64(), let diskCount = locator.u32(),
                recordDisk == 0, diskCount <= 1
            else { return false }
            let locatorStart = endStart - UInt64(ZipRecords.zip64LocatorSize)
            guard locatorStart >= UInt64(ZipRecords.zip64EndSize) else { return false }
            let latest = locatorStart - UInt64(ZipRecords.zip64EndSize)
            return [recordOffset, latest].contains { start in
                guard start <= latest, let bytes = try? reading.bytes(4, at: start) else { return false }
                var signature = ZipRecords.Reader(bytes)
                return signature.u32() == ZipRecords.zip64EndSignature
            }
        }
        var end = ZipRecords.Reader(tail, at: index + 4)
        guard let disk = end.u16(), let directoryDisk = end.u16(), let onDisk = end.u16(), let count = end.u16(),
            let directorySize = end.u32(), disk == 0, directoryDisk == 0, onDisk == count,
            UInt64(directorySize) <= endStart, Int(directorySize) >= Int(count) * ZipRecords.centralHeaderSize
        else { return false }
        if count == 0 { return directorySize == 0 }
        guard let bytes = try? reading.bytes(4, at: endStart - UInt64(directorySize)) else { return false }
        var signature = ZipRecords.Reader(bytes)
        return signature.u32() == ZipRecords.centralHeaderSignature
    }

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

    // MARK: Members

    /// A member's local header as read from the file.
    struct LocalHeader {
        /// Where it starts and where the member's data starts and ends, in the file.
        var start: UInt64
        var dataStart: UInt64
        var dataEnd: UInt64
        var versionNeeded: UInt16
        var flags: UInt16
        var modificationTime: UInt16
        var modificationDate: UInt16
        var extraField: [UInt8]
    }

    /// Reads the local header of `entry` (APPNOTE 4.3.7) and checks it
    /// against the central directory record.
    func localHeader(of entry: ZipEntry) throws -> LocalHeader {
        let reading = Reading(size: size, read: read)
        let (start, overflow) = entry.localHeaderOffset.addingReportingOverflow(prefixSize)
        guard !overflow else { throw ZipError.truncated }
        let mismatch = ZipError.localHeaderMismatch(offset: start)
        var fixed = ZipRecords.Reader(try reading.bytes(ZipRecords.localHeaderSize, at: start))
        guard fixed.u32() == ZipRecords.localHeaderSignature else { throw mismatch }
        let needed = fixed.u16()!
        let flags = fixed.u16()!
        let method = fixed.u16()!
        let time = fixed.u16()!
        let date = fixed.u16()!
        let crc = fixed.u32()!
        let compressed = fixed.u32()!
        let uncompressed = fixed.u32()!
        let nameLength = Int(fixed.u16()!)
        let extraLength = Int(fixed.u16()!)
        let variable = try reading.bytes(
            nameLength + extraLength, at: start + UInt64(ZipRecords.localHeaderSize))
        guard method == entry.method, flags & 1 == entry.generalPurposeFlags & 1,
            flags & 8 == entry.generalPurposeFlags & 8, variable[..<nameLength].elementsEqual(entry.name)
        else { throw mismatch }
        let extra = Array(variable[nameLength...])
        if flags & 8 == 0 {
            // Without a data descriptor, the local header's CRC-32 and sizes
            // must be the central directory's: readers that trust the one or
            // the other must see the same member.
            var sizes = (UInt64(uncompressed), UInt64(compressed))
            if uncompressed == 0xFFFF_FFFF || compressed == 0xFFFF_FFFF {
                var values = ZipRecords.Reader(ZipRecords.extraBlock(ZipRecords.zip64ExtraID, in: extra) ?? [])
                if uncompressed == 0xFFFF_FFFF { sizes.0 = values.u64() ?? 0xFFFF_FFFF }
                if compressed == 0xFFFF_FFFF { sizes.1 = values.u64() ?? 0xFFFF_FFFF }
            }
            guard crc == entry.crc32, sizes == (entry.uncompressedSize, entry.compressedSize) else { throw mismatch }
        }
        let dataStart = start + UInt64(ZipRecords.localHeaderSize + nameLength + extraLength)
        let (dataEnd, tooFar) = dataStart.addingReportingOverflow(entry.compressedSize)
        guard !tooFar, dataEnd <= centralDirectoryStart else { throw ZipError.overlappingMembers(offset: start) }
        return LocalHeader(
            start: start, dataStart: dataStart, dataEnd: dataEnd, versionNeeded: needed, flags: flags,
            modificationTime: time, modificationDate: date, extraField: extra)
    }

    /// Streams the uncompressed contents of `entry` to `body`, in slices of
    /// at most 256 KiB: checks its local header against the entry, inflates
    /// a deflated member, and checks CRC-32 and size at the end (so `body`
    /// has seen the contents before a mismatch is thrown).
    ///
    /// ```swift
    /// var text: [UInt8] = []
    /// try archive.withContents(of: archive.entries[0], limits: .default) { text += $0 }
    /// ```
    ///
    /// Throws ``ZipError/encryptedMember`` or
    /// ``ZipError/unsupportedMethod(_:)`` without calling `body`; a
    /// ``DecompressionLimitError`` when the output breaks `limits` (a zip
    /// bomb); an ``InflateError`` for damaged DEFLATE data; other
    /// ``ZipError``s, and what `read` and `body` throw.
    ///
    /// - Complexity: O(*n*) in the member's sizes; O(1) memory.
    public func withContents(
        of entry: ZipEntry, limits: DecompressionLimits, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        if entry.isEncrypted { throw ZipError.encryptedMember }
        guard entry.method == 0 || entry.method == 8 else { throw ZipError.unsupportedMethod(entry.method) }
        let header = try localHeader(of: entry)
        var crc = CRC32()
        var produced: UInt64 = 0
        let inflater = entry.method == 8 ? Inflater(limits: limits) : nil
        var consumed: UInt64 = 0
        let reading = Reading(size: size, read: read)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ZipRecords.sliceSize, alignment: 8)
        defer { buffer.deallocate() }
        // Feeding stops at the end of the DEFLATE stream: data left after it
        // would otherwise pile up in the inflater, and is an error below.
        while consumed < entry.compressedSize && inflater?.isFinished != true {
            let count = Int(min(UInt64(buffer.count), entry.compressedSize - consumed))
            let raw = UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
            try reading.fill(raw, at: header.dataStart + consumed)
            let slice = UnsafeBufferPointer(raw.bindMemory(to: UInt8.self))
            consumed += UInt64(count)
            if let inflater {
                try inflater.decompress(slice) { piece in
                    crc.update(piece)
                    produced += UInt64(piece.count)
                    try body(piece)
                }
            } else {
                produced += UInt64(count)
                try limits.check(output: Int(clamping: produced), input: Int(clamping: consumed))
                crc.update(slice)
                try body(slice)
            }
        }
        if let inflater {
            try inflater.finish()
            let streamSize = consumed - UInt64(inflater.takeTrailingBytes().count)
            guard streamSize == entry.compressedSize else {
                throw ZipError.sizeMismatch(stored: entry.compressedSize, actual: streamSize)
            }
        }
        guard produced == entry.uncompressedSize else {
            throw ZipError.sizeMismatch(stored: entry.uncompressedSize, actual: produced)
        }
        guard crc.value == entry.crc32 else { throw ZipError.crcMismatch(stored: entry.crc32, computed: crc.value) }
    }

    /// Streams the raw bytes of the file in `range` (positions in the
    /// file) to `body`, in slices of at most 64 KiB: for copying members
    /// byte for byte.
    ///
    /// ```swift
    /// try archive.withRawBytes(in: try archive.memberRange(of: entry)) { output.write($0) }
    /// ```
    ///
    /// Throws ``ZipError/truncated`` when the range passes the end of the
    /// file, and what `read` and `body` throw.
    ///
    /// - Complexity: O(*n*) in the size of the range; O(1) memory.
    public func withRawBytes(in range: Range<UInt64>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard range.upperBound <= size else { throw ZipError.truncated }
        let reading = Reading(size: size, read: read)
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Int(min(UInt64(ZipRecords.sliceSize), range.upperBound - range.lowerBound)), alignment: 8)
        defer { buffer.deallocate() }
        var position = range.lowerBound
        while position < range.upperBound {
            let count = Int(min(UInt64(buffer.count), range.upperBound - position))
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
            try reading.fill(slice, at: position)
            try body(UnsafeBufferPointer(slice.bindMemory(to: UInt8.self)))
            position += UInt64(count)
        }
    }

    /// Where `entry` lies in the file: from its local header through its
    /// data and its data descriptor (when it has one), the bytes
    /// ``ZipRewriter`` copies for a member it does not change.
    ///
    /// ```swift
    /// let range = try archive.memberRange(of: archive.entries[0])   // 0..<83
    /// ```
    ///
    /// Throws ``ZipError/localHeaderMismatch(offset:)`` when the local
    /// header or the data descriptor disagrees with the entry.
    public func memberRange(of entry: ZipEntry) throws -> Range<UInt64> {
        let header = try localHeader(of: entry)
        return header.start..<(try dataDescriptorEnd(of: entry, header: header))
    }

    /// The end of the member's data descriptor (APPNOTE 4.3.9), or of its
    /// data when it has none. The descriptor is the one of the four forms
    /// (with or without its signature, 32- or 64-bit sizes) whose values
    /// are the entry's; the 64-bit forms first when the local header has a
    /// zip64 field.
    func dataDescriptorEnd(of entry: ZipEntry, header: LocalHeader) throws -> UInt64 {
        guard header.flags & 8 != 0 else { return header.dataEnd }
        let available = Int(min(24, centralDirectoryStart - header.dataEnd))
        let bytes = try Reading(size: size, read: read).bytes(available, at: header.dataEnd)
        let wide = ZipRecords.extraBlock(ZipRecords.zip64ExtraID, in: header.extraField) != nil
        for signed in [true, false] {
            for is64 in wide ? [true, false] : [false, true] {
                var reader = ZipRecords.Reader(bytes)
                if signed && reader.u32() != ZipRecords.dataDescriptorSignature { continue }
                guard let crc = reader.u32(),
                    let compressed = is64 ? reader.u64() : reader.u32().map(UInt64.init),
                    let uncompressed = is64 ? reader.u64() : reader.u32().map(UInt64.init)
                else { continue }
                if crc == entry.crc32 && compressed == entry.compressedSize && uncompressed == entry.uncompressedSize {
                    return header.dataEnd + UInt64(reader.position)
                }
            }
        }
        throw ZipError.localHeaderMismatch(offset: header.start)
    }

    /// Reads through the caller's closure, checking bounds and short reads.
    struct Reading {
        let size: UInt64
        let read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int

        func fill(_ buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws {
            guard offset <= size, UInt64(buffer.count) <= size - offset else { throw ZipError.truncated }
            var done = 0
            while done < buffer.count {
                let count = try read(UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), offset + UInt64(done))
                guard count > 0 else { throw ZipError.truncated }
                done += min(count, buffer.count - done)
            }
        }

        func bytes(_ count: Int, at offset: UInt64) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            try bytes.withUnsafeMutableBytes { try fill($0, at: offset) }
            return bytes
        }
    }
}
