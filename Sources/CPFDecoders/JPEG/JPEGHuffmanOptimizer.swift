/// Makes the Huffman table that codes symbols of given frequencies in the
/// fewest bits with codes of 16 bits at most and no code of all 1-bits,
/// by the procedure of T.81 Annex K.2 (Figures K.1 to K.4).
///
/// ```swift
/// var frequencies = [Int](repeating: 0, count: 256)
/// frequencies[0x00] = 40   // EOB
/// frequencies[0x01] = 25
/// let table = try JPEGHuffmanOptimizer.table(frequencies: frequencies)
/// ```
///
/// - Complexity: O(n²) in the number of symbols used (at most 256).
package enum JPEGHuffmanOptimizer {
    /// The table for `frequencies` (256 counts, one per symbol); symbols of
    /// frequency 0 get no code. At least one frequency must be above 0.
    package static func table(frequencies: [Int]) throws(JPEGError) -> JPEGHuffmanTable {
        // Figure K.1, with a reserved symbol 256 of frequency 1 so that no
        // code of the others is all 1-bits.
        var frequency = [Int](repeating: 0, count: 257)
        for symbol in 0..<min(256, frequencies.count) { frequency[symbol] = max(0, frequencies[symbol]) }
        frequency[256] = 1
        var codeSize = [Int](repeating: 0, count: 257)
        var others = [Int](repeating: -1, count: 257)
        while true {
            var first = -1
            var second = -1
            for symbol in 0...256 where frequency[symbol] > 0 {
                if first < 0 || frequency[symbol] <= frequency[first] {
                    second = first
                    first = symbol
                } else if second < 0 || frequency[symbol] <= frequency[second] {
                    second = symbol
                }
            }
            guard first >= 0, second >= 0 else { break }
            frequency[first] += frequency[second]
            frequency[second] = 0
            var node = first
            codeSize[node] += 1
            while others[node] >= 0 {
                node = others[node]
                codeSize[node] += 1
            }
            others[node] = second
            node = second
            codeSize[node] += 1
            while others[node] >= 0 {
                node = others[node]
                codeSize[node] += 1
            }
        }
        // Figure K.2: how many codes of each size.
        var bits = [Int](repeating: 0, count: 258)
        for symbol in 0...256 where codeSize[symbol] > 0 { bits[codeSize[symbol]] += 1 }
        // Figure K.3: no code longer than 16 bits, then the reserved code out.
        var size = 257
        while size > 16 {
            if bits[size] > 0 {
                var shorter = size - 2
                while shorter > 0 && bits[shorter] == 0 { shorter -= 1 }
                guard shorter > 0 else { throw .malformedSegment("no Huffman code lengths fit 16 bits") }
                bits[size] -= 2
                bits[size - 1] += 1
                bits[shorter + 1] += 2
                bits[shorter] -= 1
            } else {
                size -= 1
            }
        }
        while size > 0 && bits[size] == 0 { size -= 1 }
        if size > 0 { bits[size] -= 1 }
        // Figure K.4: the symbols by increasing code size, then by value.
        var symbols: [UInt8] = []
        for length in 1...256 {
            for symbol in 0..<256 where codeSize[symbol] == length { symbols.append(UInt8(symbol)) }
        }
        return try JPEGHuffmanTable(counts: bits[1...16].map { UInt8($0) }, symbols: symbols)
    }
}
