/// Codes the blocks of a scan again (T.81 F.1.2): each block's DC
/// difference and its AC coefficients as run/size symbols, in the scan's
/// order with its restart intervals. A ``JPEGSymbolSink`` receives each
/// symbol: one counts them, another writes their codes.
///
/// ```swift
/// var counter = JPEGSymbolCounter()
/// try JPEGScanEncoder.encode(scan, frame: frame, coefficients: storage, into: &counter)
/// ```
///
/// - Complexity: O(n) in the scan's blocks.
enum JPEGScanEncoder {
    static func encode<Sink: JPEGSymbolSink>(
        _ scan: JPEGScan, frame: JPEGFrame, coefficients: UnsafeBufferPointer<Int16>, into sink: inout Sink
    ) throws(JPEGError) {
        let layout = JPEGScanLayout(scan, frame: frame)
        var predictors = [Int](repeating: 0, count: scan.components.count)
        var blocks: [(slot: Int, offset: Int)] = []
        for mcu in 0..<layout.mcuCount {
            if scan.restartInterval > 0 && mcu > 0 && mcu % scan.restartInterval == 0 {
                sink.restart(mcu / scan.restartInterval - 1)
                for slot in predictors.indices { predictors[slot] = 0 }
            }
            layout.blocks(ofMCU: mcu, into: &blocks)
            for (slot, offset) in blocks {
                let dc = Int(coefficients[offset])
                let difference = dc - predictors[slot]
                predictors[slot] = dc
                let (size, bits) = category(difference)
                guard size <= 11 else { throw .coefficientOutOfRange }
                sink.dc(UInt8(size), bits: bits, slot: slot)
                var run = 0
                for index in 1..<64 {
                    let value = Int(coefficients[offset + index])
                    if value == 0 {
                        run += 1
                        continue
                    }
                    while run > 15 {
                        sink.ac(0xF0, bits: 0, size: 0, slot: slot)
                        run -= 16
                    }
                    let (size, bits) = category(value)
                    guard size <= 10 else { throw .coefficientOutOfRange }
                    sink.ac(UInt8(run << 4 | size), bits: bits, size: size, slot: slot)
                    run = 0
                }
                if run > 0 { sink.ac(0x00, bits: 0, size: 0, slot: slot) }
            }
        }
        sink.finish()
    }

    /// The size category of `value` (T.81 F.1.2.1.1) and the bits that
    /// follow its symbol: the value, or for a negative value, value − 1.
    @inline(__always)
    static func category(_ value: Int) -> (size: Int, bits: UInt32) {
        let magnitude = value < 0 ? -value : value
        let size = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
        let bits = value < 0 ? value - 1 : value
        return (size, UInt32(truncatingIfNeeded: bits))
    }
}

/// What receives a scan's symbols from ``JPEGScanEncoder``.
protocol JPEGSymbolSink {
    /// A DC difference of category `size`, followed by its `size` low bits of `bits`.
    mutating func dc(_ size: UInt8, bits: UInt32, slot: Int)
    /// An AC run/size symbol, followed by `size` low bits of `bits`.
    mutating func ac(_ symbol: UInt8, bits: UInt32, size: Int, slot: Int)
    /// The end of restart interval number `number` (mod 8).
    mutating func restart(_ number: Int)
    /// The end of the scan.
    mutating func finish()
}

/// Counts how often each symbol of each table selector of a scan occurs.
struct JPEGSymbolCounter: JPEGSymbolSink {
    /// The DC and AC table selector of each slot of the scan.
    let dcSelectors: [Int]
    let acSelectors: [Int]
    /// The frequencies of the symbols of each DC and AC table selector (4 × 256).
    private(set) var dcFrequencies = [Int](repeating: 0, count: 4 * 256)
    private(set) var acFrequencies = [Int](repeating: 0, count: 4 * 256)

    init(_ scan: JPEGScan) {
        dcSelectors = scan.dcTables
        acSelectors = scan.acTables
    }

    mutating func dc(_ size: UInt8, bits: UInt32, slot: Int) {
        dcFrequencies[dcSelectors[slot] * 256 + Int(size)] += 1
    }

    mutating func ac(_ symbol: UInt8, bits: UInt32, size: Int, slot: Int) {
        acFrequencies[acSelectors[slot] * 256 + Int(symbol)] += 1
    }

    mutating func restart(_ number: Int) {}
    mutating func finish() {}
}

/// Writes each symbol's code from the tables of each slot, then its bits.
struct JPEGHuffmanWriter: JPEGSymbolSink {
    private let dcTables: [JPEGHuffmanTable]
    private let acTables: [JPEGHuffmanTable]
    private(set) var writer: JPEGBitWriter

    /// A writer with the DC and AC table of each slot of the scan.
    init(dcTables: [JPEGHuffmanTable], acTables: [JPEGHuffmanTable], capacity: Int) {
        self.dcTables = dcTables
        self.acTables = acTables
        writer = JPEGBitWriter(capacity: capacity)
    }

    mutating func dc(_ size: UInt8, bits: UInt32, slot: Int) {
        let table = dcTables[slot]
        writer.write(UInt32(table.codes[Int(size)]), count: Int(table.sizes[Int(size)]))
        writer.write(bits, count: Int(size))
    }

    mutating func ac(_ symbol: UInt8, bits: UInt32, size: Int, slot: Int) {
        let table = acTables[slot]
        writer.write(UInt32(table.codes[Int(symbol)]), count: Int(table.sizes[Int(symbol)]))
        writer.write(bits, count: size)
    }

    mutating func restart(_ number: Int) {
        writer.restartMarker(number)
    }

    mutating func finish() {
        writer.finishByte()
    }
}
