import Testing

@testable import CPFDecoders

@Suite("TranscodingOffsetMap")
struct TranscodingOffsetMapTests {
    /// "Aé€" in UTF-16LE after a byte order mark: 1, 2 and 3 bytes out for 2 in each.
    static var map: TranscodingOffsetMap {
        var map = TranscodingOffsetMap()
        map.append(outputStart: 0, outputLength: 1, inputStart: 2, inputLength: 2)
        map.append(outputStart: 1, outputLength: 2, inputStart: 4, inputLength: 2)
        map.append(outputStart: 3, outputLength: 3, inputStart: 6, inputLength: 2)
        map.append(outputStart: 6, outputLength: 3, inputStart: 8, inputLength: 2)
        return map
    }

    @Test(
        "gives the input bytes of the character an output byte belongs to",
        arguments: [
            (0, 2..<4 as Range<Int>?), (1, 4..<6), (2, 4..<6), (3, 6..<8), (5, 6..<8), (6, 8..<10), (8, 8..<10),
            (9, nil), (-1, nil),
        ])
    func inputRange(output: Int, expected: Range<Int>?) {
        #expect(Self.map.inputRange(ofOutputOffset: output) == expected)
    }

    @Test("merges characters of the same sizes into one run")
    func merges() {
        #expect(Self.map.runs.count == 3)
        #expect(Self.map.runs.last?.count == 2)
        var identity = TranscodingOffsetMap()
        identity.appendIdentity(outputStart: 0, inputStart: 3, count: 5)
        identity.appendIdentity(outputStart: 5, inputStart: 8, count: 5)
        #expect(identity.runs.count == 1)
        #expect(identity.inputRange(ofOutputOffset: 9) == 12..<13)
    }
}
