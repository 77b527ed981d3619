// Tests of CPFExplanation.swift: everything `cpf info` tells about one text.

@testable import CPFKit
import Testing

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

    @Test("without 11 digits, or with a character that is not allowed, there are no digits to explain", arguments: [
        "390.533.447", "", "390.533.447-0x", "３９０.533.447-05", "390533447051",
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
            #expect(explanation.error == text.cpfValidationError(), "\(text)")
            #expect(explanation.isValid == text.isValidCPF)
            if let digits = explanation.digits {
                #expect(digits == String(text.filter(\.isNumber)))
                #expect(explanation.expectedCheckDigits == (try? CPF.CheckDigits(base: digits.prefix(9))))
            }
        }
    }
}
