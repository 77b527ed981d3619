// Tests of CPFExplanation.swift: everything `cpf info` tells about one text.

import Testing

@testable import CPFKit

@Suite("CPFExplanation")
struct CPFExplanationTests {
    @Test("a valid CPF: both forms, the check digits right, its region, the LGPD form, no suggestion")
    func valid() throws {
        let explanation = CPFExplanation(" 390.533.447-05\r")
        #expect(explanation.isValid)
        #expect(explanation.error == nil)
        #expect(explanation.digits == "39053344705")
        #expect(explanation.formatted == "390.533.447-05")
        #expect(explanation.foundCheckDigits == CPF.CheckDigits(first: 0, second: 5))
        #expect(explanation.expectedCheckDigits == CPF.CheckDigits(first: 0, second: 5))
        #expect(explanation.fiscalRegion == FiscalRegion(digit: 7))
        #expect(explanation.lgpdMasked == "***.533.447-**")
        #expect(explanation.suggestions.isEmpty)
    }

    @Test("wrong check digits: found and expected differ, and the numbers one typo away are suggested")
    func wrongCheckDigits() throws {
        let explanation = CPFExplanation("390.533.447-06")
        #expect(!explanation.isValid)
        #expect(explanation.error == .checkDigits(expected: .init(first: 0, second: 5)))
        #expect(explanation.foundCheckDigits == CPF.CheckDigits(first: 0, second: 6))
        #expect(explanation.expectedCheckDigits == CPF.CheckDigits(first: 0, second: 5))
        #expect(explanation.suggestions == CPF.suggestions(for: "39053344706"))
        #expect(explanation.suggestions.contains(try CPF(validating: "390.533.447-05")))
    }

    @Test(
        "without 11 digits, or with a character that is not allowed, there are no digits to explain",
        arguments: [
            "390.533.447", "", "390.533.447-0x", "３９０.533.447-05",
        ])
    func noDigits(input: String) {
        let explanation = CPFExplanation(input)
        #expect(!explanation.isValid)
        #expect(explanation.digits == nil)
        #expect(explanation.formatted == nil && explanation.lgpdMasked == nil && explanation.fiscalRegion == nil)
        #expect(explanation.foundCheckDigits == nil && explanation.expectedCheckDigits == nil)
        #expect(explanation.suggestions.isEmpty)
    }

    @Test("strict reading: the digits are not explained when the shape is refused")
    func strictShape() {
        let explanation = CPFExplanation("390 533 447 05", options: .strict)
        #expect(explanation.error == .format)
        #expect(explanation.digits == nil)
    }

    @Test("strict reading: a refused shape of a valid number suggests the number")
    func strictShapeSuggestsTheNumber() throws {
        let explanation = CPFExplanation("390 533 447 05", options: .strict)
        #expect(explanation.suggestions == [try CPF(validating: "39053344705")])
    }

    @Test(
        "a digit missing or one too many: no digits, but the fixes are suggested",
        arguments: [
            "3905334470", "390533447051", "390.533.447-055",
        ])
    func missingOrExtraDigit(input: String) throws {
        let explanation = CPFExplanation(input)
        #expect(explanation.error == .length(digitCount: input.filter(\.isNumber).count))
        #expect(explanation.digits == nil)
        #expect(explanation.suggestions.contains(try CPF(validating: "39053344705")))
    }

    @Test("padding: a bare run of 1 to 10 digits is explained as its padded number")
    func padded() {
        let explanation = CPFExplanation("5334403", options: .init(padsLeadingZeros: true))
        #expect(explanation.digits == "00005334403")
        #expect(explanation.formatted == "000.053.344-03")
        #expect(CPFExplanation("5334403").digits == nil)
    }

    @Test("the explanation agrees with the readable rule on random inputs")
    func agreesWithTheRule() {
        var random = SplitMix64(seed: 42)
        let alphabet = Array("0123456789.- x")
        for _ in 0..<2000 {
            let length = Int(random.next() % 16)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let explanation = CPFExplanation(text)
            #expect(explanation.error == text.cpfError(), "\(text)")
            #expect(explanation.isValid == text.isValidCPF)
            if let digits = explanation.digits {
                #expect(digits == String(text.filter(\.isNumber)))
                #expect(explanation.expectedCheckDigits == (try? CPF.CheckDigits(base: digits.prefix(9))))
            }
        }
    }

    // The cases `cpf info` was first tested with, when the explanation lived in the command.

    @Test("a valid input: digits, forms, check digits, region, LGPD form, no suggestions")
    func validFromTheCommand() {
        let info = CPFExplanation(" 390.533.447-05 ", options: .lenient)
        #expect(info.isValid)
        #expect(info.digits == "39053344705")
        #expect(info.formatted == "390.533.447-05")
        #expect(info.foundCheckDigits?.description == "05")
        #expect(info.expectedCheckDigits?.description == "05")
        #expect(info.fiscalRegion?.states == ["ES", "RJ"])
        #expect(info.lgpdMasked == "***.533.447-**")
        #expect(info.suggestions.isEmpty)
    }

    @Test("wrong check digits: found and expected differ; suggestions are CPF.suggestions(for:)")
    func wrongCheckDigitsFromTheCommand() {
        let info = CPFExplanation("231.002.999-00", options: .lenient)
        #expect(info.error == .checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)))
        #expect(info.foundCheckDigits?.description == "00")
        #expect(info.expectedCheckDigits?.description == "81")
        #expect(info.suggestions == CPF.suggestions(for: "23100299900"))
    }

    @Test(
        "no digits are shown unless the input has exactly 11 allowed ones",
        arguments: [
            "", "12345", "390.533.447-05x", "３９０.533.447-05",
        ])
    func withoutDigitsFromTheCommand(input: String) {
        let info = CPFExplanation(input, options: .lenient)
        #expect(!info.isValid)
        #expect(info.digits == nil)
        #expect(info.formatted == nil)
        #expect(info.suggestions.isEmpty)
    }

    @Test(
        "padding pads only a bare run of digits, as the parser does",
        arguments: [
            ("123456797", "00123456797", true), (" 123456797\t", "00123456797", true), ("1234.56797", nil, false),
        ])
    func paddingFromTheCommand(input: String, digits: String?, valid: Bool) {
        let info = CPFExplanation(input, options: .init(padsLeadingZeros: true))
        #expect(info.digits == digits)
        #expect(info.isValid == valid)
    }
}
