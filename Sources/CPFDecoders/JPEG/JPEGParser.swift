/// Walks a JPEG file's marker segments (T.81 Annex B) from SOI to EOI,
/// installs the tables they define, reads the frame header, and decodes
/// each scan as it comes, so a later DHT or DRI applies only to later scans.
///
/// ```swift
/// var parser = JPEGParser(bytes: bytes, limits: .default)
/// try parser.parse()
/// parser.frame?.width
/// ```
///
/// - Complexity: O(n) in the file's bytes and blocks.
struct JPEGParser {
    let bytes: [UInt8]
    let limits: JPEGLimits
    private(set) var frame: JPEGFrame?
    private(set) var segments: [JPEGSegment] = []
    private(set) var coefficients: [Int16] = []
    /// Whether each component has been coded by a scan.
    private(set) var scanned: [Bool] = []
    /// The first quantization value (the DC's) of each component, from the
    /// table installed when its scan began.
    private(set) var componentQuantizers: [Int] = []
    private var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    private var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    private var quantizers = [Int?](repeating: nil, count: 4)
    private var restartInterval = 0

    init(bytes: [UInt8], limits: JPEGLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func parse() throws(JPEGError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .notJPEG }
        var position = 2
        while true {
            guard position < bytes.count else { throw .truncated }
            guard bytes[position] == 0xFF else { throw .malformedSegment("bytes between marker segments") }
            while position + 1 < bytes.count && bytes[position + 1] == 0xFF { position += 1 }
            guard position + 1 < bytes.count else { throw .truncated }
            let marker = bytes[position + 1]
            switch marker {
            case 0xD9:
                return
            case 0x01, 0xD0...0xD7:
                segments.append(.kept(position..<position + 2, tables: []))
                position += 2
                continue
            case 0x00, 0xD8:
                throw .malformedSegment("marker FF \(marker == 0 ? "00" : "D8") out of place")
            default:
                break
            }
            guard position + 4 <= bytes.count else { throw .truncated }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2 else { throw .malformedSegment("segment length below 2") }
            let end = position + 2 + length
            guard end <= bytes.count else { throw .truncated }
            let payload = position + 4..<end
            switch marker {
            case 0xC0, 0xC1:
                try readFrame(payload)
                segments.append(.kept(position..<end, tables: []))
            case 0xC2, 0xC6: throw .progressive
            case 0xC3, 0xC7: throw .lossless
            case 0xC9...0xCF: throw .arithmeticCoding
            case 0xC5, 0xDE, 0xDF: throw .unsupportedProcess(marker)
            case 0xDC: throw .numberOfLinesMarker
            case 0xC4:
                segments.append(.kept(position..<end, tables: try readHuffmanTables(payload)))
            case 0xDB:
                try readQuantizationTables(payload)
                segments.append(.kept(position..<end, tables: []))
            case 0xDD:
                guard length == 4 else { throw .malformedSegment("DRI segment of length \(length)") }
                restartInterval = Int(bytes[position + 4]) << 8 | Int(bytes[position + 5])
                segments.append(.kept(position..<end, tables: []))
            case 0xDA:
                let scan = try readScanHeader(payload)
                segments.append(.scan(position..<end, scan))
                position = try decodeScan(scan, from: end)
                continue
            default:
                segments.append(.kept(position..<end, tables: []))
            }
            position = end
        }
    }

