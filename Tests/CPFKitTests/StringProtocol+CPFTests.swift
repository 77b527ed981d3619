// Tests of StringProtocol+CPF.swift: the readable rule, the project's one
// definition of what a valid CPF is (the check-digit rule and the input rules: docs/reference.md#the-cpf and
// #input-rules-and-reasons).

import CPFKit
import Testing

/// Shorthand for the expected check digits of an error, such as `digits(8, 1)` for "81".
private func digits(_ first: Int, _ second: Int) -> CPF.CheckDigits {
    CPF.CheckDigits(first: first, second: second)
}

// The public doors to the rule, as results the tables compare: every test
// of CPFKitTests reads text through `CPF(validating:options:)` and
// `CPF.CheckDigits(base:)`, the one way the library offers.
extension StringProtocol {
    /// `CPF(validating: self, options:)` as a result.
    func validatedCPF(options: CPF.ParsingOptions = .lenient) -> Result<CPF, CPFValidationError> {
        do { return .success(try CPF(validating: self, options: options)) } catch { return .failure(error) }
    }

    /// The error `CPF(validating: self, options:)` throws, `nil` when it returns.
    func cpfError(options: CPF.ParsingOptions = .lenient) -> CPFValidationError? {
        guard case .failure(let error) = validatedCPF(options: options) else { return nil }
        return error
    }

    /// `CPF.CheckDigits(base: self)` as a result.
    func checkDigitsOfBase() -> Result<CPF.CheckDigits, CPFValidationError> {
        do { return .success(try CPF.CheckDigits(base: self)) } catch { return .failure(error) }
    }
}

@Suite("StringProtocol+CPF: published examples")
struct PublishedExampleTests {
    @Test(
        "python-stdnum's documented valid example 390.533.447-05 is valid, masked and bare",
        arguments: ["390.533.447-05", "39053344705"])
    func stdnumValidExample(input: String) {
        #expect(input.isValidCPF)
        #expect(input.cpfError() == nil)
        #expect(input.validatedCPF().map(\.digits) == .success("39053344705"))
    }

    // the specification's example message says "check digits should be 38" for this
    // number, but the check-digit rule (docs/reference.md#the-cpf) gives 81: 2·10+3·9+1·8+0·7+0·6+2·5+9·4+9·3+9·2 =
    // 146, 146 mod 11 = 3,
    // digit 11−3 = 8; then 2·11+3·10+1·9+0+0+2·7+9·6+9·5+9·4+8·2 = 197 (with the
    // first check digit 8 at weight 2 — the example is wrong, the rule is right; see docs/decisions.md, "The
    // specification's example message"),
    // 197 mod 11 = 10, digit 1. python-stdnum agrees: 23100299981 is valid.
    @Test(
        "python-stdnum's documented wrong checksum 231.002.999-00 is rejected, expecting check digits 81",
        arguments: ["231.002.999-00", "23100299900"])
    func stdnumWrongChecksumExample(input: String) {
        #expect(!input.isValidCPF)
        #expect(input.cpfError() == .checkDigits(expected: digits(8, 1)))
        #expect("231.002.999-81".isValidCPF)
    }

    @Test(
        "the widely published 111.444.777-35 is valid, masked and bare",
        arguments: ["111.444.777-35", "11144477735"])
    func widelyPublishedExample(input: String) {
        #expect(input.isValidCPF)
    }

    // 3·10+9·9+0·8+5·7+3·6+3·5+4·4+4·3+7·2 = 221, 221 mod 11 = 1 < 2 → 0;
    // 3·11+9·10+0·9+5·8+3·7+3·6+4·5+4·4+7·3+0·2 = 259, 259 mod 11 = 6 → 11−6 = 5.
    @Test("the check digits of 390.533.447 worked out by hand from the check-digit rule are 05")
    func workedExample() {
        #expect("390.533.447".checkDigitsOfBase() == .success(digits(0, 5)))
        #expect("390533447".checkDigitsOfBase() == .success(digits(0, 5)))
    }
}

