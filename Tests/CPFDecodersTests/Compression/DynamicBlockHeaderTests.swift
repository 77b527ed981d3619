import Testing

@testable import CPFDecoders

@Suite("DynamicBlockHeader")
struct DynamicBlockHeaderTests {
    /// Expands the run-length symbols back into lengths (RFC 1951, 3.2.7).
    static func expand(_ runs: [(symbol: Int, extra: Int)]) -> [UInt8] {
        var lengths: [UInt8] = []
        for run in runs {
            switch run.symbol {
            case 16: lengths += [UInt8](repeating: lengths.last!, count: 3 + run.extra)
            case 17: lengths += [UInt8](repeating: 0, count: 3 + run.extra)
            case 18: lengths += [UInt8](repeating: 0, count: 11 + run.extra)
            default: lengths.append(UInt8(run.symbol))
            }
        }
        return lengths
    }

    @Test("run-length codes the lengths so that they expand back, with the counts trimmed")
    func runLengthCoding() {
        var random = SeededRandom(seed: 6)
        for _ in 0..<200 {
            var literal = [UInt8](repeating: 0, count: 286)
            var distance = [UInt8](repeating: 0, count: 30)
            for index in 0..<286 where Int.random(in: 0...2, using: &random) == 0 {
                literal[index] = UInt8.random(in: 1...15, using: &random)
            }
            literal[256] = 7
            for index in 0..<30 where Bool.random(using: &random) {
                distance[index] = UInt8.random(in: 1...6, using: &random)
            }
            let header = DynamicBlockHeader(literalLengths: literal, distanceLengths: distance)
            #expect(header.literalCount >= 257 && header.literalCount <= 286)
            #expect(header.distanceCount >= 1 && header.distanceCount <= 30)
            let expected = Array(literal[..<header.literalCount]) + Array(distance[..<header.distanceCount])
            #expect(Self.expand(header.runs) == expected)
            #expect(header.runs.allSatisfy { $0.symbol != 16 || (0...3).contains($0.extra) })
            #expect(header.runs.allSatisfy { $0.symbol != 18 || (0...127).contains($0.extra) })
        }
    }

    @Test("writes as many bits as it says")
    func bitCount() {
        let header = DynamicBlockHeader(
            literalLengths: [UInt8](repeating: 8, count: 286), distanceLengths: [UInt8](repeating: 5, count: 30))
        let writer = BitWriter()
        header.write(to: writer)
        writer.alignToByte()
        var bytes: [UInt8] = []
        writer.handOver { bytes.append(contentsOf: $0) }
        #expect(bytes.count == (header.bitCount + 7) / 8)
    }
}
