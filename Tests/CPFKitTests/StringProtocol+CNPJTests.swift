// Tests of CNPJ/StringProtocol+CNPJ.swift: the readable CNPJ rule, the
// project's one definition of a valid CNPJ, numeric and alphanumeric
// (docs/reference.md#the-cnpj-and---document).
//
// Vectors we did not write, and where they come from:
// - Receita Federal / SERPRO: the example of the alphanumeric CNPJ,
//   12.ABC.345/01DE-35 (valid), published with IN RFB 2.229/2024 and in
//   SERPRO's "cálculo do DV do CNPJ alfanumérico".
// - paemuri/brdoc (Go), cpfcnpj_test.go at commit
//   fa4eb352b34eed11336ceb22781c0b9f5cc85564 (TestIsCNPJ): the valid
//   19.JA2.KO8/Z001-51, SC.RCN.1NI/0001-30, 4Y.2OP.G99/0001-41,
//   WE.0PP.M4F/0001-91, 26.637.142/0001-58, 74.221.325/0001-30 (masked and
//   bare) and the invalid WE.0PP.M5F/0001-92, 26.637.142/0001-85,
//   74.221.325/0001-03.
// - klawdyo/validation-br (TypeScript), test/cnpj.test.ts at commit
//   4781939e7de6ce84fa270828525c66ae1a4b2c9f: the valid A3.170.7X3/0001-36,
//   the numeric valid and invalid lists, and the check digits of the bases
//   A1.222.333/0001 (50), B1…E1 (03, 67, 10, 74) and twelve numeric bases.
// - brazilian-utils/brutils-python, tests/test_cnpj.py at commit
//   03003028ab4a8a44d9e1347b5e741a69bd9e2f09: 34665388000161 and
//   01838723000127 valid, 52599927000100 invalid.
// Each was recomputed by hand-independent means (a Python one-liner of the
// published rule) before being written here; none disagrees with the rule.

import CPFKit
import Testing

extension StringProtocol {
    /// `CNPJ(validating: self, options:)` as a result.
    func validatedCNPJ(options: CNPJ.ParsingOptions = .lenient) -> Result<CNPJ, CNPJValidationError> {
        do { return .success(try CNPJ(validating: self, options: options)) } catch { return .failure(error) }
    }

    /// The error `CNPJ(validating: self, options:)` throws, `nil` when it returns.
    func cnpjError(options: CNPJ.ParsingOptions = .lenient) -> CNPJValidationError? {
        guard case .failure(let error) = validatedCNPJ(options: options) else { return nil }
        return error
    }
}

/// Shorthand for expected CNPJ check digits, such as `cnpjDigits(3, 5)` for "35".
private func cnpjDigits(_ first: Int, _ second: Int) -> CNPJ.CheckDigits {
    CNPJ.CheckDigits(first: first, second: second)
}

@Suite("StringProtocol+CNPJ: vectors from the Receita and peer libraries")
struct CNPJPublishedVectorTests {
    @Test(
        "the Receita's example 12.ABC.345/01DE-35 is valid, masked, bare and in lower case",
        arguments: ["12.ABC.345/01DE-35", "12ABC34501DE35", "12abc34501de35", " 12.abc.345/01de-35\t"])
    func receitaExample(input: String) {
        #expect(input.isValidCNPJ)
        #expect(input.validatedCNPJ().map(\.characters) == .success("12ABC34501DE35"))
        #expect(input.validatedCNPJ().map(\.formatted) == .success("12.ABC.345/01DE-35"))
    }

    @Test(
        "valid CNPJs of paemuri/brdoc, klawdyo/validation-br and brutils-python are valid",
        arguments: [
            // paemuri/brdoc
            "26.637.142/0001-58", "74.221.325/0001-30", "19.JA2.KO8/Z001-51", "SC.RCN.1NI/0001-30",
            "4Y.2OP.G99/0001-41", "WE.0PP.M4F/0001-91", "26637142000158", "74221325000130", "19JA2KO8Z00151",
            "SCRCN1NI000130", "4Y2OPG99000141", "WE0PPM4F000191",
            // klawdyo/validation-br
            "A3.170.7X3/0001-36", "A31707X3000136", "11.222.333/0001-81", "73.797.980/0001-79",
            "06.946.762/0001-61", "96.051.576/0001-57", "55.585.709/0001-98", "99360938000180", "23693443000100",
            "32432147000147", "91951438000100",
            // brutils-python
            "34665388000161", "01838723000127",
        ])
    func peerValid(input: String) {
        #expect(input.isValidCNPJ)
        #expect(input.cnpjError(options: .strict) == nil)
    }

