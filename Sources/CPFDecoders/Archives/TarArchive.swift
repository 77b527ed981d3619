/// A tar archive (POSIX ustar and pax, GNU, and the old v7 format) read
/// through a random-access `read` closure: its headers at opening, each
/// member's data streamed on demand.
///
/// Read: the 512-byte headers (their checksum checked), sizes in octal or
/// base-256, ustar's name prefix, pax extended headers (`x`, and global
/// `g`: `path`, `linkpath`, `size`), GNU long names (`L`, `K`) and GNU
/// sparse members (`S`, with their extension headers; the data stored is
/// read as it is, without the holes). The headers are never data: a
/// member's data is its `size` bytes after its header, and only those.
///
/// ```swift
/// let archive = try TarArchive(size: fileSize) { buffer, offset in
///     try file.read(into: buffer, at: offset)   // fewer bytes only at the end
/// }
/// for member in archive.members where member.hasData {
///     try archive.withContents(of: member) { piece in scanner.feed(piece) }
/// }
/// ```
///
/// Refused (a ``TarError``), as readers would not agree on the members: a
/// header whose checksum is wrong, a directory, link, device or FIFO
/// header with a size, a multi-volume archive, and bytes other than zeros
/// after the end of the archive.
///
/// - Complexity: opening is O(*n*) in the number of members (a read of one
///   header each); reading a member O(*m*) in its size, in 64 KiB slices.
public final class TarArchive {
    /// One member of the archive, as its headers give it.
    public struct Member: Hashable, Sendable {
        /// Its path (pax `path`, a GNU long name, or ustar's prefix and name).
        public var name: [UInt8]
        /// The target of a link (pax `linkpath`, a GNU long link name, or the header's).
        public var linkName: [UInt8]
        /// The header's type flag (`0` a file, `5` a directory, ...).
        public var type: UInt8
        /// The bytes of data after its header.
        public var size: UInt64
        /// Where its first header starts in the file (a pax or GNU long name header, if any).
        public var headerStart: UInt64
        /// Where its data starts in the file.
        public var dataStart: UInt64
        /// Whether it is a GNU sparse file (its data is the stored pieces, without the holes).
        public var isSparse: Bool
        /// The pax records its extended headers (and the global ones read
        /// since the member before it) hold besides `path`, `linkpath` and
        /// `size`, one `KEY=VALUE` a line: a `comment`, the owner's names,
        /// extended attributes; empty when there are none.
        public var records: [UInt8] = []

        /// Whether data follows its header: a file, or a type this reader does not know.
        public var hasData: Bool { !TarArchive.typesWithoutData.contains(type) }
        /// Whether it is a directory.
        public var isDirectory: Bool { type == UInt8(ascii: "5") }
        /// Where its data lies in the file.
        public var dataRange: Range<UInt64> { dataStart..<dataStart + size }
    }

    /// The size of the archive in bytes.
    public let size: UInt64
    /// The members, in the order of the archive (metadata headers are not members).
    public let members: [Member]
    /// Where the end of the archive (its first block of zeros, or the file's end) is.
    public let end: UInt64

    /// The types of header no data follows: hard and symbolic links,
    /// character and block devices, directories, FIFOs.
    static let typesWithoutData: Set<UInt8> = Set("123456".utf8)
    /// The largest pax extended header or GNU long name read.
    public static let maximumMetadataSize = 1 << 20
    /// The most name bytes of all members held.
    public static let maximumNameBytes = 64 << 20
    static let blockSize = 512
    static let sliceSize = 64 << 10

    private let read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int

