/// Writes a copy of a zip archive with some members' contents replaced,
/// every other byte of the members kept.
///
/// ```swift
/// let archive = try ZipArchive(size: size, read: read)
/// try ZipRewriter.rewrite(archive, replacements: [2: Array("CPF ***.***.***-**\n".utf8)]) { piece in
///     try temporaryFile.write(piece)
/// }
/// ```
///
/// What the copy keeps and changes:
/// - the bytes before the first member (a self-extracting stub), as they are;
/// - the members in the order of their local headers; a member not in
///   `replacements` copied byte for byte (local header, data, data
///   descriptor);
/// - a replaced member: a new local header with the same version, flags
///   (bit 3 cleared: no data descriptor), method, times and extra fields,
///   the new CRC-32 and sizes (in its zip64 field when it had one or they
///   need one), then the new data: deflated by ``Deflater`` when the member
///   was deflated, stored when it was stored;
/// - the central directory in its order, each record as it was but for the
///   new offset (and a replaced member's CRC-32, sizes and bit 3); a field
///   given in the record's zip64 field stays there, and one that no longer
///   fits 32 bits moves there;
/// - the end records: zip64 when the archive had them or the counts need
///   them (the zip64 record's extensible data, if any, is dropped), and
///   the archive comment.
///
/// Bytes between members that no member owns are not copied.
///
/// - Complexity: O(*n*) in the size of the archive; memory O(1) beyond the
///   replacements (each replaced member's new data is held while it is written).
public enum ZipRewriter {
    /// Writes `archive` to `output` with the contents of the members at the
    /// given indices of ``ZipArchive/entries`` replaced.
    ///
    /// ```swift
    /// var copy: [UInt8] = []
    /// try ZipRewriter.rewrite(archive, replacements: [0: Array("novo\n".utf8)]) { copy += $0 }
    /// ```
    ///
    /// Throws ``ZipError/encryptedMember`` or
    /// ``ZipError/unsupportedMethod(_:)`` for a replacement of a member it
    /// cannot write, before any output; a ``ZipError`` when a member's local
    /// header or data descriptor does not match its record, and what
    /// `archive`'s `read` and `output` throw. An index outside `entries`
    /// is a precondition failure.
    ///
    /// `comments` gives new comments to the members at those indices, and
    /// `archiveComment` a new comment to the archive (each at most 65,535
    /// bytes), as when a comment holds something to hide.
    public static func rewrite(
        _ archive: ZipArchive, replacements: [Int: [UInt8]], comments: [Int: [UInt8]] = [:],
        archiveComment: [UInt8]? = nil, output: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        precondition(
            comments.values.allSatisfy { $0.count <= 0xFFFF } && (archiveComment?.count ?? 0) <= 0xFFFF,
            "ZipRewriter: a comment longer than 65,535 bytes")
        let entries = archive.entries
        for index in replacements.keys {
            precondition(entries.indices.contains(index), "ZipRewriter: replacement index \(index) out of range")
            let entry = entries[index]
            if entry.isEncrypted { throw ZipError.encryptedMember }
            guard entry.method == 0 || entry.method == 8 else { throw ZipError.unsupportedMethod(entry.method) }
        }
        var written: UInt64 = 0
        func emit(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBufferPointer { try output($0) }
            written += UInt64(bytes.count)
        }
        func copy(_ range: Range<UInt64>) throws {
            try archive.withRawBytes(in: range) { slice in
                try output(slice)
                written += UInt64(slice.count)
            }
        }

        try copy(0..<archive.firstMemberStart)
        var records = entries
        for (index, comment) in comments { records[index].comment = comment }
        let offsets = entries.map(\.localHeaderOffset)
        let order = entries.indices.sorted { offsets[$0] < offsets[$1] }
        for index in order {
            let entry = entries[index]
            let header = try archive.localHeader(of: entry)
            records[index].localHeaderOffset = written
            guard let contents = replacements[index] else {
                try copy(header.start..<archive.dataDescriptorEnd(of: entry, header: header))
                continue
            }
            let data = entry.method == 8 ? deflate(contents) : contents
            var record = records[index]
            record.crc32 = CRC32.checksum(of: contents)
            record.uncompressedSize = UInt64(contents.count)
            record.compressedSize = UInt64(data.count)
            record.generalPurposeFlags &= ~0x0008
            records[index] = record
            try emit(try localHeaderBytes(record, header: header))
            try emit(data)
        }

        let directoryStart = written
        for index in entries.indices {
            try emit(try centralRecordBytes(records[index], zip64Fields: archive.zip64Fields[index]))
        }
        try emit(
            endRecords(
                count: UInt64(entries.count), directoryStart: directoryStart, directorySize: written - directoryStart,
                archive: archive, comment: archiveComment ?? archive.comment))
    }

