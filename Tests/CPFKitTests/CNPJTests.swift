// Tests of CNPJ/CNPJ.swift: the CNPJ value and its forms
// (docs/reference.md#the-cnpj-and---document).

import CPFKit
import Testing

@Suite("CNPJ: the value and its forms")
struct CNPJTests {
    @Test("an alphanumeric CNPJ gives its characters, mask, root, branch and check digits")
    func alphanumericParts() throws {
        let cnpj = try CNPJ(validating: "12.ABC.345/01DE-35")
        #expect(cnpj.characters == "12ABC34501DE35")
        #expect(cnpj.formatted == "12.ABC.345/01DE-35")
        #expect(cnpj.base == "12ABC34501DE")
        #expect(cnpj.root == "12ABC345")
        #expect(cnpj.branch == "01DE")
        #expect(cnpj.checkDigits == CNPJ.CheckDigits(first: 3, second: 5))
        #expect(cnpj.isAlphanumeric)
        #expect(!cnpj.isHeadOffice)
        #expect(cnpj.bytes == Array("12ABC34501DE35".utf8))
        #expect(cnpj[byteAt: 2] == UInt8(ascii: "A"))
        #expect(cnpj.description == "12.ABC.345/01DE-35")
        #expect(cnpj.debugDescription == "CNPJ(12.ABC.345/01DE-35)")
    }

    @Test("a numeric head-office CNPJ is not alphanumeric and has branch 0001")
    func numericHeadOffice() throws {
        let cnpj = try CNPJ(validating: "11222333000181")
        #expect(cnpj.formatted == "11.222.333/0001-81")
        #expect(cnpj.isHeadOffice)
        #expect(!cnpj.isAlphanumeric)
    }

    @Test("lowercase input gives the same CNPJ as uppercase, shown in upper case")
    func lowercaseIsUppercased() throws {
        #expect(try CNPJ(validating: "12abc34501de35") == CNPJ(validating: "12.ABC.345/01DE-35"))
        #expect(try CNPJ(validating: "12abc34501de35").characters == "12ABC34501DE35")
    }

    @Test("CNPJs sort as their text: digits before letters, character by character")
    func ordering() throws {
        let texts = ["12ABC34501DE35", "11222333000181", "A31707X3000136", "19JA2KO8Z00151", "12ABC3450001" + "88"]
        let sorted = try texts.map { text throws(CNPJValidationError) in try CNPJ(validating: text) }.sorted()
        #expect(sorted.map(\.characters) == texts.sorted())
    }

    @Test("a CNPJ made from a base, masked or bare, lower or upper case, carries its check digits")
    func fromBase() throws {
        #expect(try CNPJ(base: "12.ABC.345/01DE").formatted == "12.ABC.345/01DE-35")
        #expect(try CNPJ(base: "12abc34501de").formatted == "12.ABC.345/01DE-35")
        #expect(throws: CNPJValidationError.length(characterCount: 14)) { try CNPJ(base: "12ABC34501DE35") }
        #expect(throws: CNPJValidationError.invalidCharacter("!", position: 3)) { try CNPJ(base: "12!") }
    }
}

@Suite("CNPJ: reading bytes")
struct CNPJBytesTests {
    @Test(
        "parse(_:options:) gives the readable rule's answer for the same text",
        arguments: [
            "12.ABC.345/01DE-35", "12abc34501de35", "12.ABC.345/01DE-36", "", "1", "12.ÁBC.345/01DE-35",
            "00000000000000", "11.222.333/0001-81", "12ABC34501DEA5",
        ])
    func parseMatchesRule(text: String) {
        for options in [CNPJ.ParsingOptions.lenient, .strict] {
            let bytes = Array(text.utf8).withUnsafeBytes { CNPJ.parse($0, options: options) }
            #expect(bytes == text.validatedCNPJ(options: options))
        }
    }

    @Test("bytes that are not UTF-8 are reported as U+FFFD at their position")
    func invalidUTF8() {
        let result = [UInt8]([0x31, 0x32, 0xFF]).withUnsafeBytes { CNPJ.parse($0) }
        #expect(result == .failure(.invalidCharacter("\u{FFFD}", position: 3)))
    }
}
