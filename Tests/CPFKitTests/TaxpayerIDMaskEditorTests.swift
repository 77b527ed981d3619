// Tests of TaxpayerIDMaskEditor.swift: a CPF/CNPJ field that
// switches mask at the 12th character.

import CPFKit
import Testing

@Suite("TaxpayerIDMaskEditor")
struct TaxpayerIDMaskEditorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let range: Range<Int>
        let replacement: String
        let expected: String
        let caret: Int
        var testDescription: String { "\(text) [\(range)] ← \(replacement)" }
    }

    @Test(
        "the mask is CPF's up to 11 digits and CNPJ's from the 12th character or the first letter",
        arguments: [
            Case(text: "390.533.447-0", range: 13..<13, replacement: "5", expected: "390.533.447-05", caret: 14),
            Case(text: "390.533.447-05", range: 14..<14, replacement: "1", expected: "39.053.344/7051", caret: 15),
            Case(text: "39.053.344/7051", range: 14..<15, replacement: "", expected: "390.533.447-05", caret: 14),
            Case(text: "12", range: 2..<2, replacement: "a", expected: "12.A", caret: 4),
            Case(text: "12.A", range: 3..<4, replacement: "", expected: "12", caret: 2),
            Case(text: "", range: 0..<0, replacement: "12.abc.345/01de-35", expected: "12.ABC.345/01DE-35", caret: 18),
            Case(text: "", range: 0..<0, replacement: "390.533.447-05", expected: "390.533.447-05", caret: 14),
            Case(text: "12.ABC.345/01DE", range: 15..<15, replacement: "X", expected: "12.ABC.345/01DE", caret: 15),
            Case(
                text: "12.ABC.345/01DE-35", range: 18..<18, replacement: "9", expected: "12.ABC.345/01DE-35", caret: 18),
            Case(text: "12.ABC", range: 3..<3, replacement: "é", expected: "12.ABC", caret: 2),
            Case(
                text: "12.ABC.345/01DE", range: 15..<15, replacement: "x36", expected: "12.ABC.345/01DE-36", caret: 18),
            Case(text: "12.ABC.345/01D", range: 14..<14, replacement: "ex3", expected: "12.ABC.345/01DE-3", caret: 17),
            // An insertion that would push a letter out of the base is cut
            // (or refused), as a full CPF field refuses a digit.
            Case(text: "12.ABC.345/01DE", range: 0..<0, replacement: "9", expected: "12.ABC.345/01DE", caret: 0),
            Case(text: "12.ABC.345/01D", range: 0..<0, replacement: "98", expected: "91.2AB.C34/501D", caret: 1),
            Case(text: "12.ABC.345/01", range: 0..<0, replacement: "98", expected: "98.12A.BC3/4501", caret: 2),
        ])
    func edits(_ c: Case) {
        let edit = TaxpayerIDMaskEditor.edit(c.text, range: c.range, replacement: c.replacement)
        #expect(edit.text == c.expected)
        #expect(edit.caret == c.caret)
    }

    @Test("with .cpf it is the CPF editor; with .cnpj the CNPJ mask from the first character")
    func kinds() {
        #expect(
            TaxpayerIDMaskEditor.edit("390.53", range: 6..<6, replacement: "3", accepting: .cpf)
                == CPFMaskEditor.edit("390.53", range: 6..<6, replacement: "3"))
        #expect(TaxpayerIDMaskEditor.edit("123", range: 3..<3, replacement: "4", accepting: .cnpj).text == "12.34")
        #expect(TaxpayerIDMaskEditor.edit("12", range: 2..<2, replacement: "a", accepting: .cpf).text == "12")
    }

    @Test("every full text the editor makes is masked as the kind its characters say")
    func fullTexts() throws {
        var random = SplitMix64(seed: 12)
        for _ in 0..<500 {
            let cnpj = CNPJGenerator(alphanumeric: true).next(using: &random)
            var text = ""
            for character in cnpj.characters.lowercased() {
                let edit = TaxpayerIDMaskEditor.edit(
                    text, range: text.utf16.count..<text.utf16.count, replacement: String(character))
                text = edit.text
                #expect(edit.caret == text.utf16.count)
            }
            #expect(text == cnpj.formatted)
        }
    }
}
