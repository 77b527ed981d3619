/// Decodes the entropy-coded data of a sequential Huffman scan (T.81 F.2.2)
/// to the quantised coefficients of every block it codes, in zig-zag order,
/// written into the image's coefficient storage.
///
/// ```swift
/// try JPEGScanDecoder.decode(scan, frame: frame, tables: tables, bytes: buffer,
///                            start: dataStart, end: dataEnd, into: storage)
/// ```
///
/// - Complexity: O(n) in the scan's bytes and blocks.
enum JPEGScanDecoder {
    /// Decodes `scan`, whose data lies in `start..<end` of `bytes`, with the
    /// DC and AC tables installed (`dcTables`, `acTables`, 4 each).
    static func decode(
        _ scan: JPEGScan, frame: JPEGFrame, dcTables: [JPEGHuffmanTable?], acTables: [JPEGHuffmanTable?],
        bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, into storage: UnsafeMutableBufferPointer<Int16>
    ) throws(JPEGError) {
        var dc: [JPEGHuffmanTable] = []
        var ac: [JPEGHuffmanTable] = []
        for slot in scan.components.indices {
            guard let dcTable = dcTables[scan.dcTables[slot]] else {
                throw .missingTable("DC Huffman table \(scan.dcTables[slot])")
            }
            guard let acTable = acTables[scan.acTables[slot]] else {
                throw .missingTable("AC Huffman table \(scan.acTables[slot])")
            }
            dc.append(dcTable)
            ac.append(acTable)
        }
        let layout = JPEGScanLayout(scan, frame: frame)
        var reader = JPEGBitReader(bytes: bytes, start: start, end: end)
        var predictors = [Int](repeating: 0, count: scan.components.count)
        var blocks: [(slot: Int, offset: Int)] = []
        for mcu in 0..<layout.mcuCount {
            if scan.restartInterval > 0 && mcu > 0 && mcu % scan.restartInterval == 0 {
                try reader.restart(expecting: mcu / scan.restartInterval - 1)
                for slot in predictors.indices { predictors[slot] = 0 }
            }
            layout.blocks(ofMCU: mcu, into: &blocks)
            for (slot, offset) in blocks {
                try decodeBlock(
                    &reader, dc: dc[slot], ac: ac[slot], predictor: &predictors[slot], storage: storage,
                    offset: offset)
            }
        }
    }

    /// Decodes one block (T.81 F.2.2.1, F.2.2.2) into `storage[offset..<offset + 64]`.
    @inline(__always)
    private static func decodeBlock(
        _ reader: inout JPEGBitReader, dc: JPEGHuffmanTable, ac: JPEGHuffmanTable, predictor: inout Int,
        storage: UnsafeMutableBufferPointer<Int16>, offset: Int
    ) throws(JPEGError) {
        let size = Int(try reader.decode(with: dc))
        guard size <= 11 else { throw .corruptScan("DC difference of category \(size)") }
        predictor += try reader.receiveExtended(size)
        guard predictor >= -2047 && predictor <= 2047 else { throw .corruptScan("DC coefficient out of range") }
        storage[offset] = Int16(predictor)
        var index = 1
        while index < 64 {
            let symbol = try reader.decode(with: ac)
            let run = Int(symbol >> 4)
            let size = Int(symbol & 15)
            if size == 0 {
                guard run == 15 else { break }
                index += 16
                guard index <= 64 else { throw .corruptScan("zero run past the end of a block") }
                continue
            }
            guard size <= 10 else { throw .corruptScan("AC coefficient of category \(size)") }
            index += run
            guard index < 64 else { throw .corruptScan("coefficient past the end of a block") }
            storage[offset + index] = Int16(try reader.receiveExtended(size))
            index += 1
        }
    }
}