// The verdicts in this table were produced by python-stdnum 2.2
// (`stdnum.br.cpf.is_valid`, from /tmp/stdnum-venv), not by CPFKit. The
// candidates came from a seeded Python script (random.Random(20240611)):
// 16 valid numbers computed from random bases (alternately masked and bare),
// 10 with one digit changed, 6 with two adjacent different digits swapped,
// 4 with 10 or 12 digits, 4 valid ones written with spaces or surrounded by
// spaces, then hand-picked inputs (separators anywhere, surrounding tab/CR,
// tab/CR inside, junk, empty, published examples). Each line was printed as
// `(input, cpf.is_valid(input))` and pasted here unchanged.
//
// Only inputs on which python-stdnum and the input rules (docs/reference.md#input-rules-and-reasons) are meant to agree
// are in this
// table; the known differences are in `stdnumDifferences` below.
private let stdnumVerdicts: [(String, Bool)] = [
    ("954.255.503-24", true),
    ("49106549179", true),
    ("210.350.344-92", true),
    ("66379563091", true),
    ("945.463.382-10", true),
    ("60605865116", true),
    ("675.019.920-88", true),
    ("45380580335", true),
    ("355.860.821-60", true),
    ("44097499270", true),
    ("135.577.601-54", true),
    ("43279622441", true),
    ("908.075.165-03", true),
    ("61405323531", true),
    ("269.159.564-17", true),
    ("19069784416", true),
    ("36521448388", false),
    ("653.673.301-49", false),
    ("59538768088", false),
    ("981.739.008-56", false),
    ("64307432457", false),
    ("291.050.418-39", false),
    ("55453269522", false),
    ("940.756.636-40", false),
    ("44278679585", false),
    ("940.911.027-34", false),
    ("04962844124", false),
    ("017.015.293-14", false),
    ("59217416171", false),
    ("858.717.755-76", false),
    ("19970953704", false),
    ("558.852.270-75", false),
    ("375623722254", false),
    ("0328099708", false),
    ("701343067671", false),
    ("4587132314", false),
    ("  864.598.365-66 ", true),
    ("912 852 815 86", true),
    ("  423.751.807-80 ", true),
    ("837 523 463 02", true),
    ("390 533 447 05", true),
    ("3.9.0.5.3.3.4.4.7.0.5", true),
    (".390.533.447-05.", true),
    ("390--533..447  05", true),
    ("\t390.533.447-05\r", true),
    ("390.533\t447-05", false),
    ("390.533.447\r05", false),
    ("390.533.447-05x", false),
    ("foo390.533.447-05", false),
    ("390.533.447/05", false),
    ("390.533.447=0", false),
    ("", false),
    ("   ", false),
    ("390.533.447-5", false),
    ("123.456.789-09", true),
    ("123.456.789-10", false),
    ("04962844105", true),
    ("049.628.441-05", true),
    ("390.533.447-05", true),
    ("39053344705", true),
    ("231.002.999-00", false),
    ("23100299900", false),
    ("111.444.777-35", true),
    ("11144477735", true),
]

// Where python-stdnum 2.2 and CPFKit (following the check-digit rule and the input rules: docs/reference.md#the-cpf and
// #input-rules-and-reasons) disagree, checked
// with python-stdnum the same way. stdnum's `compact` maps many Unicode dashes
// and the fullwidth digits to ASCII and `str.strip()` removes any Unicode
// white space (LF, NO-BREAK SPACE); its `validate` rejects only 00000000000 of
// the repeated-digit numbers (`int(number) <= 0`) and accepts 111.111.111-11 …
// 999.999.999-99. CPFKit rejects all ten by default (docs/reference.md#the-cpf), trims only
// space, tab and CR, and never converts a non-ASCII character.
private let stdnumDifferences: [(input: String, stdnumSaysValid: Bool, ours: CPFValidationError)] = [
    ("000.000.000-00", false, .repeatedDigits),
    ("111.111.111-11", true, .repeatedDigits),
    ("55555555555", true, .repeatedDigits),
    ("999.999.999-99", true, .repeatedDigits),
    ("390.533.447-05\n", true, .invalidCharacter("\n", position: 15)),
    ("\u{A0}390.533.447-05", true, .invalidCharacter("\u{A0}", position: 1)),
    ("390.533.447\u{2013}05", true, .invalidCharacter("\u{2013}", position: 12)),
    ("\u{FF13}\u{FF19}\u{FF10}.533.447-05", true, .invalidCharacter("\u{FF13}", position: 1)),
]

