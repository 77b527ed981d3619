// Tests of CPF+CheckDigits.swift: the two check digits of a base.

import CPFKit
import Testing

@Suite("CheckDigits: values")
struct CheckDigitsValueTests {
    @Test(
        "check digits keep their two digits and print them side by side",
        arguments: [
            (0, 5, "05"), (8, 1, "81"), (0, 0, "00"), (9, 9, "99"), (3, 5, "35"),
        ])
    func description(first: Int, second: Int, text: String) {
        let digits = CPF.CheckDigits(first: first, second: second)
        #expect(digits.first == first)
        #expect(digits.second == second)
        #expect(digits.description == text)
        #expect("\(digits)" == text)
    }

    @Test("check digits are equal when both digits are")
    func equality() {
        #expect(CPF.CheckDigits(first: 0, second: 5) == CPF.CheckDigits(first: 0, second: 5))
        #expect(CPF.CheckDigits(first: 0, second: 5) != CPF.CheckDigits(first: 5, second: 0))
        #expect(Set([CPF.CheckDigits(first: 1, second: 2), CPF.CheckDigits(first: 1, second: 2)]).count == 1)
    }

    @Test("a check digit below 0 or above 9 stops the program")
    func outOfRange() async {
        await #expect(processExitsWith: .failure) { _ = CPF.CheckDigits(first: 10, second: 0) }
        await #expect(processExitsWith: .failure) { _ = CPF.CheckDigits(first: 0, second: 10) }
        await #expect(processExitsWith: .failure) { _ = CPF.CheckDigits(first: -1, second: 0) }
    }
}

@Suite("CheckDigits: computed from a base")
struct CheckDigitsFromBaseTests {
    @Test(
        "the check digits of a nine-digit base, bare or masked",
        arguments: [
            ("390533447", "05"), ("390.533.447", "05"), ("231.002.999", "81"), ("111444777", "35"), ("123456789", "09"),
            ("000000001", "91"), ("049628441", "05"), ("000053344", "03"), (" 390 533 447\t", "05"),
        ])
    func fromBase(base: String, expected: String) throws {
        #expect(try CPF.CheckDigits(base: base).description == expected)
        #expect(try CPF.CheckDigits(base: Substring(base)).description == expected)
    }

    @Test(
        "a base that is not nine ASCII digits throws empty, invalid-character or length",
        arguments: [
            ("", CPFValidationError.empty), (" \r\t", .empty), ("39053344", .length(digitCount: 8)),
            ("3905334470", .length(digitCount: 10)), ("39053344705", .length(digitCount: 11)),
            ("...", .length(digitCount: 0)),
            ("390533447x", .invalidCharacter("x", position: 10)), ("390\t533447", .invalidCharacter("\t", position: 4)),
            ("\u{663}90533447", .invalidCharacter("\u{663}", position: 1)),
        ])
    func badBase(base: String, error: CPFValidationError) {
        #expect(throws: error) { try CPF.CheckDigits(base: base) }
    }

    // The check-digit rule (docs/reference.md#the-cpf): the ten repeated-digit numbers pass the checksum; they are
    // rejected
    // only because every digit is the same.
    @Test("all ten repeated-digit numbers pass the checksum, so only the repeated rule rejects them", arguments: 0...9)
    func repeatedNumbersPassTheChecksum(digit: Int) throws {
        let base = String(repeating: String(digit), count: 9)
        let check = try CPF.CheckDigits(base: base)
        #expect(check == CPF.CheckDigits(first: digit, second: digit))
        let number = base + check.description
        #expect(number.cpfError() == .repeatedDigits)
        #expect(number.cpfError(options: .init(allowsRepeatedDigits: true)) == nil)
    }

    // An independent transcription of the check-digit rule (docs/reference.md#the-cpf), to check the library's readable
    // rule against the text of the rule itself (docs/reference.md#the-cpf).
    private static func specCheckDigits(_ base: [Int]) -> (Int, Int) {
        var sum = 0
        for (index, digit) in base.enumerated() { sum += digit * (10 - index) }
        let d1 = sum % 11 < 2 ? 0 : 11 - sum % 11
        let ten = base + [d1]
        sum = 0
        for (index, digit) in ten.enumerated() { sum += digit * (11 - index) }
        let d2 = sum % 11 < 2 ? 0 : 11 - sum % 11
        return (d1, d2)
    }

    @Test("the library's check digits equal a literal transcription of the check-digit rule for 20,000 random bases")
    func agreesWithSpecText() throws {
        var rng = SplitMix64(seed: 0x5BEC_1111_2222_3333)
        var failures = 0
        for _ in 0..<20_000 {
            let base = (0..<9).map { _ in Int.random(in: 0...9, using: &rng) }
            let (d1, d2) = Self.specCheckDigits(base)
            let text = base.map(String.init).joined()
            let computed = try CPF.CheckDigits(base: text)
            if computed != CPF.CheckDigits(first: d1, second: d2) {
                failures += 1
                if failures <= 10 { Issue.record("\(text): library \(computed), transcription \(d1)\(d2)") }
            }
        }
        #expect(failures == 0)
    }
}
