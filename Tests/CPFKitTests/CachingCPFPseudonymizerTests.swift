import Testing

@testable import CPFKit

@Suite("CachingCPFPseudonymizer")
struct CachingCPFPseudonymizerTests {
    static let key = CPFPseudonymizer.Key(bytes: (0..<32).map { UInt8($0) })!

    @Test(
        "gives the same pseudonyms and originals as CPFPseudonymizer, cached or not",
        arguments: [
            ("", false), ("lote-7", false), ("", true), ("lote-7", true),
        ])
    func sameResults(tweak: String, keepsRegion: Bool) {
        let plain = CPFPseudonymizer(key: Self.key, tweak: tweak, keepsRegion: keepsRegion)
        let caching = CachingCPFPseudonymizer(plain)
        var inputs = UniqueCPFGenerator(seed: 21)
        // Few distinct CPFs but a small range of halves: values are met again.
        let cpfs = (0..<3000).map { _ in inputs.next()! } + (0..<3000).map { CPF(base: $0 * 7 + 100_000) }
        var same = true
        for round in 0..<2 {  // the second time, every round value comes from the cache
            for cpf in cpfs {
                let pseudonym = caching.pseudonym(for: cpf)
                same = same && pseudonym == plain.pseudonym(for: cpf) && caching.original(for: pseudonym) == cpf
                same = same && caching.original(for: cpf) == plain.original(for: cpf)
            }
            #expect(same, "pass \(round)")
        }
    }

    @Test("walks past repeated-digit bases and keeps repeated CPFs, as CPFPseudonymizer does")
    func edgeCases() {
        let caching = CachingCPFPseudonymizer(CPFPseudonymizer(key: Self.key))
        #expect(caching.pseudonym(for: CPF(base: 253_551_639)).digits == "80441999344")
        #expect(caching.pseudonym(for: CPF(base: 222_222_222)) == CPF(base: 222_222_222))
        #expect(caching.pseudonymizer.keepsRegion == false)
    }
}