@Suite("StringProtocol+CPF: verdicts checked with python-stdnum")
struct StdnumVerdictTests {
    @Test("the table has at least 40 inputs, valid and invalid, masked and bare")
    func tableIsLargeAndMixed() {
        #expect(stdnumVerdicts.count >= 40)
        #expect(stdnumVerdicts.contains { $0.1 } && stdnumVerdicts.contains { !$0.1 })
        #expect(
            stdnumVerdicts.contains { $0.0.contains(".") } && stdnumVerdicts.contains { $0.0.allSatisfy(\.isNumber) })
    }

    @Test("isValidCPF gives python-stdnum's verdict", arguments: stdnumVerdicts)
    func agreesWithStdnum(input: String, stdnumSaysValid: Bool) {
        #expect(input.isValidCPF == stdnumSaysValid)
        #expect((input.cpfError() == nil) == stdnumSaysValid)
    }

    @Test(
        """
        where python-stdnum differs (repeated digits, Unicode white space, dashes and digits), CPFKit follows its \
        input rules
        """,
        arguments: stdnumDifferences)
    func documentedDifferences(input: String, stdnumSaysValid: Bool, ours: CPFValidationError) {
        #expect(input.cpfError() == ours)
    }

    @Test("with allowsRepeatedDigits, 000.000.000-00 is accepted although python-stdnum rejects it")
    func zerosWithAllowsRepeated() {
        #expect("000.000.000-00".cpfError(options: .init(allowsRepeatedDigits: true)) == nil)
    }
}

@Suite("StringProtocol+CPF: the reasons of docs/reference.md#input-rules-and-reasons, their payloads and their order")
struct ReasonTests {
    @Test(
        "nothing left after trimming space, tab and CR is empty",
        arguments: ["", " ", "   ", "\t", "\r", " \t\r \r\t "])
    func empty(input: String) {
        #expect(input.cpfError() == .empty)
        #expect(input.cpfError(options: .strict) == .empty)
        #expect(input.cpfError(options: .init(padsLeadingZeros: true, allowsRepeatedDigits: true)) == .empty)
    }

    @Test(
        "a line feed, form feed or vertical tab is not trimmed: it is an invalid character",
        arguments: [
            ("\n", "\n" as Unicode.Scalar, 1), ("390.533.447-05\n", "\n", 15), ("\u{0B}39053344705", "\u{0B}", 1),
            ("39053344705\u{0C}", "\u{0C}", 12),
        ])
    func otherWhiteSpaceIsInvalid(input: String, scalar: Unicode.Scalar, position: Int) {
        #expect(input.cpfError() == .invalidCharacter(scalar, position: position))
    }

    @Test(
        "an invalid character is reported with its scalar and its 1-based position counted before trimming",
        arguments: [
            ("  39a", "a" as Unicode.Scalar, 5),
            ("foo390.533.447-05", "f", 1),
            ("390.533.447-05x", "x", 15),
            ("390.533.447/05", "/", 12),
            ("390,533,447-05", ",", 4),
            ("\t \r390.533.447_05", "_", 15),
            ("390.533.447-05 !", "!", 16),
            ("390.533.447-0\u{0}5", "\u{0}", 14),
            ("'390.533.447-05'", "'", 1),
        ])
    func invalidCharacterPayload(input: String, scalar: Unicode.Scalar, position: Int) {
        #expect(input.cpfError() == .invalidCharacter(scalar, position: position))
    }

