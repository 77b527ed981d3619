import Testing

@testable import CPFDecoders

@Suite("HuffmanTable")
struct HuffmanTableTests {
    /// The bits of a code written as RFC 1951 writes it (most significant
    /// first), as the inflater reads them: first bit lowest.
    static func bits(_ code: String) -> UInt64 {
        var value: UInt64 = 0
        for (index, bit) in code.enumerated() where bit == "1" { value |= 1 << UInt64(index) }
        return value
    }

    /// RFC 1951, section 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) for A-H give
    /// the codes 010, 011, 100, 101, 110, 00, 1110, 1111.
    @Test(
        "decodes RFC 1951's example code",
        arguments: [
            ("010", 0), ("011", 1), ("100", 2), ("101", 3), ("110", 4), ("00", 5), ("1110", 6), ("1111", 7),
        ])
    func rfcExample(code: String, symbol: Int) throws {
        let table = HuffmanTable(maximumSymbols: 8)
        defer { table.deallocate() }
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        try lengths.withUnsafeBufferPointer {
            try table.build(lengths: $0.baseAddress!, count: 8, allowsSingleCode: false)
        }
        let decoded = table.decode(Self.bits(code) | 0xFFFF_0000, available: 16)
        #expect(decoded.symbol == symbol && decoded.length == code.count)
        // With fewer bits than the code, it asks for more.
        #expect(table.decode(Self.bits(code), available: code.count - 1).length == 17)
    }

    @Test("decodes every code the encoder's builder makes, long ones included")
    func roundTripsBuiltCodes() throws {
        var random = SeededRandom(seed: 40)
        for _ in 0..<50 {
            // Skewed frequencies, so that some codes are longer than ten bits.
            let frequencies = (0..<286).map { _ in
                Int.random(in: 0...3, using: &random) == 0 ? 0 : 1 << Int.random(in: 0...18, using: &random)
            }
            let lengths = HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: 15)
            let codes = HuffmanCodeBuilder.codes(lengths: lengths)
            let table = HuffmanTable(maximumSymbols: 286)
            defer { table.deallocate() }
            try lengths.withUnsafeBufferPointer {
                try table.build(lengths: $0.baseAddress!, count: 286, allowsSingleCode: true)
            }
            for symbol in 0..<286 where lengths[symbol] > 0 {
                let decoded = table.decode(UInt64(codes[symbol]), available: 15)
                #expect(decoded.symbol == symbol && decoded.length == Int(lengths[symbol]))
            }
        }
    }

    @Test(
        "refuses over-subscribed and incomplete lengths",
        arguments: [
            ([1, 1, 1] as [UInt8], InflateError.invalidCodeLengths(.oversubscribed)),
            ([2, 2, 2], .invalidCodeLengths(.incomplete)),
            ([2], .invalidCodeLengths(.incomplete)),
        ])
    func refusesBadLengths(lengths: [UInt8], expected: InflateError) {
        let table = HuffmanTable(maximumSymbols: 8)
        defer { table.deallocate() }
        #expect(throws: expected) {
            try lengths.withUnsafeBufferPointer {
                try table.build(lengths: $0.baseAddress!, count: lengths.count, allowsSingleCode: true)
            }
        }
    }

    @Test("allows one code of one bit, or none, where RFC 1951 does, and says the other bit is no code")
    func singleCode() throws {
        let table = HuffmanTable(maximumSymbols: 2)
        defer { table.deallocate() }
        let single: [UInt8] = [0, 1]
        try single.withUnsafeBufferPointer {
            try table.build(lengths: $0.baseAddress!, count: 2, allowsSingleCode: true)
        }
        #expect(table.decode(0, available: 15) == (1, 1))
        #expect(table.decode(1, available: 15).length == 16)
        #expect(throws: InflateError.invalidCodeLengths(.incomplete)) {
            try single.withUnsafeBufferPointer {
                try table.build(lengths: $0.baseAddress!, count: 2, allowsSingleCode: false)
            }
        }
    }
}
