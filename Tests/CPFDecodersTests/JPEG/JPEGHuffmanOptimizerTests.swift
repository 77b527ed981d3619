import Testing

@testable import CPFDecoders

@Suite("JPEGHuffmanOptimizer")
struct JPEGHuffmanOptimizerTests {
    @Test("random frequencies give a complete-enough table of codes ≤ 16 bits, none all 1-bits", arguments: 1...40)
    func property(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var frequencies = [Int](repeating: 0, count: 256)
        let used = Int.random(in: 1...256, using: &random)
        for _ in 0..<used {
            // Skewed frequencies, so some codes would pass 16 bits unlimited.
            frequencies[Int.random(in: 0..<256, using: &random)] = 1 << Int.random(in: 0...30, using: &random)
        }
        let table = try JPEGHuffmanOptimizer.table(frequencies: frequencies)
        var kraft = 0.0
        for symbol in 0..<256 {
            #expect(table.canEncode(UInt8(symbol)) == (frequencies[symbol] > 0))
            guard table.canEncode(UInt8(symbol)) else { continue }
            let size = Int(table.sizes[symbol])
            #expect(size >= 1 && size <= 16)
            #expect(Int(table.codes[symbol]) != (1 << size) - 1, "an all-1 code")
            kraft += 1.0 / Double(1 << size)
            let bits = UInt32(table.codes[symbol]) << UInt32(16 - size)
            #expect(table.decode(bits)?.symbol == UInt8(symbol))
        }
        #expect(kraft < 1.0)
    }

    @Test("one symbol alone gets a 1-bit code, 0")
    func single() throws {
        var frequencies = [Int](repeating: 0, count: 256)
        frequencies[7] = 100
        let table = try JPEGHuffmanOptimizer.table(frequencies: frequencies)
        #expect(table.sizes[7] == 1 && table.codes[7] == 0)
        #expect(table.counts == [1] + [UInt8](repeating: 0, count: 15))
    }

    @Test("the more frequent symbol never gets the longer code")
    func ordering() throws {
        let frequencies = (0..<256).map { $0 < 12 ? 1 << (12 - $0) : 0 }
        let table = try JPEGHuffmanOptimizer.table(frequencies: frequencies)
        for symbol in 1..<12 { #expect(table.sizes[symbol] >= table.sizes[symbol - 1]) }
    }
}
