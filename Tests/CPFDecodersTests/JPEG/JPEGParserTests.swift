import Testing

@testable import CPFDecoders

@Suite("JPEGParser")
struct JPEGParserTests {
    @Test("the scan's data ends at the first marker other than RSTn, at its fill bytes")
    func endOfData() throws {
        #expect(try JPEGParser.endOfEntropyData([1, 0xFF, 0, 0xFF, 0xD3, 2, 0xFF, 0xFF, 0xD9], from: 0) == 6)
        #expect(throws: JPEGError.truncated) { try JPEGParser.endOfEntropyData([1, 0xFF, 0], from: 0) }
    }

    @Test("every segment before the scan is listed, in order, from its marker")
    func segments() throws {
        let bytes = try JPEGSamples.fixture("testorig.jpg")
        var parser = JPEGParser(bytes: bytes, limits: .default)
        try parser.parse()
        let markers = parser.segments.map { segment -> UInt8 in
            switch segment {
            case .kept(let range, _): bytes[range.lowerBound + 1]
            case .scan(let range, _): bytes[range.lowerBound + 1]
            }
        }
        #expect(markers == [0xE0, 0xDB, 0xDB, 0xC0, 0xC4, 0xC4, 0xC4, 0xC4, 0xDA])
        #expect(parser.componentQuantizers.allSatisfy { $0 > 0 })
    }

    @Test("a scan naming a table no DHT defined is refused")
    func missingTable() throws {
        var bytes = try JPEGSamples.fixture("testorig.jpg")
        // The SOS's first component selects DC table 0 and AC table 0: make it 3 and 3.
        guard let sos = bytes.indices.first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else {
            Issue.record("no SOS")
            return
        }
        bytes[sos + 6] = 0x33
        #expect(throws: JPEGError.missingTable("DC Huffman table 3")) { try JPEGImage(bytes) }
    }
}
