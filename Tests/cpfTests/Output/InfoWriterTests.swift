// Tests of Output/InfoWriter.swift: what `cpf info` works out about an input.

@testable import cpf
import CPFKit
import Testing

@Suite("CPFExplanation")
struct InfoWriterTests {
    @Test("a valid input: digits, forms, check digits, region, LGPD form, no suggestions")
    func valid() {
        let info = CPFExplanation(" 390.533.447-05 ", options: .lenient)
        #expect(info.isValid)
        #expect(info.bare == "39053344705")
        #expect(info.masked == "390.533.447-05")
        #expect(info.foundCheckDigits == "05")
        #expect(info.expectedCheckDigits == "05")
        #expect(info.region?.states == ["ES", "RJ"])
        #expect(info.lgpdForm == "***.533.447-**")
        #expect(info.suggestions.isEmpty)
    }

    @Test("wrong check digits: found and expected differ; suggestions are CPFKit's")
    func wrongCheckDigits() {
        let info = CPFExplanation("231.002.999-00", options: .lenient)
        #expect(info.error == .checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)))
        #expect(info.foundCheckDigits == "00")
        #expect(info.expectedCheckDigits == "81")
        #expect(info.suggestions == CPF.suggestions(for: "23100299900"))
    }

    @Test("no digits are shown unless the input has exactly 11 allowed ones", arguments: [
        "", "12345", "390.533.447-05x", "３９０.533.447-05", "390.533.447-055",
    ])
    func withoutDigits(input: String) {
        let info = CPFExplanation(input, options: .lenient)
        #expect(!info.isValid)
        #expect(info.digits == nil)
        #expect(info.masked == nil)
        #expect(info.suggestions.isEmpty)
    }

    @Test("--pad pads only a bare run of digits, as the parser does", arguments: [
        ("123456797", "00123456797", true), (" 123456797\t", "00123456797", true), ("1234.56797", nil, false),
    ])
    func padding(input: String, bare: String?, valid: Bool) {
        let info = CPFExplanation(input, options: .init(padsLeadingZeros: true))
        #expect(info.bare == bare)
        #expect(info.isValid == valid)
    }

    @Test("a strict-format failure shows no digits")
    func strictFormat() {
        let info = CPFExplanation("390 533 447 05", options: .strict)
        #expect(info.error == .format)
        #expect(info.digits == nil)
    }
}
