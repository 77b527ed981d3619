// Tests of Lines/RoundReader.swift: the parts' ranges cover the input once,
// in order; each part's scanned bytes are the input's, with the context on
// each side; memory is the round's, whatever the input.

@testable import cpf
import CPFKit
import Testing

@Suite("RoundReader")
struct RoundReaderTests {
    @Test("ranges cover every byte once, in order, and scanned bytes hold them with their context",
          arguments: [(1, 256), (2, 256), (3, 300), (2, 1000)])
    func partition(parts: Int, partCapacity: Int) throws {
        var random = SplitMix64(seed: UInt64(parts * 7919 + partCapacity))
        for size in [0, 1, 255, 256, 257, 511, 512, 2000, 5003, 20_000] {
            let input = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            let reader = RoundReader(parts: parts, partCapacity: partCapacity)
            var next = 0
            var sawEnd = false
            try withFileDescriptor(containing: input) { descriptor in
                try reader.forEachRound(of: descriptor) { round in
                    #expect(round.count == parts)
                    for part in round {
                        #expect(part.range.lowerBound == next)
                        next = part.range.upperBound
                        let scanned = Array(part.scanned)
                        let offset = part.scannedOffset
                        #expect(scanned == Array(input[offset..<offset + scanned.count]))
                        #expect(offset <= part.range.lowerBound && offset >= Swift.max(0, part.range.lowerBound - RoundReader.context))
                        if part.reachesEnd {
                            #expect(offset + scanned.count == size)
                            sawEnd = true
                        } else {
                            #expect(offset + scanned.count >= Swift.min(size, part.range.upperBound + RoundReader.context))
                        }
                        #expect(scanned.count <= partCapacity + 4 * RoundReader.context)
                    }
                }
            }
            #expect(next == size)
            #expect(sawEnd)
        }
    }
}
