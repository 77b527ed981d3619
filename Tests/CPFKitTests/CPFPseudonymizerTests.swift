import Testing

@testable import CPFKit

@Suite("CPFPseudonymizer")
struct CPFPseudonymizerTests {
    /// The key 00 01 02 … 1f.
    static let key = CPFPseudonymizer.Key(bytes: (0..<32).map { UInt8($0) })!

    /// Pseudonyms of the FF1 construction of docs/reference.md#cpf-pseudonymize-consistent-reversible-pseudonyms
    /// computed by an independent FF1
    /// (Python on OpenSSL's AES, Scripts/bench_pseudonym.py) for the key
    /// 00 01 … 1f: bases 390533447, 123456789, 000000001, 999999998.
    @Test(
        "matches an independent FF1-AES-256 implementation",
        arguments: [
            ("", false, ["48533184026", "62831234140", "09611064926", "72614207780"]),
            ("crm-2025", false, ["53845152362", "70932757960", "84356812115", "74315798703"]),
            ("", true, ["48404092770", "68134865941", "68539652137", "80339678895"]),
            ("crm-2025", true, ["89762889711", "36745606909", "72279038188", "11187261890"]),
            ("ação", false, ["86476193740", "02759128334", "77899209013", "64376459704"]),
        ])
    func knownAnswers(tweak: String, keepsRegion: Bool, pseudonyms: [String]) throws {
        let pseudonymizer = CPFPseudonymizer(key: Self.key, tweak: tweak, keepsRegion: keepsRegion)
        for (base, expected) in zip([390_533_447, 123_456_789, 1, 999_999_998], pseudonyms) {
            let pseudonym = pseudonymizer.pseudonym(for: CPF(base: base))
            #expect(pseudonym.digits == expected)
            #expect(pseudonymizer.original(for: pseudonym) == CPF(base: base))
        }
    }

    /// Bases whose first encryption is one repeated digit (found by
    /// decrypting 000000000 … with the reference): encrypted again.
    @Test(
        "walks past repeated-digit bases",
        arguments: [
            (253_551_639, false, "80441999344"), (672_583_372, false, "42681816289"),
            (762_203_374, false, "32515888429"),
            (205_246_770, true, "68539652056"), (348_248_321, true, "32328718108"),
        ])
    func cycleWalking(base: Int, keepsRegion: Bool, expected: String) {
        let pseudonymizer = CPFPseudonymizer(key: Self.key, keepsRegion: keepsRegion)
        let pseudonym = pseudonymizer.pseudonym(for: CPF(base: base))
        #expect(pseudonym.digits == expected)
        #expect(pseudonymizer.original(for: pseudonym) == CPF(base: base))
    }

    @Test("a repeated-digit CPF is its own pseudonym", arguments: 0...9)
    func repeatedIsFixed(digit: Int) {
        let cpf = CPF(base: digit * 111_111_111)
        for keepsRegion in [false, true] {
            let pseudonymizer = CPFPseudonymizer(key: Self.key, keepsRegion: keepsRegion)
            #expect(pseudonymizer.pseudonym(for: cpf) == cpf)
            #expect(pseudonymizer.original(for: cpf) == cpf)
        }
    }

    @Test("the tweak and the key change the pseudonym")
    func tweakAndKeyMatter() throws {
        let cpf = try CPF(validating: "390.533.447-05")
        let plain = CPFPseudonymizer(key: Self.key).pseudonym(for: cpf)
        #expect(CPFPseudonymizer(key: Self.key, tweak: "a").pseudonym(for: cpf) != plain)
        let other = CPFPseudonymizer.Key(bytes: [UInt8](repeating: 0, count: 32))!
        #expect(CPFPseudonymizer(key: other).pseudonym(for: cpf) != plain)
        #expect(
            CPFPseudonymizer(key: Self.key, tweakBytes: Array("a".utf8)).pseudonym(for: cpf)
                == CPFPseudonymizer(key: Self.key, tweak: "a").pseudonym(for: cpf))
    }

    @Test("packed digits go through the same construction")
    func packedDigits() throws {
        let pseudonymizer = CPFPseudonymizer(key: Self.key, tweak: "t")
        let cpf = try CPF(validating: "390.533.447-05")
        let packed = pseudonymizer.pseudonym(packed: cpf.packed)
        #expect(packed == pseudonymizer.pseudonym(for: cpf).packed)
        #expect(pseudonymizer.pseudonym(packed: packed, reversed: true) == cpf.packed)
    }

    /// Distinct CPFs in, distinct valid non-repeated pseudonyms out, and back.
    /// A million in release builds (`swift test -c release --filter
    /// CPFPseudonymizerTests`); fewer in debug builds, where AES runs about a
    /// hundred times slower. Scripts/bench_pseudonym.py checks a million
    /// through the command as well.
    #if DEBUG
        static let propertyCount = 20_000
    #else
        static let propertyCount = 1_000_000
    #endif

    @Test(
        "distinct CPFs give distinct valid pseudonyms, and --reverse gives them back",
        arguments: [
            ("", false), ("lote-7", false), ("", true), ("lote-7", true),
        ])
    func bijection(tweak: String, keepsRegion: Bool) {
        let pseudonymizer = CPFPseudonymizer(key: Self.key, tweak: tweak, keepsRegion: keepsRegion)
        var inputs = UniqueCPFGenerator(seed: 14)
        var seen = Set<CPF>(minimumCapacity: Self.propertyCount)
        var allValid = true
        var allReversed = true
        var regionsKept = true
        for _ in 0..<Self.propertyCount {
            let cpf = inputs.next()!
            let pseudonym = pseudonymizer.pseudonym(for: cpf)
            seen.insert(pseudonym)
            allValid = allValid && pseudonym.digits.isValidCPF
            allReversed = allReversed && pseudonymizer.original(for: pseudonym) == cpf
            regionsKept = regionsKept && (!keepsRegion || pseudonym.fiscalRegion == cpf.fiscalRegion)
        }
        #expect(seen.count == Self.propertyCount)
        #expect(allValid)
        #expect(allReversed)
        #expect(regionsKept)
    }

    @Test("without --keep-region the region is not kept")
    func regionsMove() {
        let pseudonymizer = CPFPseudonymizer(key: Self.key)
        let moved = (1..<200).filter { base in
            let cpf = CPF(base: base * 4_999_999)
            return pseudonymizer.pseudonym(for: cpf).fiscalRegion != cpf.fiscalRegion
        }
        #expect(moved.count > 150)
    }
}
