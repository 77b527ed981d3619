/// Why a compound file (an OLE file: `.doc`, `.xls`, `.ppt`, `.msg`) could
/// not be read.
///
/// ```swift
/// do { _ = try CompoundFile(bytes) } catch {
///     print(error)   // "compound file: sector 70 of the FAT is past the end of the file"
/// }
/// ```
public enum CompoundFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with `D0 CF 11 E0 A1 B1 1A E1`.
    case notCompoundFile
    /// The header is damaged: a version, byte order or sector size [MS-CFB] does not allow.
    case damagedHeader(String)
    /// A sector a chain or table needs lies past the end of the file.
    case sectorPastEnd(UInt32, chain: String)
    /// A chain of sectors comes back to a sector it holds already.
    case chainLoop(chain: String)
    /// A chain of sectors ends before the size its stream is said to have.
    case chainTooShort(chain: String)
    /// A chain holds a sector number that is not one (a special value where a sector should be).
    case badSector(UInt32, chain: String)
    /// A directory entry is damaged, or the directory's tree is (a loop, an entry met twice).
    case damagedDirectory(String)

    public var description: String {
        switch self {
        case .notCompoundFile: "not a compound file"
        case .damagedHeader(let what): "compound file: damaged header (\(what))"
        case .sectorPastEnd(let sector, let chain):
            "compound file: sector \(sector) of \(chain) is past the end of the file"
        case .chainLoop(let chain): "compound file: the chain of sectors of \(chain) loops"
        case .chainTooShort(let chain): "compound file: the chain of sectors of \(chain) ends before its size"
        case .badSector(let sector, let chain): "compound file: \(chain) names a sector that is none (\(sector))"
        case .damagedDirectory(let what): "compound file: damaged directory (\(what))"
        }
    }
}

