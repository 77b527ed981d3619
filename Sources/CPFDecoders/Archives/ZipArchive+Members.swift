// The members of an opened zip archive: each one's local header checked
// against its central directory record, its contents streamed (inflated
// when deflated, CRC-32 and size checked), the file's raw bytes copied,
// and where a member lies, data descriptor included.

extension ZipArchive {
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
}