    /// SOF0 or SOF1 (T.81 B.2.2).
    private mutating func readFrame(_ payload: Range<Int>) throws(JPEGError) {
        guard frame == nil else { throw .malformedSegment("two frame headers") }
        guard payload.count >= 6 else { throw .malformedSegment("frame header too short") }
        let start = payload.lowerBound
        let precision = Int(bytes[start])
        guard precision == 8 else { throw .unsupportedPrecision(precision) }
        let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
        let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
        let count = Int(bytes[start + 5])
        guard height > 0 else { throw .numberOfLinesMarker }
        guard width > 0 else { throw .malformedSegment("frame of width 0") }
        guard payload.count == 6 + 3 * count, count > 0 else {
            throw .malformedSegment("frame header length does not match its components")
        }
        guard count == 1 || count == 3 else { throw .unsupportedComponents(count) }
        var sampling: [(id: UInt8, h: Int, v: Int, table: Int)] = []
        for index in 0..<count {
            let at = start + 6 + 3 * index
            let h = Int(bytes[at + 1] >> 4)
            let v = Int(bytes[at + 1] & 15)
            let table = Int(bytes[at + 2])
            guard (1...4).contains(h), (1...4).contains(v), table < 4 else {
                throw .malformedSegment("component sampling factor or table selector out of range")
            }
            guard !sampling.contains(where: { $0.id == bytes[at] }) else {
                throw .malformedSegment("two components with one identifier")
            }
            sampling.append((bytes[at], h, v, table))
        }
        let maximumH = sampling.map(\.h).max() ?? 1
        let maximumV = sampling.map(\.v).max() ?? 1
        let mcusPerLine = (width + 8 * maximumH - 1) / (8 * maximumH)
        let mcusPerColumn = (height + 8 * maximumV - 1) / (8 * maximumV)
        var components: [JPEGComponent] = []
        var offsets: [Int] = []
        var total = 0
        for entry in sampling {
            let samplesAcross = (width * entry.h + maximumH - 1) / maximumH
            let samplesDown = (height * entry.v + maximumV - 1) / maximumV
            let component = JPEGComponent(
                identifier: entry.id, horizontalSampling: entry.h, verticalSampling: entry.v,
                quantizationTable: entry.table, blocksPerLine: mcusPerLine * entry.h,
                blocksPerColumn: mcusPerColumn * entry.v, codedColumns: (samplesAcross + 7) / 8,
                codedRows: (samplesDown + 7) / 8)
            offsets.append(total)
            total += component.blocksPerLine * component.blocksPerColumn * 64
            components.append(component)
        }
        guard total * 2 <= limits.maximumCoefficientBytes else {
            throw .tooLarge(bytes: total * 2, limit: limits.maximumCoefficientBytes)
        }
        frame = JPEGFrame(
            width: width, height: height, components: components, maximumHorizontal: maximumH,
            maximumVertical: maximumV, mcusPerLine: mcusPerLine, mcusPerColumn: mcusPerColumn, offsets: offsets,
            coefficientCount: total)
        coefficients = [Int16](repeating: 0, count: total)
        scanned = [Bool](repeating: false, count: count)
        componentQuantizers = [Int](repeating: 0, count: count)
    }

    /// DHT (T.81 B.2.4.2): one or more tables.
    private mutating func readHuffmanTables(_ payload: Range<Int>) throws(JPEGError) -> [JPEGTableDefinition] {
        var definitions: [JPEGTableDefinition] = []
        var at = payload.lowerBound
        while at < payload.upperBound {
            guard at + 17 <= payload.upperBound else { throw .malformedSegment("DHT segment cut short") }
            let tableClass = Int(bytes[at] >> 4)
            let identifier = Int(bytes[at] & 15)
            guard tableClass <= 1, identifier <= 3 else {
                throw .malformedSegment("Huffman table class or identifier out of range")
            }
            let counts = Array(bytes[at + 1..<at + 17])
            let total = counts.reduce(0) { $0 + Int($1) }
            guard at + 17 + total <= payload.upperBound else { throw .malformedSegment("DHT segment cut short") }
            let table = try JPEGHuffmanTable(counts: counts, symbols: Array(bytes[at + 17..<at + 17 + total]))
            if tableClass == 0 { dcTables[identifier] = table } else { acTables[identifier] = table }
            definitions.append(JPEGTableDefinition(tableClass: tableClass, identifier: identifier, table: table))
            at += 17 + total
        }
        return definitions
    }

