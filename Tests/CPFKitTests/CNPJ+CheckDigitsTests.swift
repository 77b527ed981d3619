// Tests of CNPJ/CNPJ+CheckDigits.swift.

import CPFKit
import Testing

@Suite("CNPJ.CheckDigits")
struct CNPJCheckDigitsTests {
    @Test("check digits print as two digits, a leading zero kept")
    func description() {
        #expect(CNPJ.CheckDigits(first: 0, second: 8).description == "08")
        #expect(CNPJ.CheckDigits(first: 3, second: 5).description == "35")
    }

    @Test(
        "a base that is not 12 characters is refused with its reason",
        arguments: [
            ("", CNPJValidationError.empty), ("12ABC34501D", .length(characterCount: 11)),
            ("12ABC34501DE3", .length(characterCount: 13)), ("12ABC34501D#", .invalidCharacter("#", position: 12)),
        ])
    func refusedBases(base: String, expected: CNPJValidationError) {
        #expect(throws: expected) { try CNPJ.CheckDigits(base: base) }
    }

    @Test("a base's length error says 12 characters were expected")
    func baseLengthMessage() {
        #expect(
            CNPJValidationError.length(characterCount: 11).description(expectedCharacterCount: 12)
                == "11 characters, expected 12")
    }
}