    @Test(
        "invalid CNPJs of the same libraries are refused for their check digits",
        arguments: [
            // paemuri/brdoc
            ("WE.0PP.M5F/0001-92", cnpjDigits(2, 7)), ("26.637.142/0001-85", cnpjDigits(5, 8)),
            ("74.221.325/0001-03", cnpjDigits(3, 0)),
            // klawdyo/validation-br
            ("53.797.980/0001-79", cnpjDigits(6, 1)), ("36.946.762/0001-61", cnpjDigits(2, 2)),
            ("26.051.576/0001-57", cnpjDigits(7, 1)), ("85.585.709/0001-98", cnpjDigits(5, 9)),
            ("39360938000180", cnpjDigits(5, 8)), ("93693443000100", cnpjDigits(9, 6)),
            ("12432147000147", cnpjDigits(3, 0)), ("61951438000100", cnpjDigits(4, 0)),
            // brutils-python
            ("52599927000100", cnpjDigits(9, 3)),
        ])
    func peerInvalid(input: String, expected: CNPJ.CheckDigits) {
        #expect(!input.isValidCNPJ)
        #expect(input.cnpjError() == .checkDigits(expected: expected))
    }

    @Test(
        "check digits of peer libraries' bases (klawdyo/validation-br) are computed alike",
        arguments: [
            ("A1.222.333/0001", "50"), ("B1.222.333/0001", "03"), ("C1.222.333/0001", "67"),
            ("D12223330001", "10"), ("E12223330001", "74"), ("12ABC34501DE", "35"), ("112223330001", "81"),
            ("993609380001", "80"), ("324321470001", "47"), ("132496630001", "96"), ("752827070001", "37"),
            ("265066480001", "28"), ("708032680001", "47"), ("195255840001", "47"), ("888634370001", "08"),
            ("060757490001", "84"), ("554120850001", "07"), ("754097240001", "92"),
        ])
    func peerCheckDigits(base: String, expected: String) throws {
        #expect(try CNPJ.CheckDigits(base: base).description == expected)
        #expect(try CNPJ(base: base).checkDigits.description == expected)
    }

    @Test(
        "repeated digits are refused as never issued; allowed on request, only 00000000000000 passes the checksum",
        arguments: (0...9).map { digit in String(repeating: String(digit), count: 14) })
    func repeatedDigits(input: String) {
        #expect(input.cnpjError() == .repeatedDigits)
        let allowed = input.cnpjError(options: .init(allowsRepeatedDigits: true))
        if input.hasPrefix("0") {
            #expect(allowed == nil)
        } else {
            guard case .checkDigits = allowed else {
                Issue.record("\(input): \(String(describing: allowed))")
                return
            }
        }
    }
}

@Suite("StringProtocol+CNPJ: input rules and reasons")
struct CNPJInputRuleTests {
    @Test(
        "each reason is reported for the text that has it",
        arguments: [
            ("", CNPJValidationError.empty), (" \t\r", .empty),
            ("12.ABC.345/01DE-3!", .invalidCharacter("!", position: 18)),
            ("12.ÁBC.345/01DE-35", .invalidCharacter("Á", position: 4)),
            ("12.ABC.345/01DE-3", .length(characterCount: 13)),
            ("12.ABC.345/01DE-355", .length(characterCount: 15)),
            ("12.ABC.345/01DE-3A", .invalidCharacter("A", position: 18)),
            ("12.ABC.345/01DEA5", .invalidCharacter("A", position: 16)),
            ("12.ABC.345/01DE-36", .checkDigits(expected: cnpjDigits(3, 5))),
            ("12-ABC-345.01DE/35", nil), ("12 ABC 345 01DE 35", nil),
        ])
    func lenientReasons(input: String, expected: CNPJValidationError?) {
        #expect(input.cnpjError() == expected)
    }

    @Test(
        "strict parsing takes only the bare and the masked shapes, in upper case",
        arguments: [
            ("12.ABC.345/01DE-35", nil), ("12ABC34501DE35", nil),
            ("12.abc.345/01DE-35", CNPJValidationError.lowercaseLetter("a", position: 4)),
            ("12abc34501de35", .lowercaseLetter("a", position: 3)),
            ("12-ABC-345.01DE/35", .format), ("12.ABC.34501DE-35", .format), ("12 ABC 345 01DE 35", .format),
            ("12.ABC.345/01DE-3A", .invalidCharacter("A", position: 18)),
        ])
    func strictReasons(input: String, expected: CNPJValidationError?) {
        #expect(input.cnpjError(options: .strict) == expected)
    }

