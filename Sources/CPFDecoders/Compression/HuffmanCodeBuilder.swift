/// Builds Huffman codes for the ``Deflater``.
enum HuffmanCodeBuilder {
    /// Code lengths of at most `limit` bits for symbols of the given
    /// frequencies (0: unused), by Huffman's algorithm; when the tree is too
    /// deep the frequencies are flattened (halved, kept above zero) and the
    /// tree built again, which always ends since equal frequencies give a
    /// balanced tree.
    ///
    /// - Complexity: O(*n* log *n*) per try.
    static func lengths(frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        while true {
            let lengths = unlimitedLengths(weights)
            if lengths.allSatisfy({ Int($0) <= limit }) { return lengths }
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 >> 1) }
        }
    }

    private static func unlimitedLengths(_ frequencies: [Int]) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let used = frequencies.indices.filter { frequencies[$0] > 0 }.sorted { frequencies[$0] < frequencies[$1] }
        if used.count == 1 { lengths[used[0]] = 1 }
        if used.count < 2 { return lengths }
        // Two queues: the leaves by weight, then the merged nodes (made in
        // increasing weight). Node k < used.count is a leaf.
        var weight = used.map { frequencies[$0] }
        var parent = [Int](repeating: -1, count: 2 * used.count - 1)
        var leaf = 0
        var node = used.count
        weight.reserveCapacity(2 * used.count - 1)
        func smallest() -> Int {
            if leaf < used.count && (node >= weight.count || weight[leaf] <= weight[node]) {
                leaf += 1
                return leaf - 1
            }
            node += 1
            return node - 1
        }
        while weight.count < 2 * used.count - 1 {
            let first = smallest()
            let second = smallest()
            parent[first] = weight.count
            parent[second] = weight.count
            weight.append(weight[first] + weight[second])
        }
        var depth = [Int](repeating: 0, count: weight.count)
        for index in stride(from: weight.count - 2, through: 0, by: -1) {
            depth[index] = depth[parent[index]] + 1
        }
        for (index, symbol) in used.enumerated() { lengths[symbol] = UInt8(min(depth[index], 255)) }
        return lengths
    }

    /// The canonical codes (RFC 1951, 3.2.2) of the lengths, bit-reversed
    /// for writing least significant bit first.
    static func codes(lengths: [UInt8]) -> [UInt16] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + counts[bits - 1]) << 1
            next[bits] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed = 0
            for bit in 0..<Int(length) where value & (1 << bit) != 0 { reversed |= 1 << (Int(length) - 1 - bit) }
            codes[symbol] = UInt16(reversed)
        }
        return codes
    }
}
