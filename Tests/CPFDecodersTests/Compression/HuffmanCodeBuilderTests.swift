import Testing

@testable import CPFDecoders

@Suite("HuffmanCodeBuilder")
struct HuffmanCodeBuilderTests {
    @Test("gives codes as short in total as Huffman's algorithm in Python (heapq)")
    func optimalCost() throws {
        var random = SeededRandom(seed: 8)
        for round in 0..<30 {
            let count = Int.random(in: 2...60, using: &random)
            let frequencies = (0..<count).map { _ in Int.random(in: 1...1000, using: &random) }
            let lengths = HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: 15)
            let cost = zip(frequencies, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
            let printed = try python(
                """
                import heapq
                h = \(frequencies)
                heapq.heapify(h)
                cost = 0
                while len(h) > 1:
                    a = heapq.heappop(h); b = heapq.heappop(h)
                    cost += a + b
                    heapq.heappush(h, a + b)
                print(cost)
                """)
            #expect(cost == Int(String(decoding: printed, as: UTF8.self).split(separator: "\n")[0])!, "round \(round)")
        }
    }

    @Test("keeps every length within the limit and the code complete", arguments: [15, 7])
    func limitAndKraft(limit: Int) {
        var random = SeededRandom(seed: UInt64(limit))
        for _ in 0..<100 {
            let count = limit == 7 ? 19 : 286
            // Powers of two make the deepest trees.
            let frequencies = (0..<count).map { _ in
                Int.random(in: 0...2, using: &random) == 0 ? 0 : 1 << Int.random(in: 0...30, using: &random)
            }
            let lengths = HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: limit)
            let used = lengths.filter { $0 > 0 }
            #expect(used.count == frequencies.filter { $0 > 0 }.count)
            #expect(used.allSatisfy { Int($0) <= limit })
            if used.count >= 2 {
                // Kraft's sum is exactly one: no bit sequence is left unused.
                #expect(used.reduce(0) { $0 + (1 << (15 - Int($1))) } == 1 << 15)
            }
        }
    }

    /// RFC 1951, section 3.2.2's example, bit-reversed for writing.
    @Test("makes RFC 1951's canonical codes from lengths")
    func canonicalCodes() {
        let codes = HuffmanCodeBuilder.codes(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let written = ["010", "011", "100", "101", "110", "00", "1110", "1111"].map { code in
            code.enumerated().reduce(UInt16(0)) { $0 | ($1.element == "1" ? 1 << UInt16($1.offset) : 0) }
        }
        #expect(codes == written)
    }
}