    @Test("a numeric CNPJ that lost its leading zeros is padded only on request, bare and numeric")
    func padding() {
        #expect("191".cnpjError() == .length(characterCount: 3))
        #expect(
            "191".validatedCNPJ(options: .init(padsLeadingZeros: true)).map(\.formatted)
                == .success("00.000.000/0001-91"))
        #expect(
            "191".validatedCNPJ(options: .init(format: .strict, padsLeadingZeros: true)).map(\.characters)
                == .success("00000000000191"))
        #expect("1A1".cnpjError(options: .init(padsLeadingZeros: true)) == .length(characterCount: 3))
        #expect("0.191".cnpjError(options: .init(padsLeadingZeros: true)) == .length(characterCount: 4))
    }

    @Test("fullwidth, Arabic-Indic and accented characters are not CNPJ characters")
    func nonASCII() {
        #expect("１2.ABC.345/01DE-35".cnpjError() == .invalidCharacter("１", position: 1))
        #expect("12.ABÇ.345/01DE-35".cnpjError() == .invalidCharacter("Ç", position: 6))
    }
}

@Suite("StringProtocol+CNPJ: properties of the rule")
struct CNPJPropertyTests {
    /// The letters and digits of a base.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    @Test("a random base with its computed check digits is valid (20,000 alphanumeric and numeric bases)")
    func computedDigitsAreValid() throws {
        var rng = SplitMix64(seed: 0xC4B1_0000_0000_0029)
        for round in 0..<20_000 {
            let letters = round.isMultiple(of: 2) ? Self.alphabet : Array(Self.alphabet.prefix(10))
            let base = String((0..<12).map { _ in letters.randomElement(using: &rng)! })
            let digits = try CNPJ.CheckDigits(base: base)
            let whole = base + digits.description
            guard Set(whole).count > 1 else { continue }
            #expect(whole.isValidCNPJ, "\(whole)")
            #expect(whole.lowercased().isValidCNPJ)
            #expect(try CNPJ(base: base).characters == whole)
        }
    }

    /// The remainders by 11 of the rule's two weighted sums over a CNPJ's 14
    /// characters, written again here only to state the blind spots below.
    static func remainders(_ characters: [Character]) -> (first: Int, second: Int) {
        let values = characters.map { Int($0.asciiValue!) - 48 }
        let weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        let first = zip(values.prefix(12), weights.suffix(12)).reduce(0) { $0 + $1.0 * $1.1 } % 11
        let second = zip(values.prefix(13), weights).reduce(0) { $0 + $1.0 * $1.1 } % 11
        return (first, second)
    }

    @Test(
        """
        changing one character of a valid CNPJ makes it invalid, but for the rule's two blind spots: a base \
        character replaced by one whose value differs by a multiple of 11 (6 and A, 1 and G…), and remainders 0 \
        and 1, which both give check digit 0 (20,000 CNPJs)
        """)
    func oneChangedCharacter() throws {
        var rng = SplitMix64(seed: 0xC4B1_0000_0000_0030)
        var multiplesOf11 = 0
        var zeroOrOne = 0
        for _ in 0..<20_000 {
            let base = (0..<12).map { _ in Self.alphabet.randomElement(using: &rng)! }
            let valid = String(base) + (try CNPJ.CheckDigits(base: String(base))).description
            var characters = Array(valid)
            let index = Int.random(in: 0..<14, using: &rng)
            let pool = index < 12 ? Self.alphabet : Array(Self.alphabet.prefix(10))
            var replacement = pool.randomElement(using: &rng)!
            while replacement == characters[index] { replacement = pool.randomElement(using: &rng)! }
            let difference = Int(replacement.asciiValue!) - Int(characters[index].asciiValue!)
            let before = Self.remainders(characters)
            characters[index] = replacement
            let after = Self.remainders(characters)
            let changed = String(characters)
            guard Set(changed).count > 1 else { continue }
            if index < 12 && difference.isMultiple(of: 11) {
                multiplesOf11 += 1
                #expect(changed.isValidCNPJ, "\(valid) → \(changed)")
            } else if index < 12 && before.first + after.first == 1
                && (before.second == after.second || before.second + after.second == 1)
            {
                // The first sum moved between remainders 0 and 1 (both digit 0)
                // and the second stayed or did the same.
                zeroOrOne += 1
                #expect(changed.isValidCNPJ, "\(valid) → \(changed)")
            } else {
                #expect(!changed.isValidCNPJ, "\(valid) → \(changed)")
            }
        }
        #expect(multiplesOf11 > 0 && zeroOrOne > 0)
    }

    @Test("the Receita's example stays valid with 1 read as G: the two values differ by 22")
    func blindSpotExample() {
        #expect("G2.ABC.345/01DE-35".isValidCNPJ)
        #expect("12.ABC.345/01DE-35".isValidCNPJ)
    }
}