    @Test(
        "a tab or CR inside the number is an invalid character at its position",
        arguments: [
            ("390.533\t447-05", "\t" as Unicode.Scalar, 8), ("390.533.447\r05", "\r", 12),
            ("  390 \t 533", "\t", 7), ("39053344705\r\n", "\r", 12),
        ])
    func controlInside(input: String, scalar: Unicode.Scalar, position: Int) {
        #expect(input.cpfError() == .invalidCharacter(scalar, position: position))
        #expect(input.cpfError(options: .strict) == .invalidCharacter(scalar, position: position))
    }

    @Test("only the first invalid character is reported")
    func firstInvalidCharacter() {
        #expect("12ab".cpfError() == .invalidCharacter("a", position: 3))
        #expect("390.533.447-05\u{301}x".cpfError() == .invalidCharacter("\u{301}", position: 15))
    }

    @Test("a bad character wins over the wrong length", arguments: ["39a", "a", "3905334470x", "390533447055x5"])
    func invalidCharacterBeforeLength(input: String) {
        #expect(input.cpfError()?.code == "invalid-character")
    }

    @Test("a bad character wins over the strict format")
    func invalidCharacterBeforeFormat() {
        #expect("390.533.447_05".cpfError(options: .strict) == .invalidCharacter("_", position: 12))
        #expect("390 533 447x05".cpfError(options: .strict) == .invalidCharacter("x", position: 12))
    }

    @Test(
        "in strict mode the format is checked before the length",
        arguments: ["390.533.447", "390.533.447-0", "3905334470", "390533447055", "390 533 447 05 5"])
    func formatBeforeLength(input: String) {
        #expect(input.cpfError(options: .strict) == .format)
    }

    @Test(
        "the length is checked before the repeated digits, with the digit count as payload",
        arguments: [
            ("1111111111", 10), ("111111111111", 12), ("111.111.111-1", 10), ("0", 1), ("...", 0), ("- -", 0),
            ("390.533.447", 9), (String(repeating: "7", count: 40), 40),
        ])
    func lengthBeforeRepeated(input: String, digitCount: Int) {
        #expect(input.cpfError() == .length(digitCount: digitCount))
    }

    @Test(
        "a repeated-digit number is reported as repeated, never as a check-digit error",
        arguments: 0...9)
    func repeatedReported(digit: Int) {
        let bare = String(repeating: String(digit), count: 11)
        let masked = "\(bare.prefix(3)).\(bare.dropFirst(3).prefix(3)).\(bare.dropFirst(6).prefix(3))-\(bare.suffix(2))"
        #expect(bare.cpfError() == .repeatedDigits)
        #expect(masked.cpfError() == .repeatedDigits)
        #expect(masked.cpfError(options: .strict) == .repeatedDigits)
    }

    @Test(
        "wrong check digits report the expected ones",
        arguments: [
            ("390.533.447-06", digits(0, 5)), ("39053344750", digits(0, 5)), ("111.444.777-53", digits(3, 5)),
            ("123.456.789-00", digits(0, 9)), ("000.000.001-00", digits(9, 1)),
        ])
    func checkDigitsPayload(input: String, expected: CPF.CheckDigits) {
        #expect(input.cpfError() == .checkDigits(expected: expected))
    }
}