    /// DQT (T.81 B.2.4.1): only the first value of each table is kept, the
    /// DC's, which a dark block needs.
    private mutating func readQuantizationTables(_ payload: Range<Int>) throws(JPEGError) {
        var at = payload.lowerBound
        while at < payload.upperBound {
            let precision = Int(bytes[at] >> 4)
            let identifier = Int(bytes[at] & 15)
            guard precision <= 1, identifier <= 3 else {
                throw .malformedSegment("quantization table precision or identifier out of range")
            }
            let size = precision == 0 ? 64 : 128
            guard at + 1 + size <= payload.upperBound else { throw .malformedSegment("DQT segment cut short") }
            let first = precision == 0 ? Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at + 2])
            guard first > 0 else { throw .malformedSegment("quantization value of 0") }
            quantizers[identifier] = first
            at += 1 + size
        }
    }

    /// SOS (T.81 B.2.3).
    private mutating func readScanHeader(_ payload: Range<Int>) throws(JPEGError) -> JPEGScan {
        guard let frame else { throw .malformedSegment("scan before the frame header") }
        guard payload.count >= 1 else { throw .malformedSegment("scan header too short") }
        let start = payload.lowerBound
        let count = Int(bytes[start])
        guard (1...4).contains(count), payload.count == 4 + 2 * count else {
            throw .malformedSegment("scan header length does not match its components")
        }
        var scan = JPEGScan(components: [], dcTables: [], acTables: [], restartInterval: restartInterval)
        var blocksPerMCU = 0
        for slot in 0..<count {
            let at = start + 1 + 2 * slot
            guard let index = frame.components.firstIndex(where: { $0.identifier == bytes[at] }) else {
                throw .malformedSegment("scan names a component the frame does not have")
            }
            guard !scanned[index], !scan.components.contains(index) else {
                throw .malformedSegment("a component in two scans of a sequential frame")
            }
            let dc = Int(bytes[at + 1] >> 4)
            let ac = Int(bytes[at + 1] & 15)
            guard dc <= 3, ac <= 3 else { throw .malformedSegment("Huffman table selector out of range") }
            scan.components.append(index)
            scan.dcTables.append(dc)
            scan.acTables.append(ac)
            let component = frame.components[index]
            blocksPerMCU += component.horizontalSampling * component.verticalSampling
        }
        guard count == 1 || blocksPerMCU <= 10 else { throw .malformedSegment("more than 10 blocks in an MCU") }
        let tail = start + 1 + 2 * count
        guard bytes[tail] == 0, bytes[tail + 1] == 63, bytes[tail + 2] == 0 else {
            throw .malformedSegment("spectral selection or approximation of a sequential scan")
        }
        return scan
    }

    /// Decodes the scan whose data starts at `start`; returns where its
    /// terminating marker starts.
    private mutating func decodeScan(_ scan: JPEGScan, from start: Int) throws(JPEGError) -> Int {
        guard let frame else { throw .malformedSegment("scan before the frame header") }
        let end = try Self.endOfEntropyData(bytes, from: start)
        for index in scan.components {
            let table = frame.components[index].quantizationTable
            guard let quantizer = quantizers[table] else { throw .missingTable("quantization table \(table)") }
            componentQuantizers[index] = quantizer
            scanned[index] = true
        }
        let dcTables = dcTables
        let acTables = acTables
        let result = bytes.withUnsafeBufferPointer { buffer in
            coefficients.withUnsafeMutableBufferPointer { storage in
                Result { () throws(JPEGError) -> Int in
                    try JPEGScanDecoder.decode(
                        scan, frame: frame, dcTables: dcTables, acTables: acTables, bytes: buffer, start: start,
                        end: end, into: storage)
                    return end
                }
            }
        }
        return try result.get()
    }

    /// Where the entropy-coded data from `start` ends: the first marker
    /// other than RSTn, at its first fill byte.
    static func endOfEntropyData(_ bytes: [UInt8], from start: Int) throws(JPEGError) -> Int {
        var at = start
        while at < bytes.count {
            guard bytes[at] == 0xFF else {
                at += 1
                continue
            }
            var next = at + 1
            while next < bytes.count && bytes[next] == 0xFF { next += 1 }
            guard next < bytes.count else { break }
            let marker = bytes[next]
            if marker == 0x00 || (0xD0...0xD7).contains(marker) {
                at = next + 1
            } else {
                return at
            }
        }
        throw .truncated
    }
}