    /// `contents` deflated by ``Deflater``.
    private static func deflate(_ contents: [UInt8]) -> [UInt8] {
        let deflater = Deflater()
        var data: [UInt8] = []
        deflater.compress(contents) { data.append(contentsOf: $0) }
        deflater.finish { data.append(contentsOf: $0) }
        return data
    }

    /// A replaced member's local header (APPNOTE 4.3.7): the original's
    /// fields, the record's CRC-32 and sizes, bit 3 cleared, and a zip64
    /// field holding both sizes when the original had one or they need it.
    private static func localHeaderBytes(_ record: ZipEntry, header: ZipArchive.LocalHeader) throws -> [UInt8] {
        let hadZip64 = ZipRecords.extraBlock(ZipRecords.zip64ExtraID, in: header.extraField) != nil
        let zip64 = hadZip64 || record.uncompressedSize >= 0xFFFF_FFFF || record.compressedSize >= 0xFFFF_FFFF
        let block = zip64 ? ZipRecords.zip64Block([record.uncompressedSize, record.compressedSize]) : []
        let extra = ZipRecords.replacingExtraBlock(ZipRecords.zip64ExtraID, in: header.extraField, with: block)
        guard extra.count <= 0xFFFF else { throw ZipError.localHeaderMismatch(offset: header.start) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ZipRecords.localHeaderSize + record.name.count + extra.count)
        ZipRecords.append32(ZipRecords.localHeaderSignature, to: &bytes)
        ZipRecords.append16(zip64 && !hadZip64 ? max(header.versionNeeded, 45) : header.versionNeeded, to: &bytes)
        ZipRecords.append16(header.flags & ~0x0008, to: &bytes)
        ZipRecords.append16(record.method, to: &bytes)
        ZipRecords.append16(header.modificationTime, to: &bytes)
        ZipRecords.append16(header.modificationDate, to: &bytes)
        ZipRecords.append32(record.crc32, to: &bytes)
        ZipRecords.append32(zip64 ? 0xFFFF_FFFF : UInt32(record.compressedSize), to: &bytes)
        ZipRecords.append32(zip64 ? 0xFFFF_FFFF : UInt32(record.uncompressedSize), to: &bytes)
        ZipRecords.append16(UInt16(record.name.count), to: &bytes)
        ZipRecords.append16(UInt16(extra.count), to: &bytes)
        bytes += record.name
        bytes += extra
        return bytes
    }