@Suite("StringProtocol+CPF: only ASCII digits are digits")
struct NonASCIIDigitTests {
    @Test(
        "non-ASCII digits, marks and symbols are invalid characters, reported with the right scalar",
        arguments: [
            (
                "\u{FF13}\u{FF19}\u{FF10}.\u{FF15}\u{FF13}\u{FF13}.\u{FF14}\u{FF14}\u{FF17}-\u{FF10}\u{FF15}",
                "\u{FF13}" as Unicode.Scalar, 1
            ),
            ("390.533.44\u{FF17}-05", "\u{FF17}", 11),
            ("\u{663}\u{669}\u{660}\u{665}\u{663}\u{663}\u{664}\u{664}\u{667}\u{660}\u{665}", "\u{663}", 1),
            ("390533447\u{6F0}5", "\u{6F0}", 10),
            ("\u{B3}90.533.447-05", "\u{B3}", 1),
            ("390.533.447-0\u{2075}", "\u{2075}", 14),
            ("3\u{301}90.533.447-05", "\u{301}", 2),
            ("390.533.447-05\u{301}", "\u{301}", 15),
            ("3\u{FE0F}\u{20E3}9053344705", "\u{FE0F}", 2),
            ("\u{1F44D}390.533.447-05", "\u{1F44D}", 1),
            ("390.533.447-05\u{1F1E7}\u{1F1F7}", "\u{1F1E7}", 15),
            ("\u{1D7D1}90.533.447-05", "\u{1D7D1}", 1),
            ("390.533.447\u{2011}05", "\u{2011}", 12),
            ("390\u{2009}533\u{2009}447\u{2009}05", "\u{2009}", 4),
            ("39053344705\u{FEFF}", "\u{FEFF}", 12),
            ("\u{FFFD}", "\u{FFFD}", 1),
        ])
    func nonASCII(input: String, scalar: Unicode.Scalar, position: Int) {
        #expect(!input.isValidCPF)
        #expect(input.cpfError() == .invalidCharacter(scalar, position: position))
        #expect(
            input.cpfError(options: .init(format: .strict, padsLeadingZeros: true, allowsRepeatedDigits: true))
                == .invalidCharacter(scalar, position: position))
    }

    @Test("check digits are never computed from non-ASCII digits")
    func checkDigitsOfNonASCIIBase() {
        #expect("\u{FF13}90533447".checkDigitsOfBase() == .failure(.invalidCharacter("\u{FF13}", position: 1)))
    }
}

@Suite("StringProtocol+CPF: check digits of a base")
struct CheckDigitsOfBaseTests {
    @Test(
        "a base of nine digits, bare or masked, surrounded or not, gives its check digits",
        arguments: [
            ("390533447", digits(0, 5)), ("390.533.447", digits(0, 5)), (" \t390 533 447\r", digits(0, 5)),
            ("231.002.999", digits(8, 1)), ("111444777", digits(3, 5)), ("000000000", digits(0, 0)),
            ("123456789", digits(0, 9)), ("000000001", digits(9, 1)),
        ])
    func checkDigits(base: String, expected: CPF.CheckDigits) {
        #expect(base.checkDigitsOfBase() == .success(expected))
    }

    @Test(
        "a base that is not nine digits says why",
        arguments: [
            ("", CPFValidationError.empty), (" \t ", .empty), ("39053344", .length(digitCount: 8)),
            ("3905334470", .length(digitCount: 10)), ("390.533.447-05", .length(digitCount: 11)),
            ("39053344a", .invalidCharacter("a", position: 9)), (" 390\t533447", .invalidCharacter("\t", position: 5)),
        ])
    func badBase(base: String, error: CPFValidationError) {
        #expect(base.checkDigitsOfBase() == .failure(error))
    }
}

@Suite("StringProtocol+CPF: other text types")
struct SubstringTests {
    @Test("a Substring is read like the String it shows, positions counted in the substring")
    func substring() {
        let line = "cpf=390.533.447-05;"
        let field = line.dropFirst(4).dropLast()
        #expect(field.isValidCPF)
        #expect(field.validatedCPF().map(\.digits) == .success("39053344705"))
        #expect(line.dropFirst(4).cpfError() == .invalidCharacter(";", position: 15))
    }
}

@Suite("StringProtocol+CPF: properties of the mod-11 rule")
struct RuleProperties {
    // Not every single-digit typo is caught. A check digit is 0 for both
    // remainders 0 and 1, so a change in the base that moves the first remainder
    // between 0 and 1 keeps the first check digit; the second check digit is kept
    // too when its remainder also moves between 0 and 1, or does not move at all,
    // which is always the case for the first digit (weight 11 ≡ 0 mod 11).
    // python-stdnum 2.2 agrees: 704.999.622-06 and 804.999.622-06 are both
    // valid, and so are 401.236.580-04 and 301.236.580-04.
    @Test(
        "two valid CPFs can differ in one digit (python-stdnum: both valid)",
        arguments: [("704.999.622-06", "804.999.622-06"), ("401.236.580-04", "301.236.580-04")])
    func singleDigitCollision(first: String, second: String) {
        #expect(first.isValidCPF)
        #expect(second.isValidCPF)
    }

