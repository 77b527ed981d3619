import Testing

@testable import CPFDecoders

@Suite("JPEGHuffmanTable")
struct JPEGHuffmanTableTests {
    /// T.81 Table K.3: the luminance DC table of Annex K.
    static let luminanceDC = (
        counts: [UInt8]([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]), symbols: [UInt8](0...11)
    )

    @Test("the codes of Annex K's luminance DC table (Table K.3)")
    func annexK() throws {
        let table = try JPEGHuffmanTable(counts: Self.luminanceDC.counts, symbols: Self.luminanceDC.symbols)
        // Category 0: 00; 1: 010; 5: 110; 6: 1110; 11: 111111110.
        let expected: [(UInt8, UInt16, UInt8)] = [
            (0, 0b00, 2), (1, 0b010, 3), (5, 0b110, 3), (6, 0b1110, 4), (11, 0x1FE, 9),
        ]
        for (symbol, code, size) in expected {
            #expect(table.codes[Int(symbol)] == code && table.sizes[Int(symbol)] == size)
            let bits = UInt32(code) << (16 - UInt32(size)) | (1 << (15 - UInt32(size)))
            #expect(table.decode(bits)! == (symbol, Int(size)))
        }
        #expect(!table.canEncode(12))
    }

    @Test("a code no table entry starts decodes to nothing")
    func unknownCode() throws {
        let table = try JPEGHuffmanTable(counts: Self.luminanceDC.counts, symbols: Self.luminanceDC.symbols)
        #expect(table.decode(0xFFFF) == nil)
    }

    @Test(
        "counts that do not match the symbols, or overfill a length, are refused",
        arguments: [
            ([UInt8](repeating: 0, count: 15), [UInt8]()), ([1] + [UInt8](repeating: 0, count: 15), [UInt8]()),
            ([3] + [UInt8](repeating: 0, count: 15), [0, 1, 2]),
        ])
    func malformed(counts: [UInt8], symbols: [UInt8]) {
        #expect(throws: JPEGError.self) { try JPEGHuffmanTable(counts: counts, symbols: symbols) }
    }

    @Test("the DHT payload is class and identifier, the counts, the symbols")
    func payload() throws {
        let table = try JPEGHuffmanTable(counts: Self.luminanceDC.counts, symbols: Self.luminanceDC.symbols)
        #expect(table.segmentPayload(tableClass: 1, identifier: 2) == [0x12] + Self.luminanceDC.counts + Array(0...11))
    }
}
