extension JPEGImage {
    /// The file written again: SOI, every marker segment as it was read, in
    /// order, and each scan's blocks coded again, then EOI. A scan is coded
    /// with the Huffman tables in force at its place in the file when they
    /// have a code for every symbol it needs; a table that lacks one is
    /// replaced by the optimal table for the scan (T.81 Annex K.2), in a
    /// new DHT segment just before the scan. Bytes after EOI are dropped
    /// (they may hold a second picture, such as a phone's motion photo).
    ///
    /// ```swift
    /// let image = try JPEGImage(bytes)
    /// let again = try image.encoded()   // the same coefficients, block for block
    /// ```
    ///
    /// - Throws: ``JPEGError/coefficientOutOfRange`` when a DC difference
    ///   cannot be coded in baseline categories.
    /// - Complexity: O(n) in the file's bytes and blocks.
    public func encoded() throws(JPEGError) -> [UInt8] {
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(source.count + 1024)
        var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
        for segment in segments {
            switch segment {
            case .kept(let range, let tables):
                output += source[range]
                for definition in tables {
                    if definition.tableClass == 0 {
                        dcTables[definition.identifier] = definition.table
                    } else {
                        acTables[definition.identifier] = definition.table
                    }
                }
            case .scan(let range, let scan):
                let data = try encode(scan, dcTables: &dcTables, acTables: &acTables, output: &output)
                output += source[range]
                output += data
            }
        }
        output += [0xFF, 0xD9]
        return output
    }

    /// Codes `scan`; writes to `output` a DHT segment of the tables it had
    /// to replace, installs them, and returns the entropy-coded data.
    private func encode(
        _ scan: JPEGScan, dcTables: inout [JPEGHuffmanTable?], acTables: inout [JPEGHuffmanTable?],
        output: inout [UInt8]
    ) throws(JPEGError) -> [UInt8] {
        let frame = frame
        let counted = coefficients.withUnsafeBufferPointer { storage in
            Result { () throws(JPEGError) -> JPEGSymbolCounter in
                var counter = JPEGSymbolCounter(scan)
                try JPEGScanEncoder.encode(scan, frame: frame, coefficients: storage, into: &counter)
                return counter
            }
        }
        let counter = try counted.get()
        var payload: [UInt8] = []
        for identifier in Set(scan.dcTables).sorted() {
            let frequencies = Array(counter.dcFrequencies[identifier * 256..<identifier * 256 + 256])
            if !Self.covers(dcTables[identifier], frequencies) {
                let table = try JPEGHuffmanOptimizer.table(frequencies: frequencies)
                dcTables[identifier] = table
                payload += table.segmentPayload(tableClass: 0, identifier: identifier)
            }
        }
        for identifier in Set(scan.acTables).sorted() {
            let frequencies = Array(counter.acFrequencies[identifier * 256..<identifier * 256 + 256])
            if !Self.covers(acTables[identifier], frequencies) {
                let table = try JPEGHuffmanOptimizer.table(frequencies: frequencies)
                acTables[identifier] = table
                payload += table.segmentPayload(tableClass: 1, identifier: identifier)
            }
        }
        if !payload.isEmpty {
            let length = payload.count + 2
            output += [0xFF, 0xC4, UInt8(length >> 8), UInt8(length & 0xFF)]
            output += payload
        }
        var dc: [JPEGHuffmanTable] = []
        var ac: [JPEGHuffmanTable] = []
        for slot in scan.components.indices {
            guard let dcTable = dcTables[scan.dcTables[slot]], let acTable = acTables[scan.acTables[slot]] else {
                throw .missingTable("Huffman table of a scan")
            }
            dc.append(dcTable)
            ac.append(acTable)
        }
        let written = coefficients.withUnsafeBufferPointer { storage in
            Result { () throws(JPEGError) -> [UInt8] in
                var writer = JPEGHuffmanWriter(dcTables: dc, acTables: ac, capacity: source.count)
                try JPEGScanEncoder.encode(scan, frame: frame, coefficients: storage, into: &writer)
                return writer.writer.bytes
            }
        }
        return try written.get()
    }

    /// Whether `table` has a code for every symbol of non-zero frequency.
    private static func covers(_ table: JPEGHuffmanTable?, _ frequencies: [Int]) -> Bool {
        guard let table else { return false }
        return frequencies.indices.allSatisfy { frequencies[$0] == 0 || table.canEncode(UInt8($0)) }
    }
}
