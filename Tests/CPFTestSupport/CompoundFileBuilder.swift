// Writes small compound files (OLE, [MS-CFB] version 3) for the tests: the
// streams given, under the storages their paths name, streams under 4,096
// bytes in the mini stream as the format requires, so that a test can make
// an Outlook message or a damaged file that no installed tool writes.
// Python's olefile reads what it writes (CompoundFileTests checks it).

package enum CompoundFileBuilder {
    private static let endOfChain: UInt32 = 0xFFFF_FFFE
    private static let free: UInt32 = 0xFFFF_FFFF
    private static let fatSector: UInt32 = 0xFFFF_FFFD

    /// A compound file holding `streams`, each a path (storages, then the
    /// stream's name) and its bytes.
    package static func build(_ streams: [(path: [String], data: [UInt8])]) -> [UInt8] {
        // The tree of storages: node 0 is the root.
        struct Node {
            var name: String
            var isStorage: Bool
            var data: [UInt8] = []
            var children: [Int] = []
            var start: UInt32 = 0xFFFF_FFFE
        }
        var nodes = [Node(name: "Root Entry", isStorage: true)]
        for (path, data) in streams {
            var parent = 0
            for (depth, name) in path.enumerated() {
                let last = depth == path.count - 1
                if let found = nodes[parent].children.first(where: { nodes[$0].name == name }) {
                    parent = found
                    continue
                }
                nodes.append(Node(name: name, isStorage: !last, data: last ? data : []))
                nodes[parent].children.append(nodes.count - 1)
                parent = nodes.count - 1
            }
        }
        var fat: [UInt32] = []
        var sectors: [[UInt8]] = []
        func place(_ data: [UInt8], size: Int, into table: inout [UInt32], list: inout [[UInt8]]) -> UInt32 {
            guard !data.isEmpty else { return endOfChain }
            let first = UInt32(list.count)
            var index = 0
            while index < data.count {
                var sector = Array(data[index..<min(index + size, data.count)])
                sector += [UInt8](repeating: 0, count: size - sector.count)
                list.append(sector)
                index += size
                table.append(index < data.count ? UInt32(list.count) : endOfChain)
            }
            return first
        }
        var miniFAT: [UInt32] = []
        var miniSectors: [[UInt8]] = []
        for index in nodes.indices where !nodes[index].isStorage {
            let data = nodes[index].data
            if data.count < 4096 {
                nodes[index].start =
                    data.isEmpty ? endOfChain : place(data, size: 64, into: &miniFAT, list: &miniSectors)
            } else {
                nodes[index].start = place(data, size: 512, into: &fat, list: &sectors)
            }
        }
        let miniStream = miniSectors.flatMap { $0 }
        nodes[0].start = place(miniStream, size: 512, into: &fat, list: &sectors)
        nodes[0].data = miniStream
        while miniFAT.count % 128 != 0 { miniFAT.append(free) }
        let miniFATBytes = miniFAT.flatMap { word($0) }
        let miniFATStart = place(miniFATBytes, size: 512, into: &fat, list: &sectors)
        // The directory: each storage's children a chain of right siblings, in the order names sort.
        var order = nodes.indices.map { $0 }
        func key(_ name: String) -> (Int, String) { (name.utf16.count, name.uppercased()) }
        var right = [UInt32](repeating: free, count: nodes.count)
        var child = [UInt32](repeating: free, count: nodes.count)
        for index in nodes.indices where nodes[index].isStorage {
            let sorted = nodes[index].children.sorted { key(nodes[$0].name) < key(nodes[$1].name) }
            if let first = sorted.first { child[index] = UInt32(first) }
            for (a, b) in zip(sorted, sorted.dropFirst()) { right[a] = UInt32(b) }
        }
        order = Array(nodes.indices)
        var directory: [UInt8] = []
        for index in order {
            let node = nodes[index]
            var entry = [UInt8](repeating: 0, count: 128)
            let units = Array(node.name.utf16.prefix(31))
            for (offset, unit) in units.enumerated() {
                entry[2 * offset] = UInt8(unit & 0xFF)
                entry[2 * offset + 1] = UInt8(unit >> 8)
            }
            put16(&entry, 64, UInt16(2 * units.count + 2))
            entry[66] = index == 0 ? 5 : node.isStorage ? 1 : 2
            entry[67] = 1
            put32(&entry, 68, free)
            put32(&entry, 72, right[index])
            put32(&entry, 76, child[index])
            put32(&entry, 116, node.isStorage && index != 0 ? 0 : node.start)
            put32(&entry, 120, UInt32(node.isStorage && index != 0 ? 0 : node.data.count))
            directory += entry
        }
        while directory.count % 512 != 0 { directory += [UInt8](repeating: 0, count: 128) }
        // Unused entries: no siblings, no child.
        for offset in stride(from: order.count * 128, to: directory.count, by: 128) {
            put32(&directory, offset + 68, free)
            put32(&directory, offset + 72, free)
            put32(&directory, offset + 76, free)
        }
        let directoryStart = place(directory, size: 512, into: &fat, list: &sectors)
        // The FAT's own sectors, marked in it.
        var fatCount = 1
        while (fat.count + fatCount) > fatCount * 128 { fatCount += 1 }
        let fatStart = sectors.count
        for _ in 0..<fatCount { fat.append(fatSector) }
        while fat.count % 128 != 0 { fat.append(free) }
        for sector in 0..<fatCount {
            sectors.append(fat[(sector * 128)..<(sector * 128 + 128)].flatMap { word($0) })
        }
        var header = [UInt8](repeating: 0, count: 512)
        header.replaceSubrange(0..<8, with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
        put16(&header, 24, 0x003E)
        put16(&header, 26, 3)
        put16(&header, 28, 0xFFFE)
        put16(&header, 30, 9)
        put16(&header, 32, 6)
        put32(&header, 44, UInt32(fatCount))
        put32(&header, 48, directoryStart)
        put32(&header, 56, 4096)
        put32(&header, 60, miniFAT.isEmpty ? endOfChain : miniFATStart)
        put32(&header, 64, UInt32((miniFATBytes.count + 511) / 512))
        put32(&header, 68, endOfChain)
        for index in 0..<109 {
            put32(&header, 76 + 4 * index, index < fatCount ? UInt32(fatStart + index) : free)
        }
        return header + sectors.flatMap { $0 }
    }

    private static func word(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    private static func put16(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt16) {
        bytes[offset] = UInt8(value & 0xFF)
        bytes[offset + 1] = UInt8(value >> 8)
    }

    private static func put32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        bytes.replaceSubrange(offset..<offset + 4, with: word(value))
    }

    /// An Outlook message ([MS-OXMSG]) with `properties`, each a property
    /// tag `XXXXYYYY` and its value (a string, UTF-16LE for `001F`, Windows-1252
    /// for `001E`, else bytes as given), and attachments' data and names.
    package static func message(
        properties: [(tag: String, value: [UInt8])], attachments: [(name: String, data: [UInt8])] = []
    ) -> [UInt8] {
        var streams: [(path: [String], data: [UInt8])] = [
            (["__properties_version1.0"], [UInt8](repeating: 0, count: 32)),
            (["__nameid_version1.0", "__substg1.0_00020102"], []),
        ]
        for (tag, value) in properties { streams.append((["__substg1.0_" + tag], value)) }
        for (index, attachment) in attachments.enumerated() {
            let hex = String(index, radix: 16, uppercase: true)
            let storage = "__attach_version1.0_#" + String(repeating: "0", count: 8 - hex.count) + hex
            streams.append(([storage, "__properties_version1.0"], [UInt8](repeating: 0, count: 8)))
            streams.append(([storage, "__substg1.0_3707001F"], utf16(attachment.name)))
            streams.append(([storage, "__substg1.0_37010102"], attachment.data))
        }
        return build(streams)
    }

    /// `text` in UTF-16LE.
    package static func utf16(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
}