    /// Whether `prefix` (the first bytes of a file, at least 512 of them)
    /// starts with a tar header: the ustar magic at byte 257, or a v7
    /// header, with its checksum right either way.
    ///
    /// ```swift
    /// TarArchive.isTar(Array("plain text".utf8))   // false
    /// ```
    ///
    /// - Complexity: O(1): one header of 512 bytes.
    public static func isTar(_ prefix: some Collection<UInt8>) -> Bool {
        guard prefix.count >= blockSize else { return false }
        let header = Array(prefix.prefix(blockSize))
        guard header[0] != 0, checksumMatches(header) else { return false }
        if header[257..<262].elementsEqual("ustar".utf8) { return true }
        // A v7 header: a known type, a size.
        let type = header[156]
        return (type == 0 || (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(type)) && number(header[124..<136]) != nil
    }

    /// Whether the checksum of a 512-byte header (bytes 148 to 155, in
    /// octal) is the sum of its bytes, the checksum's counted as spaces:
    /// unsigned, or signed as some old writers summed.
    static func checksumMatches(_ header: [UInt8]) -> Bool {
        guard let stored = number(header[148..<156]), header[148..<156].contains(where: { $0 &- 0x30 < 8 }) else {
            return false
        }
        var unsigned = 0
        var signed = 0
        for (index, byte) in header.enumerated() {
            let value = (148..<156).contains(index) ? 0x20 : byte
            unsigned += Int(value)
            signed += Int(Int8(bitPattern: value))
        }
        return UInt64(unsigned) == stored || Int(truncatingIfNeeded: stored) == signed
    }

    /// A numeric field: octal digits (after spaces, up to a space or a
    /// NUL), or base-256 when its first byte has the high bit (GNU); nil
    /// when it is neither, or negative.
    static func number(_ field: ArraySlice<UInt8>) -> UInt64? {
        guard let first = field.first else { return nil }
        if first & 0x80 != 0 {
            guard first == 0x80 else { return nil }
            var value: UInt64 = 0
            for byte in field.dropFirst() {
                guard value >> 56 == 0 else { return nil }
                value = value << 8 | UInt64(byte)
            }
            return value
        }
        var value: UInt64 = 0
        var digits = 0
        var index = field.startIndex
        while index < field.endIndex, field[index] == 0x20 { index += 1 }
        while index < field.endIndex, field[index] &- 0x30 < 8 {
            guard value >> 60 == 0 else { return nil }
            value = value << 3 | UInt64(field[index] - 0x30)
            digits += 1
            index += 1
        }
        // What follows the digits may only be spaces and NULs.
        guard field[index...].allSatisfy({ $0 == 0x20 || $0 == 0 }) else { return nil }
        return value
    }

    /// A text field, up to its first NUL.
    static func text(_ field: ArraySlice<UInt8>) -> [UInt8] {
        Array(field.prefix { $0 != 0 })
    }

    /// Opens the archive of `size` bytes that `read` gives and reads every
    /// header. `read(buffer, offset)` fills `buffer` from byte `offset` and
    /// returns the count read, fewer than asked only at the end.
    ///
    /// ```swift
    /// let archive = try TarArchive(size: UInt64(bytes.count)) { buffer, offset in ... }
    /// ```
    ///
    /// Throws a ``TarError``, or what `read` throws.
    public init(size: UInt64, read: @escaping (UnsafeMutableRawBufferPointer, UInt64) throws -> Int) throws {
        self.size = size
        self.read = read
        let block = UInt64(Self.blockSize)
        var members: [Member] = []
        var nameBytes = 0
        var position: UInt64 = 0
        // What metadata headers said of the next member, and global pax records.
        var pending: [String: [UInt8]] = [:]
        var global: [String: [UInt8]] = [:]
        // The records the next member is given to show (see Member.records).
        var shown: [UInt8] = []
        func show(_ records: [String: [UInt8]]) {
            for (key, value) in records.sorted(by: { $0.key < $1.key })
            where !["path", "linkpath", "size"].contains(key) {
                shown += Array(key.utf8) + [UInt8(ascii: "=")] + value + [0x0A]
            }
        }
        var headerStart: UInt64?
        var end = size
        while position < size {
            guard size - position >= block else { throw TarError.truncated }
            let header = try Self.bytes(Self.blockSize, at: position, size: size, read: read)
            if header.allSatisfy({ $0 == 0 }) {
                end = position
                break
            }
            guard Self.checksumMatches(header) else { throw TarError.badChecksum(offset: position) }
            let type = header[156]
            guard var recorded = Self.number(header[124..<136]) else { throw TarError.badNumber(offset: position) }
            let isUstar = header[257..<263].elementsEqual("ustar\0".utf8)
            var dataStart = position + block
            switch type {
            case UInt8(ascii: "x"), UInt8(ascii: "g"), UInt8(ascii: "L"), UInt8(ascii: "K"):
                guard recorded <= UInt64(Self.maximumMetadataSize) else { throw TarError.metadataTooLarge }
                guard size - dataStart >= recorded else { throw TarError.truncated }
                let data = try Self.bytes(Int(recorded), at: dataStart, size: size, read: read)
                switch type {
                case UInt8(ascii: "x"):
                    guard let records = Self.paxRecords(data) else { throw TarError.badPaxHeader(offset: position) }
                    pending.merge(records) { _, new in new }
                    show(records)
                case UInt8(ascii: "g"):
                    guard let records = Self.paxRecords(data) else { throw TarError.badPaxHeader(offset: position) }
                    global.merge(records) { _, new in new }
                    show(records)
                case UInt8(ascii: "L"): pending["GNU.longname"] = Self.text(data[...])
                default: pending["GNU.longlink"] = Self.text(data[...])
                }
                headerStart = headerStart ?? position
                position = dataStart + Self.padded(recorded)
                continue
            case UInt8(ascii: "M"):
                throw TarError.multiVolume
            default:
                break
            }
            var sparse = type == UInt8(ascii: "S")
            if sparse, header[482] != 0 {
                // GNU sparse extension headers, until one says there is no more.
                var extended = true
                while extended {
                    guard size - dataStart >= block else { throw TarError.truncated }
                    let more = try Self.bytes(Self.blockSize, at: dataStart, size: size, read: read)
                    extended = more[504] != 0
                    dataStart += block
                }
            }
            var fields = global.merging(pending) { _, new in new }
            if let value = fields["size"] {
                guard let parsed = UInt64(String(decoding: value, as: UTF8.self)) else {
                    throw TarError.badPaxHeader(offset: headerStart ?? position)
                }
                recorded = parsed
            }
            if fields.keys.contains(where: { $0.hasPrefix("GNU.sparse.") }) { sparse = true }
            var name = Self.text(header[0..<100])
            if isUstar, header[345] != 0 { name = Self.text(header[345..<500]) + [UInt8(ascii: "/")] + name }
            if let long = fields.removeValue(forKey: "GNU.longname") { name = long }
            if let path = fields["path"] { name = path }
            var linkName = Self.text(header[157..<257])
            if let long = fields.removeValue(forKey: "GNU.longlink") { linkName = long }
            if let path = fields["linkpath"] { linkName = path }
            let member = Member(
                name: name, linkName: linkName, type: type, size: recorded, headerStart: headerStart ?? position,
                dataStart: dataStart, isSparse: sparse, records: shown)
            if member.hasData {
                guard size - dataStart >= recorded else { throw TarError.truncated }
                position = dataStart + Self.padded(recorded)
            } else {
                // Readers differ on whether data follows such a header: none may.
                guard recorded == 0 else { throw TarError.sizeWithoutData(offset: member.headerStart) }
                position = dataStart
            }
            nameBytes += name.count + linkName.count
            guard nameBytes <= Self.maximumNameBytes else { throw TarError.tooManyMembers }
            members.append(member)
            nameBytes += shown.count
            guard nameBytes <= Self.maximumNameBytes else { throw TarError.tooManyMembers }
            pending = [:]
            shown = []
            headerStart = nil
        }
        if headerStart != nil { throw TarError.truncated }
        // After the end, only zeros: what follows is not read by tar, nor searched.
        var at = end
        while at < size {
            let count = Int(min(UInt64(Self.sliceSize), size - at))
            let bytes = try Self.bytes(count, at: at, size: size, read: read)
            if let index = bytes.firstIndex(where: { $0 != 0 }) {
                throw TarError.dataAfterEnd(offset: at + UInt64(index))
            }
            at += UInt64(count)
        }
        self.members = members
        self.end = end
    }

    /// Opens an archive held in memory, as ``init(size:read:)`` does.
    ///
    /// ```swift
    /// let archive = try TarArchive(bytes: nestedTar)
    /// ```
    public convenience init(bytes: [UInt8]) throws {
        try self.init(size: UInt64(bytes.count), read: heldBytesReader(of: bytes))
    }

    /// `count` rounded up to whole blocks.
    static func padded(_ count: UInt64) -> UInt64 {
        (count + UInt64(blockSize - 1)) / UInt64(blockSize) * UInt64(blockSize)
    }

    /// The records of a pax extended header (`LENGTH KEY=VALUE\n`), or nil
    /// when one is malformed.
    static func paxRecords(_ data: [UInt8]) -> [String: [UInt8]]? {
        var records: [String: [UInt8]] = [:]
        var index = 0
        while index < data.count {
            if data[index] == 0 { break }
            var length = 0
            var cursor = index
            while cursor < data.count, data[cursor] &- 0x30 < 10, length < 1 << 24 {
                length = length * 10 + Int(data[cursor] - 0x30)
                cursor += 1
            }
            guard cursor < data.count, data[cursor] == 0x20, length > cursor - index + 1,
                index + length <= data.count, data[index + length - 1] == 0x0A
            else { return nil }
            let record = data[(cursor + 1)..<(index + length - 1)]
            guard let equals = record.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            records[String(decoding: record[..<equals], as: UTF8.self)] = Array(record[(equals + 1)...])
            index += length
        }
        return records
    }

    /// Streams the data of `member` to `body`, in slices of at most 64 KiB.
    ///
    /// ```swift
    /// var data: [UInt8] = []
    /// try archive.withContents(of: archive.members[0]) { data += $0 }
    /// ```
    ///
    /// Throws ``TarError/truncated`` when the file is shorter than it was
    /// at opening, and what `read` and `body` throw.
    ///
    /// - Complexity: O(*n*) in the member's size; O(1) memory.
    public func withContents(of member: Member, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard member.hasData, member.size > 0 else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Int(min(UInt64(Self.sliceSize), member.size)), alignment: 8)
        defer { buffer.deallocate() }
        var position = member.dataStart
        let end = member.dataStart + member.size
        while position < end {
            let count = Int(min(UInt64(buffer.count), end - position))
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
            try Self.fill(slice, at: position, size: size, read: read)
            try body(UnsafeBufferPointer(slice.bindMemory(to: UInt8.self)))
            position += UInt64(count)
        }
    }

    private static func fill(
        _ buffer: UnsafeMutableRawBufferPointer, at offset: UInt64, size: UInt64,
        read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int
    ) throws {
        guard offset <= size, UInt64(buffer.count) <= size - offset else { throw TarError.truncated }
        var done = 0
        while done < buffer.count {
            let count = try read(UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), offset + UInt64(done))
            guard count > 0 else { throw TarError.truncated }
            done += min(count, buffer.count - done)
        }
    }

    private static func bytes(
        _ count: Int, at offset: UInt64, size: UInt64, read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int
    ) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try fill($0, at: offset, size: size, read: read) }
        return bytes
    }
}
