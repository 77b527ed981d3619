import Testing

@testable import CPFDecoders

@Suite("PDFLZWDecoder")
struct PDFLZWDecoderTests {
    /// An LZW encoder as ISO 32000-1 7.4.4.2 describes, for round trips.
    private func encode(_ data: [UInt8], earlyChange: Int) -> [UInt8] {
        var table: [[UInt8]: Int] = [:]
        for byte in 0..<256 { table[[UInt8(byte)]] = byte }
        var next = 258
        var width = 9
        var bits: [Bool] = []
        func put(_ code: Int) {
            for shift in stride(from: width - 1, through: 0, by: -1) { bits.append(code >> shift & 1 == 1) }
        }
        put(256)
        var current: [UInt8] = []
        for byte in data {
            let extended = current + [byte]
            if table[extended] != nil {
                current = extended
                continue
            }
            put(table[current]!)
            table[extended] = next
            next += 1
            if next + earlyChange > (1 << width) && width < 12 { width += 1 }
            if next == 4096 - earlyChange {
                put(256)
                table = table.filter { $0.key.count == 1 }
                next = 258
                width = 9
            }
            current = [byte]
        }
        if !current.isEmpty { put(table[current]!) }
        put(257)
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            var byte: UInt8 = 0
            for offset in 0..<8 { byte = byte << 1 | (start + offset < bits.count && bits[start + offset] ? 1 : 0) }
            bytes.append(byte)
        }
        return bytes
    }

    @Test("decodes the example of ISO 32000-1 7.4.4.2")
    func specExample() throws {
        let decoded = try PDFLZWDecoder.decode(
            [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01], earlyChange: 1, limit: 1 << 20)
        #expect(decoded == Array("-----A---B".utf8))
    }

    @Test("decodes what an LZW encoder writes, through code widths 9 to 12 and table resets", arguments: [0, 1])
    func roundTrips(earlyChange: Int) throws {
        for kind in ["text", "random", "runs"] {
            let data = SampleData.make(kind, 30_000, seed: 24)
            let decoded = try PDFLZWDecoder.decode(
                encode(data, earlyChange: earlyChange), earlyChange: earlyChange, limit: 1 << 20)
            #expect(decoded == data, "\(kind)")
        }
    }

    @Test("stops at the limit, and on a damaged stream keeps what came before")
    func limitsAndDamage() throws {
        let data = [UInt8](repeating: 0x41, count: 10_000)
        #expect(throws: DecompressionLimitError.outputTooLarge(limit: 100)) {
            try PDFLZWDecoder.decode(encode(data, earlyChange: 1), earlyChange: 1, limit: 100)
        }
        // 9-bit code 300 before it is defined: nothing more is decoded.
        #expect(try PDFLZWDecoder.decode([0x20, 0xCB, 0x00], earlyChange: 1, limit: 100) == [0x41])
        for seed in 0..<50 as Range<UInt64> {
            _ = try? PDFLZWDecoder.decode(SampleData.random(500, seed: seed), earlyChange: 1, limit: 1 << 16)
        }
    }

    @Test(
        "decodes RunLengthDecode",
        arguments: [
            ([2, 0x61, 0x62, 0x63, 0xFE, 0x78, 0x80, 0x01], Array("abcxxx".utf8)), ([0x80, 1, 2], []),
            ([5, 0x61], Array("a".utf8)), ([0xFF], []),
        ] as [([UInt8], [UInt8])])
    func runLength(data: [UInt8], expected: [UInt8]) throws {
        #expect(try PDFLZWDecoder.runLength(data, limit: 100) == expected)
    }
}
