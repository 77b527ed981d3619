// Tests of CPFFieldRules.swift: how a CPF field edits and judges its text.

import CPFKit
import CPFTextField
import Testing

@Suite("CPFFieldRules")
struct CPFFieldRulesTests {
    @Test(
        "an edit is CPFKit's mask editor's",
        arguments: [
            ("390.53", 6..<6, "3"), ("390.5", 4..<5, ""), ("390.5", 3..<4, ""), ("", 0..<0, "CPF: 390 533 447 05"),
        ])
    func edit(text: String, range: Range<Int>, replacement: String) {
        #expect(
            CPFFieldRules().edit(text, range: range, replacement: replacement)
                == CPFMaskEditor.edit(text, range: range, replacement: replacement))
    }

    @Test("only ASCII digits are characters of the number")
    func characters() {
        let rules = CPFFieldRules()
        #expect(Array("0123456789".utf16).allSatisfy(rules.isCharacter))
        #expect(!Array(".- a/٣".utf16).contains(where: rules.isCharacter))
    }

    @Test("the caret stands after the digits and before the separator that follows them, 11 digits at most")
    func maskedLength() {
        let rules = CPFFieldRules()
        #expect(
            (0...12).map { rules.maskedLength(characterCount: $0, in: "") } == [
                0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 14,
            ])
    }

    @Test("incomplete until 11 digits, then valid or invalid; repeated digits only when allowed")
    func state() throws {
        let rules = CPFFieldRules()
        #expect(rules.state(of: "390.5") == .incomplete(digitCount: 4))
        #expect(rules.state(of: "390.533.447-05") == .valid(try CPF(validating: "39053344705")))
        #expect(rules.state(of: "390.533.447-06") == .invalid(.checkDigits(expected: .init(first: 0, second: 5))))
        #expect(rules.state(of: "111.111.111-11") == .invalid(.repeatedDigits))
        #expect(CPFFieldRules(allowsRepeatedDigits: true).state(of: "111.111.111-11").isComplete)
        #expect(CPFFieldRules(allowsRepeatedDigits: true).state(of: "111.111.111-11").validCharacters == "11111111111")
    }
}
