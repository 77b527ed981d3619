// Tests of CNPJ/CNPJGenerator.swift: random valid CNPJs.

import CPFKit
import Testing

@Suite("CNPJGenerator")
struct CNPJGeneratorTests {
    @Test("numeric generators make valid numeric CNPJs; alphanumeric ones use letters in every base position")
    func validAndSpread() {
        var random = SplitMix64(seed: 29)
        let numeric = CNPJGenerator()
        let alphanumeric = CNPJGenerator(alphanumeric: true)
        var letterPositions = Set<Int>()
        for _ in 0..<5_000 {
            let plain = numeric.next(using: &random)
            #expect(plain.formatted.isValidCNPJ && !plain.isAlphanumeric)
            let mixed = alphanumeric.next(using: &random)
            #expect(mixed.characters.isValidCNPJ)
            for index in 0..<12 where mixed[byteAt: index] >= UInt8(ascii: "A") { letterPositions.insert(index) }
            #expect((12..<14).allSatisfy { mixed[byteAt: $0] &- 0x30 < 10 })
        }
        #expect(letterPositions == Set(0..<12))
    }

    @Test("a seed gives the same CNPJs every time")
    func reproducible() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let generator = CNPJGenerator(alphanumeric: true)
        let a = (0..<100).map { _ in generator.next(using: &first) }
        let b = (0..<100).map { _ in generator.next(using: &second) }
        #expect(a == b)
        #expect(Set(a).count == 100)
    }

    @Test("next() without a generator draws from the system's: valid, and not one value every time")
    func nextWithoutAGenerator() {
        let drawn = (0..<50).map { _ in CNPJGenerator(alphanumeric: true).next() }
        #expect(drawn.allSatisfy { $0.formatted.isValidCNPJ })
        #expect(Set(drawn).count > 1)
    }
}
