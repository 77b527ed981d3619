import CPFKit
import Testing

@Suite("UniqueCPFGenerator")
struct UniqueCPFGeneratorTests {
    @Test("counts every CPF that is not a repeated digit")
    func counts() {
        #expect(UniqueCPFGenerator.count(in: nil) == 999_999_990)
        #expect(UniqueCPFGenerator.count(in: FiscalRegion(digit: 8)) == 99_999_999)
    }

    @Test("never repeats a CPF and makes only valid ones", arguments: [nil, 0, 8] as [Int?])
    func distinct(region digit: Int?) {
        let region = digit.flatMap { FiscalRegion(digit: $0) }
        var generator = UniqueCPFGenerator(region: region, seed: 5)
        let cpfs = (0..<20_000).map { _ in generator.next()! }
        #expect(Set(cpfs).count == cpfs.count)
        #expect(cpfs.allSatisfy { $0.digits.isValidCPF })
        if let region { #expect(cpfs.allSatisfy { $0.fiscalRegion == region }) }
    }

    @Test("the seed makes it reproducible")
    func seeded() {
        var first = UniqueCPFGenerator(seed: 1)
        var again = UniqueCPFGenerator(seed: 1)
        var other = UniqueCPFGenerator(seed: 2)
        let values = (0..<50).map { _ in first.next()! }
        #expect(values == (0..<50).map { _ in again.next()! })
        #expect(values != (0..<50).map { _ in other.next()! })
    }

    @Test("spreads over the regions")
    func uniformOverRegions() {
        var generator = UniqueCPFGenerator(seed: 77)
        var perRegion = [Int](repeating: 0, count: 10)
        for _ in 0..<50_000 { perRegion[generator.next()!.fiscalRegion.digit] += 1 }
        #expect(perRegion.allSatisfy { $0 > 4_500 && $0 < 5_500 })
    }
}
