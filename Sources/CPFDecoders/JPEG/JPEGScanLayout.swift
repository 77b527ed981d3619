/// The order in which a scan codes blocks (T.81 A.2): its MCUs left to
/// right, top to bottom, and in each the blocks of each component in scan
/// order, its `V` rows of `H` blocks; a scan of one component codes its
/// blocks one by one, only those covering its samples.
///
/// ```swift
/// let layout = JPEGScanLayout(scan, frame: frame)
/// var blocks: [(slot: Int, offset: Int)] = []
/// layout.blocks(ofMCU: 0, into: &blocks)   // [(0, 0), (0, 64), …]
/// ```
struct JPEGScanLayout {
    /// The number of MCUs of the scan.
    let mcuCount: Int
    /// The MCUs across.
    private let mcusPerLine: Int
    /// Each block of an MCU: its slot in the scan, its row and column in
    /// the MCU, its component's first coefficient, blocks per line, H and V.
    private let pattern: [(slot: Int, row: Int, column: Int, base: Int, line: Int, h: Int, v: Int)]

    init(_ scan: JPEGScan, frame: JPEGFrame) {
        if scan.components.count == 1 {
            let index = scan.components[0]
            let component = frame.components[index]
            mcusPerLine = component.codedColumns
            mcuCount = component.codedColumns * component.codedRows
            pattern = [(0, 0, 0, frame.offsets[index], component.blocksPerLine, 1, 1)]
        } else {
            mcusPerLine = frame.mcusPerLine
            mcuCount = frame.mcusPerLine * frame.mcusPerColumn
            var pattern: [(slot: Int, row: Int, column: Int, base: Int, line: Int, h: Int, v: Int)] = []
            for (slot, index) in scan.components.enumerated() {
                let component = frame.components[index]
                for row in 0..<component.verticalSampling {
                    for column in 0..<component.horizontalSampling {
                        pattern.append(
                            (
                                slot, row, column, frame.offsets[index], component.blocksPerLine,
                                component.horizontalSampling, component.verticalSampling
                            ))
                    }
                }
            }
            self.pattern = pattern
        }
    }

    /// Replaces `blocks` with the slot and first coefficient of each block of MCU `mcu`.
    @inline(__always)
    func blocks(ofMCU mcu: Int, into blocks: inout [(slot: Int, offset: Int)]) {
        blocks.removeAll(keepingCapacity: true)
        let mcuRow = mcu / mcusPerLine
        let mcuColumn = mcu - mcuRow * mcusPerLine
        for block in pattern {
            let row = mcuRow * block.v + block.row
            let column = mcuColumn * block.h + block.column
            blocks.append((block.slot, block.base + (row * block.line + column) * 64))
        }
    }
}