/// A compound file held in memory, read as [MS-CFB] describes it: the
/// header, the FAT (through the DIFAT), the mini FAT and mini stream, and
/// the directory of storages and streams. Every chain of sectors is checked
/// for loops and for sectors past the end of the file, and every stream's
/// size against its chain, so that a damaged or hostile file is an error,
/// never a hang: no stream is longer than the file (or its mini stream).
///
/// ```swift
/// let file = try CompoundFile(bytes)
/// if let entry = file.entry(named: "WordDocument") {
///     let fib = try file.contents(of: entry)
/// }
/// ```
public struct CompoundFile: Sendable {
    /// A storage or stream of the directory.
    public struct Entry: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case storage
            case stream
        }
        /// Its name (UTF-16 in the file, at most 31 characters).
        public var name: String
        /// The names of the storages it lies in, from the root's child down, and its own last.
        public var path: [String]
        public var kind: Kind
        /// Its size in bytes (a stream's).
        public var size: Int
        /// Its first sector (in the mini stream when ``size`` is under the cutoff).
        var start: UInt32
    }

    /// Whether `prefix` starts with the compound file signature.
    public static func isCompoundFile(_ prefix: some Collection<UInt8>) -> Bool {
        prefix.starts(with: signature)
    }

    static let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
    static let endOfChain: UInt32 = 0xFFFF_FFFE
    static let freeSector: UInt32 = 0xFFFF_FFFF
    static let lastRegularSector: UInt32 = 0xFFFF_FFFA
    static let noStream: UInt32 = 0xFFFF_FFFF

    /// The storages and streams under the root, depth first, each storage before what it holds.
    public private(set) var entries: [Entry] = []
    private let bytes: [UInt8]
    private let sectorShift: Int
    private let miniSectorShift: Int
    private let miniStreamCutoff: Int
    private var fat: [UInt32] = []
    private var miniFAT: [UInt32] = []
    private var miniStream: [UInt8] = []

    /// Reads the header, the tables and the directory of the compound file `bytes`.
    public init(_ bytes: [UInt8]) throws(CompoundFileError) {
        self.bytes = bytes
        guard bytes.count >= 512, Self.isCompoundFile(bytes) else { throw .notCompoundFile }
        let major = Self.u16(bytes, 26)
        sectorShift = Int(Self.u16(bytes, 30))
        miniSectorShift = Int(Self.u16(bytes, 32))
        guard Self.u16(bytes, 28) == 0xFFFE else { throw .damagedHeader("byte order") }
        guard (major == 3 && sectorShift == 9) || (major == 4 && sectorShift == 12) else {
            throw .damagedHeader("version \(major) with sectors of 2^\(sectorShift) bytes")
        }
        guard miniSectorShift == 6 else { throw .damagedHeader("mini sectors of 2^\(miniSectorShift) bytes") }
        miniStreamCutoff = Int(Self.u32(bytes, 56))
        guard miniStreamCutoff == 4096 else { throw .damagedHeader("mini stream cutoff \(miniStreamCutoff)") }
        try readFAT()
        let directory = try chain(from: Self.u32(bytes, 48), in: fat, shift: sectorShift, name: "the directory")
        let directoryBytes = try gather(directory, from: bytes, shift: sectorShift, headerSectors: true)
        let miniFATSectors = try chain(from: Self.u32(bytes, 60), in: fat, shift: sectorShift, name: "the mini FAT")
        let miniFATBytes = try gather(miniFATSectors, from: bytes, shift: sectorShift, headerSectors: true)
        miniFAT = Self.words(miniFATBytes)
        try readDirectory(directoryBytes)
    }

    /// The first entry whose path, joined by `/`, is `name` (`WordDocument`, `__attach_version1.0_#00000000/…`).
    public func entry(named name: String) -> Entry? {
        entries.first { $0.path.joined(separator: "/") == name }
    }

    /// The contents of stream `entry`.
    public func contents(of entry: Entry) throws(CompoundFileError) -> [UInt8] {
        guard entry.kind == .stream else { return [] }
        let name = "stream \(entry.path.joined(separator: "/"))"
        if entry.size < miniStreamCutoff {
            let sectors = try chain(
                from: entry.start, in: miniFAT, shift: miniSectorShift, name: name, limit: miniStream.count,
                size: entry.size)
            return try gather(sectors, from: miniStream, shift: miniSectorShift, headerSectors: false, size: entry.size)
        }
        let sectors = try chain(from: entry.start, in: fat, shift: sectorShift, name: name, size: entry.size)
        return try gather(sectors, from: bytes, shift: sectorShift, headerSectors: true, size: entry.size)
    }

    // MARK: - Tables

    /// Reads the FAT from the sectors the DIFAT lists (the header's 109, then the DIFAT's chain).
    private mutating func readFAT() throws(CompoundFileError) {
        let sectorSize = 1 << sectorShift
        let sectorCount = (bytes.count + sectorSize - 1) >> sectorShift
        let fatCount = Int(Self.u32(bytes, 44))
        // Each FAT sector maps sectorSize / 4 sectors: more than the file could hold is damage.
        guard fatCount <= sectorCount else { throw .damagedHeader("\(fatCount) FAT sectors") }
        var fatSectors: [UInt32] = []
        for index in 0..<109 where fatSectors.count < fatCount {
            fatSectors.append(Self.u32(bytes, 76 + 4 * index))
        }
        var difat = Self.u32(bytes, 68)
        var seen: Set<UInt32> = []
        while fatSectors.count < fatCount {
            guard difat <= Self.lastRegularSector else { throw .chainTooShort(chain: "the DIFAT") }
            guard seen.insert(difat).inserted else { throw .chainLoop(chain: "the DIFAT") }
            let offset = (Int(difat) + 1) << sectorShift
            guard offset + sectorSize <= bytes.count else { throw .sectorPastEnd(difat, chain: "the DIFAT") }
            for index in 0..<(sectorSize / 4 - 1) where fatSectors.count < fatCount {
                fatSectors.append(Self.u32(bytes, offset + 4 * index))
            }
            difat = Self.u32(bytes, offset + sectorSize - 4)
        }
        var table: [UInt32] = []
        table.reserveCapacity(fatCount * sectorSize / 4)
        for sector in fatSectors {
            guard sector <= Self.lastRegularSector else { throw .badSector(sector, chain: "the FAT") }
            let offset = (Int(sector) + 1) << sectorShift
            guard offset + sectorSize <= bytes.count else { throw .sectorPastEnd(sector, chain: "the FAT") }
            for index in 0..<(sectorSize / 4) { table.append(Self.u32(bytes, offset + 4 * index)) }
        }
        fat = table
    }

    /// The sectors of the chain starting at `start` in `table`: each in the
    /// table and, at `1 << shift` bytes each, within `limit` bytes (the
    /// file's, past its header, by default), no sector twice; with `size`,
    /// enough of them for it (and no more read than it needs).
    private func chain(
        from start: UInt32, in table: [UInt32], shift: Int, name: String, limit: Int? = nil, size: Int? = nil
    ) throws(CompoundFileError) -> [UInt32] {
        let limit = limit ?? bytes.count - (1 << shift)
        let needed = size.map { ($0 + (1 << shift) - 1) >> shift }
        var sectors: [UInt32] = []
        var seen = Set<UInt32>()
        var sector = start
        while sector != Self.endOfChain {
            if let needed, sectors.count == needed { break }
            guard sector <= Self.lastRegularSector, Int(sector) < table.count else {
                if sector == Self.freeSector, sectors.isEmpty, size == nil { break }
                throw .badSector(sector, chain: name)
            }
            guard Int(sector) << shift < limit else { throw .sectorPastEnd(sector, chain: name) }
            guard seen.insert(sector).inserted else { throw .chainLoop(chain: name) }
            sectors.append(sector)
            sector = table[Int(sector)]
        }
        if let needed, sectors.count < needed { throw .chainTooShort(chain: name) }
        return sectors
    }

    /// The bytes of `sectors` of `source` (the file, whose sector 0 follows
    /// the header, or the mini stream), cut to `size`; the file's last
    /// sector may be short.
    private func gather(
        _ sectors: [UInt32], from source: [UInt8], shift: Int, headerSectors: Bool, size: Int? = nil
    ) throws(CompoundFileError) -> [UInt8] {
        let sectorSize = 1 << shift
        var out: [UInt8] = []
        out.reserveCapacity(size ?? sectors.count << shift)
        for sector in sectors {
            let offset = (Int(sector) + (headerSectors ? 1 : 0)) << shift
            let end = min(offset + sectorSize, source.count)
            guard offset < end else { throw .sectorPastEnd(sector, chain: "a stream") }
            out += source[offset..<end]
        }
        if let size {
            guard out.count >= size else { throw .chainTooShort(chain: "a stream") }
            out.removeLast(out.count - size)
        }
        return out
    }

    // MARK: - Directory

    /// Reads the directory entries and walks the tree from the root entry.
    private mutating func readDirectory(_ directory: [UInt8]) throws(CompoundFileError) {
        let count = directory.count / 128
        guard count > 0, directory[66] == 5 else { throw .damagedDirectory("no root entry") }
        func entry(_ index: Int) -> (
            name: String, type: UInt8, left: UInt32, right: UInt32, child: UInt32,
            start: UInt32, size: Int
        ) {
            let base = index * 128
            let length = min(Int(Self.u16(directory, base + 64)), 64)
            var units: [UInt16] = []
            for offset in stride(from: 0, to: max(length - 2, 0), by: 2) {
                units.append(Self.u16(directory, base + offset))
            }
            let name = String(decoding: units, as: UTF16.self)
            var size = Int(Self.u32(directory, base + 120))
            // Version 3 files may leave garbage in the size's high half.
            if sectorShift == 12 { size |= Int(Self.u32(directory, base + 124)) << 32 }
            return (
                name, directory[base + 66], Self.u32(directory, base + 68), Self.u32(directory, base + 72),
                Self.u32(directory, base + 76), Self.u32(directory, base + 116), size
            )
        }
        let root = entry(0)
        // The mini stream: the root entry's chain in the FAT.
        if root.size > 0 {
            guard root.size <= bytes.count else { throw .damagedDirectory("a mini stream larger than the file") }
            let sectors = try chain(
                from: root.start, in: fat, shift: sectorShift, name: "the mini stream", size: root.size)
            miniStream = try gather(sectors, from: bytes, shift: sectorShift, headerSectors: true, size: root.size)
        }
        var visited = Set<UInt32>([0])
        var found: [Entry] = []
        // Each storage's children: the nodes of a tree of siblings, walked without recursion.
        func walk(_ child: UInt32, path: [String]) throws(CompoundFileError) {
            var pending: [UInt32] = [child]
            var siblings: [(index: Int, name: String)] = []
            while let node = pending.popLast() {
                guard node != Self.noStream else { continue }
                guard Int(node) < count else { throw .damagedDirectory("entry \(node) past the directory's end") }
                guard visited.insert(node).inserted else { throw .damagedDirectory("entry \(node) met twice") }
                let item = entry(Int(node))
                pending.append(item.left)
                pending.append(item.right)
                siblings.append((Int(node), item.name))
            }
            // The order of the names [MS-CFB] sorts by: shorter first, then by upper case.
            siblings.sort { ($0.name.utf16.count, $0.name.uppercased()) < ($1.name.utf16.count, $1.name.uppercased()) }
            for (index, name) in siblings {
                let item = entry(index)
                let itemPath = path + [name]
                switch item.type {
                case 1:
                    found.append(Entry(name: name, path: itemPath, kind: .storage, size: 0, start: 0))
                    guard itemPath.count <= 32 else { throw .damagedDirectory("storages nested over 32 deep") }
                    try walk(item.child, path: itemPath)
                case 2:
                    guard item.size <= max(bytes.count, miniStream.count) else {
                        throw .damagedDirectory("stream \(itemPath.joined(separator: "/")) larger than the file")
                    }
                    found.append(Entry(name: name, path: itemPath, kind: .stream, size: item.size, start: item.start))
                default:
                    throw .damagedDirectory("entry \(index) of type \(item.type) in the tree")
                }
            }
        }
        try walk(root.child, path: [])
        entries = found
    }

    // MARK: - Bytes

    static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    private static func words(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count - 3, by: 4).map { u32(bytes, $0) }
    }
}
