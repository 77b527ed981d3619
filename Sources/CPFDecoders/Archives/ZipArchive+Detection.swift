// Whether a file is a zip archive: by its first bytes, or by an end of
// central directory record a reader would take for the archive's,
// wherever the archive starts. Opening an archive looks for its end
// record the same way, and refuses a second plausible one.

extension ZipArchive {
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
    static func tailSize(_ size: UInt64) -> Int {
        Int(min(size, UInt64(ZipRecords.endSize + 65535 + ZipRecords.zip64LocatorSize)))
    }

    /// Where the end record's signature is in `tail` with a whole record
    /// after it, the last first.
    static func endSignatures(in tail: [UInt8]) -> [Int] {
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
    static func isPlausibleEnd(in tail: [UInt8], at index: Int, tailStart: UInt64, reading: Reading) -> Bool {
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
}
