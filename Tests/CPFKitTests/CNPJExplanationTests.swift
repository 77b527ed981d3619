// Tests of CNPJ/CNPJExplanation.swift: what `cpf info --document cnpj` shows.

import CPFKit
import Testing

@Suite("CNPJExplanation")
struct CNPJExplanationTests {
    @Test("a valid CNPJ is explained with its parts and right check digits")
    func valid() {
        let info = CNPJExplanation("12abc34501de35")
        #expect(info.isValid && info.error == nil)
        #expect(info.characters == "12ABC34501DE35" && info.formatted == "12.ABC.345/01DE-35")
        #expect(info.root == "12ABC345" && info.branch == "01DE" && info.isAlphanumeric == true)
        #expect(info.foundCheckDigits == info.expectedCheckDigits)
    }

    @Test("wrong check digits: found and expected differ, the parts are still shown")
    func wrongCheckDigits() {
        let info = CNPJExplanation("11.222.333/0001-80")
        #expect(info.error == .checkDigits(expected: .init(first: 8, second: 1)))
        #expect(info.foundCheckDigits?.description == "80" && info.expectedCheckDigits?.description == "81")
        #expect(info.isAlphanumeric == false && info.branch == "0001")
    }

    @Test("text without 14 characters has a reason and no parts", arguments: ["12ABC", "", "12.ABC.345/01DE-3!"])
    func noParts(text: String) {
        let info = CNPJExplanation(text)
        #expect(!info.isValid && info.characters == nil && info.root == nil && info.foundCheckDigits == nil)
    }

    @Test("repeated digits are explained with the characters read")
    func repeated() {
        let info = CNPJExplanation("00.000.000/0000-00")
        #expect(info.error == .repeatedDigits && info.characters == "00000000000000")
    }
}
