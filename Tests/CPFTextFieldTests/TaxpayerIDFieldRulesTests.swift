// Tests of TaxpayerIDFieldRules.swift: how a CPF/CNPJ field edits and
// judges its text, and which mask it shows.

import CPFKit
import CPFTextField
import Testing

@Suite("TaxpayerIDFieldRules")
struct TaxpayerIDFieldRulesTests {
    @Test("an edit is CPFKit's mask editor's for the kinds accepted", arguments: TaxpayerID.Accepted.allCases)
    func edit(accepting: TaxpayerID.Accepted) {
        let rules = TaxpayerIDFieldRules(accepting: accepting)
        for (text, range, replacement) in [
            ("390.533.447-05", 14..<14, "1"), ("12", 2..<2, "a"), ("39.053.344/7051", 14..<15, ""),
            ("", 0..<0, "12.abc.345/01de-35"),
        ] {
            #expect(
                rules.edit(text, range: range, replacement: replacement)
                    == TaxpayerIDMaskEditor.edit(text, range: range, replacement: replacement, accepting: accepting))
        }
    }

    @Test("ASCII digits and letters are characters of the number, nothing else")
    func characters() {
        let rules = TaxpayerIDFieldRules()
        #expect(Array("0123456789abcxyzABCXYZ".utf16).allSatisfy(rules.isCharacter))
        #expect(!Array("./- @[`{é٣Ａ".utf16).contains(where: rules.isCharacter))
    }

    @Test("the kind shown is the one accepted, or with .any the one the text reads as")
    func kind() {
        #expect(TaxpayerIDFieldRules().kind(of: "390.533.447-05") == .cpf)
        #expect(TaxpayerIDFieldRules().kind(of: "39.053.344/7051") == .cnpj)
        #expect(TaxpayerIDFieldRules().kind(of: "12.A") == .cnpj)
        #expect(TaxpayerIDFieldRules(accepting: .cnpj).kind(of: "390") == .cnpj)
        #expect(TaxpayerIDFieldRules(accepting: .cpf).kind(of: "12.A") == .cpf)
    }

    @Test("the caret stands in the mask of the text's kind, at most after all its characters")
    func maskedLength() {
        let rules = TaxpayerIDFieldRules()
        #expect(rules.maskedLength(characterCount: 4, in: "390.5") == 5)
        #expect(rules.maskedLength(characterCount: 12, in: "390.5") == 14)
        #expect(rules.maskedLength(characterCount: 3, in: "12.A") == 4)
        #expect(rules.maskedLength(characterCount: 20, in: "12.A") == 18)
    }

    @Test("incomplete until the kind's characters are in, then valid or invalid as that kind")
    func state() throws {
        let rules = TaxpayerIDFieldRules()
        #expect(rules.state(of: "12.ABC") == .incomplete(kind: .cnpj, characterCount: 5))
        #expect(rules.state(of: "390.533.447-05") == .valid(.cpf(try CPF(validating: "39053344705"))))
        #expect(rules.state(of: "12.ABC.345/01DE-35") == .valid(.cnpj(try CNPJ(validating: "12ABC34501DE35"))))
        #expect(rules.state(of: "11.111.111/1111-11") == .invalid(.cnpj(.repeatedDigits)))
        #expect(
            TaxpayerIDFieldRules(allowsRepeatedDigits: true).state(of: "00.000.000/0000-00").validCharacters
                == "00000000000000")
    }
}
