// Tests of CNPJ/CNPJMask.swift: the mask applied while typing.

import CPFKit
import Testing

@Suite("CNPJMask")
struct CNPJMaskTests {
    @Test(
        "the mask grows with the characters typed, letters upper-cased and only in the first 12",
        arguments: [
            ("", ""), ("1", "1"), ("12", "12"), ("12a", "12.A"), ("12ABC3", "12.ABC.3"),
            ("12ABC34501", "12.ABC.345/01"), ("12ABC34501DE", "12.ABC.345/01DE"),
            ("12ABC34501DE3", "12.ABC.345/01DE-3"), ("12ABC34501DE35", "12.ABC.345/01DE-35"),
            ("12ABC34501DE359", "12.ABC.345/01DE-35"), ("12ABC34501DEX3", "12.ABC.345/01DE-3"),
            ("12.abc.345/01de-35", "12.ABC.345/01DE-35"), ("1é2", "12"),
        ])
    func apply(text: String, expected: String) {
        #expect(CNPJMask.apply(to: text) == expected)
    }

    @Test("separators stand at 2, 6, 10 and 15, and the masked length counts them once a character follows")
    func separatorsAndLengths() {
        let positions = (0..<18).filter { CNPJMask.separator(at: $0) != nil }
        #expect(positions == [2, 6, 10, 15])
        #expect(
            (0...14).map { CNPJMask.maskedLength(characterCount: $0) } == [
                0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15, 17, 18,
            ])
    }

    @Test("the full mask of a CNPJ is its formatted form")
    func fullMask() throws {
        let cnpj = try CNPJ(validating: "19JA2KO8Z00151")
        #expect(CNPJMask.apply(to: cnpj.characters) == cnpj.formatted)
    }
}