    /// The two remainders of the check-digit rule (docs/reference.md#the-cpf) for a base of nine digits, computed here
    /// independently of the library.
    private static func remainders(_ base: [Int]) -> (Int, Int) {
        let r1 = base.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) } % 11
        let d1 = r1 < 2 ? 0 : 11 - r1
        let r2 = (base.enumerated().reduce(0) { $0 + $1.element * (11 - $1.offset) } + 2 * d1) % 11
        return (r1, r2)
    }

    // The precise property: for a valid CPF, changing one check digit always
    // makes it invalid (a check-digit error); changing one base digit makes it
    // a check-digit error unless the first remainders of the old and new base
    // are {0, 1} and the second remainders are equal or {0, 1}, in which case
    // the typo is valid too. (A change of one base digit always moves the first
    // remainder, since 2…10 times 1…9 is never a multiple of 11.)
    @Test(
        """
        a single-digit change of a valid CPF is a check-digit error, except exactly when the first remainder \
        swaps between 0 and 1 and the second stays or swaps too (20,000 random CPFs, every digit changed to a \
        random other value)
        """
    )
    func singleDigitChange() {
        var rng = SplitMix64(seed: 0xC0FF_EE00_1234_5678)
        let allowRepeated = CPF.ParsingOptions(allowsRepeatedDigits: true)
        var failures = 0
        var checked = 0
        var missed = 0
        for _ in 0..<20_000 {
            let base = (0..<9).map { _ in Int.random(in: 0...9, using: &rng) }
            let baseText = base.map(String.init).joined()
            guard case .success(let check) = baseText.checkDigitsOfBase() else {
                Issue.record("no check digits for \(baseText)")
                return
            }
            let original = base + [Int(check.first), Int(check.second)]
            let (r1, r2) = Self.remainders(base)
            for index in 0..<11 {
                let replacement = (original[index] + Int.random(in: 1...9, using: &rng)) % 10
                do {
                    var typo = original
                    typo[index] = replacement
                    let typoText = typo.map(String.init).joined()
                    var expectedValid = false
                    if index < 9 {
                        let (t1, t2) = Self.remainders(Array(typo.prefix(9)))
                        expectedValid = Set([r1, t1]) == [0, 1] && (r2 == t2 || Set([r2, t2]) == [0, 1])
                    }
                    let error = typoText.cpfError(options: allowRepeated)
                    checked += 1
                    if error == nil { missed += 1 }
                    let ok: Bool
                    if expectedValid {
                        ok = error == nil
                    } else if case .checkDigits = error {
                        ok = true
                    } else {
                        ok = false
                    }
                    if !ok {
                        failures += 1
                        if failures <= 10 {
                            Issue.record(
                                """
                                \(typoText), one digit from a valid CPF: \(String(describing: error)), expected \
                                valid: \(expectedValid)
                                """
                            )
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
        #expect(checked == 20_000 * 11)
        // About 0.2 % of single-digit typos are missed; this seed meets some.
        #expect(missed > 0 && missed < checked / 100)
    }

    @Test("changing either check digit of a valid CPF always makes it invalid (20,000 random CPFs)")
    func checkDigitChange() {
        var rng = SplitMix64(seed: 0xC4EC_D161_7500_0001)
        var failures = 0
        for _ in 0..<20_000 {
            let value = CPF(base: Int.random(in: 0..<1_000_000_000, using: &rng))
            for index in 9..<11 {
                for replacement in 0...9 where replacement != value[digitAt: index] {
                    var digits = Array(value.digits.utf8)
                    digits[index] = UInt8(0x30 + replacement)
                    let text = String(decoding: digits, as: UTF8.self)
                    if case .checkDigits(let expected) = text.cpfError(options: .init(allowsRepeatedDigits: true)),
                        expected == value.checkDigits
                    {
                        continue
                    }
                    failures += 1
                    if failures <= 10 {
                        Issue.record("\(text) is not reported as a check-digit error expecting \(value.checkDigits)")
                    }
                }
            }
        }
        #expect(failures == 0)
    }
}