    /// A central directory record (APPNOTE 4.3.12) for `entry`; the fields
    /// that were in its zip64 field (bits of `zip64Fields`, as
    /// ``ZipArchive`` records them) or no longer fit 32 bits go there.
    static func centralRecordBytes(_ entry: ZipEntry, zip64Fields: UInt8) throws -> [UInt8] {
        let limit: UInt64 = 0xFFFF_FFFF
        let wideUncompressed = zip64Fields & 1 != 0 || entry.uncompressedSize >= limit
        let wideCompressed = zip64Fields & 2 != 0 || entry.compressedSize >= limit
        let wideOffset = zip64Fields & 4 != 0 || entry.localHeaderOffset >= limit
        let wideDisk = zip64Fields & 8 != 0 || entry.diskNumberStart >= 0xFFFF
        var block: [UInt8] = []
        if wideUncompressed || wideCompressed || wideOffset || wideDisk {
            var values: [UInt8] = []
            if wideUncompressed { ZipRecords.append64(entry.uncompressedSize, to: &values) }
            if wideCompressed { ZipRecords.append64(entry.compressedSize, to: &values) }
            if wideOffset { ZipRecords.append64(entry.localHeaderOffset, to: &values) }
            if wideDisk { ZipRecords.append32(entry.diskNumberStart, to: &values) }
            ZipRecords.append16(ZipRecords.zip64ExtraID, to: &block)
            ZipRecords.append16(UInt16(values.count), to: &block)
            block += values
        }
        let extra = ZipRecords.replacingExtraBlock(ZipRecords.zip64ExtraID, in: entry.extraField, with: block)
        guard extra.count <= 0xFFFF else { throw ZipError.damagedCentralDirectory(offset: entry.localHeaderOffset) }
        // A record that had a zip64 field keeps its version; one that needs
        // it now says 4.5, the version that brought zip64.
        let widened = (wideUncompressed || wideCompressed || wideOffset || wideDisk) && zip64Fields == 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ZipRecords.centralHeaderSize + entry.name.count + extra.count + entry.comment.count)
        ZipRecords.append32(ZipRecords.centralHeaderSignature, to: &bytes)
        ZipRecords.append16(entry.versionMadeBy, to: &bytes)
        ZipRecords.append16(widened ? max(entry.versionNeeded, 45) : entry.versionNeeded, to: &bytes)
        ZipRecords.append16(entry.generalPurposeFlags, to: &bytes)
        ZipRecords.append16(entry.method, to: &bytes)
        ZipRecords.append16(entry.modificationTime, to: &bytes)
        ZipRecords.append16(entry.modificationDate, to: &bytes)
        ZipRecords.append32(entry.crc32, to: &bytes)
        ZipRecords.append32(wideCompressed ? 0xFFFF_FFFF : UInt32(entry.compressedSize), to: &bytes)
        ZipRecords.append32(wideUncompressed ? 0xFFFF_FFFF : UInt32(entry.uncompressedSize), to: &bytes)
        ZipRecords.append16(UInt16(entry.name.count), to: &bytes)
        ZipRecords.append16(UInt16(extra.count), to: &bytes)
        ZipRecords.append16(UInt16(entry.comment.count), to: &bytes)
        ZipRecords.append16(wideDisk ? 0xFFFF : UInt16(entry.diskNumberStart), to: &bytes)
        ZipRecords.append16(entry.internalAttributes, to: &bytes)
        ZipRecords.append32(entry.externalAttributes, to: &bytes)
        ZipRecords.append32(wideOffset ? 0xFFFF_FFFF : UInt32(entry.localHeaderOffset), to: &bytes)
        bytes += entry.name
        bytes += extra
        bytes += entry.comment
        return bytes
    }

    /// The zip64 end record and locator when needed (APPNOTE 4.3.14,
    /// 4.3.15), then the end of central directory record with the comment.
    static func endRecords(
        count: UInt64, directoryStart: UInt64, directorySize: UInt64, archive: ZipArchive, comment: [UInt8]
    ) -> [UInt8] {
        let zip64 =
            archive.isZip64 || count >= 0xFFFF || directorySize >= 0xFFFF_FFFF || directoryStart >= 0xFFFF_FFFF
        var bytes: [UInt8] = []
        if zip64 {
            let recordStart = directoryStart + directorySize
            let versions = archive.zip64Versions ?? (madeBy: 45, needed: 45)
            ZipRecords.append32(ZipRecords.zip64EndSignature, to: &bytes)
            ZipRecords.append64(UInt64(ZipRecords.zip64EndSize - 12), to: &bytes)
            ZipRecords.append16(versions.madeBy, to: &bytes)
            ZipRecords.append16(versions.needed, to: &bytes)
            ZipRecords.append32(0, to: &bytes)
            ZipRecords.append32(0, to: &bytes)
            ZipRecords.append64(count, to: &bytes)
            ZipRecords.append64(count, to: &bytes)
            ZipRecords.append64(directorySize, to: &bytes)
            ZipRecords.append64(directoryStart, to: &bytes)
            ZipRecords.append32(ZipRecords.zip64LocatorSignature, to: &bytes)
            ZipRecords.append32(0, to: &bytes)
            ZipRecords.append64(recordStart, to: &bytes)
            ZipRecords.append32(1, to: &bytes)
        }
        let saturated = zip64 ? archive.saturatedEndFields : 0
        let shortCount = saturated & 1 != 0 ? 0xFFFF : UInt16(min(count, 0xFFFF))
        ZipRecords.append32(ZipRecords.endSignature, to: &bytes)
        ZipRecords.append16(0, to: &bytes)
        ZipRecords.append16(0, to: &bytes)
        ZipRecords.append16(shortCount, to: &bytes)
        ZipRecords.append16(shortCount, to: &bytes)
        ZipRecords.append32(saturated & 2 != 0 ? 0xFFFF_FFFF : UInt32(min(directorySize, 0xFFFF_FFFF)), to: &bytes)
        ZipRecords.append32(saturated & 4 != 0 ? 0xFFFF_FFFF : UInt32(min(directoryStart, 0xFFFF_FFFF)), to: &bytes)
        ZipRecords.append16(UInt16(comment.count), to: &bytes)
        bytes += comment
        return bytes
    }
}
