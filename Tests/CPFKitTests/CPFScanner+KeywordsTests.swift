// Tests of Scanner/CPFScanner+Keywords.swift: which keyword applies, how far,
// in which spellings, and the confidence it gives.

import Testing

@testable import CPFKit

private func keyword(_ text: String) -> String? {
    CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true).first?.keyword?.name
}

private func confidence(_ text: String) -> CPFScanner.Confidence? {
    CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true).first?.confidence
}

@Suite("CPFScanner keywords")
struct CPFScannerKeywordsTests {
    @Test(
        "CPF keywords in any case and accent, as a word or glued to the number",
        arguments: [
            ("CPF 39053344705", "cpf"), ("cpf:39053344705", "cpf"), ("cpf39053344705", "cpf"),
            ("CPFs: 39053344705", "cpfs"),
            ("C.P.F. 39053344705", "c.p.f."), ("C.P.F 39053344705", "c.p.f"), ("CPF/MF nº 39053344705", "cpf/mf"),
            ("CIC 39053344705", "cic"), ("Cadastro de Pessoa Física 39053344705", "cadastro de pessoa fisica"),
            ("CADASTRO DE PESSOAS FÍSICAS: 39053344705", "cadastro de pessoas fisicas"),
            ("cadastro de pessoas fisicas 39053344705", "cadastro de pessoas fisicas"),
            ("**CPF:** 390 533 447 05", nil),
        ])
    func cpfKeywords(text: String, expected: String?) {
        #expect(keyword(text) == expected, "\(text)")
        if expected != nil { #expect(confidence(text) == .high) }
    }

    @Test(
        "other-document keywords make a valid number low",
        arguments: [
            "whatsapp 11987654374", "Tel: 11987654374", "telefones 11987654374", "celular: 11987654374",
            "PIS/PASEP 11987654374",
            "título de eleitor 11987654374", "Inscrição 11987654374", "agência 11987654374",
            "nota fiscal nº 11987654374",
            "IP 200.147.123.85", "pedido #11987654374",
        ])
    func otherKeywords(text: String) {
        #expect(confidence(text) == .low, "\(text)")
        #expect(CPFScanner.matches(in: text.utf8, minimumConfidence: .low)[0].keyword?.kind == .otherDocument)
    }

    @Test(
        "a keyword inside a word, or followed by a letter, is no keyword",
        arguments: [
            "xcpf 39053344705", "cpfx 39053344705", "hotel 39053344705", "1cpf 39053344705", "escpf: 39053344705",
            "telex 39053344705",
        ])
    func notAWord(text: String) {
        #expect(keyword(text) == nil, "\(text)")
        #expect(confidence(text) == .medium)
    }

    @Test("a keyword applies up to 40 bytes before the number, with no digit, * or line feed between")
    func reach() {
        #expect(confidence("CPF:" + String(repeating: " ", count: 39) + "39053344705") == .high)  // ends 40 bytes before
        #expect(confidence("CPF:" + String(repeating: " ", count: 40) + "39053344705") == .medium)  // 41 bytes
        #expect(confidence("CPF 1 39053344705") == .medium)
        #expect(confidence("CPF * 39053344705") == .medium)
        #expect(confidence("CPF\n39053344705") == .medium)
        #expect(confidence("CPF\r39053344705") == .high)
        #expect(confidence("CPF do cliente João: 39053344705") == .high)
    }

    @Test("the keyword nearest the number decides")
    func nearestDecides() {
        #expect(keyword("tel ou CPF 39053344705") == "cpf")
        #expect(keyword("CPF, tel: 11987654374") == "tel")
        #expect(confidence("CPF, tel: 11987654374") == .low)
        #expect(confidence("tel: 390.533.447-05") == .high)  // the full mask still makes it high
    }

    @Test("confidence levels are ordered low < medium < high and named as the command spells them")
    func confidenceOrder() {
        #expect(CPFScanner.Confidence.allCases.sorted() == [.low, .medium, .high])
        #expect(CPFScanner.Confidence.allCases.map(\.rawValue) == ["low", "medium", "high"])
    }

    @Test("every keyword of the table is written lowercase without accents, and the look-back covers the longest")
    func table() {
        for entry in CPFScanner.keywordTable {
            #expect(entry.pattern.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) })
        }
        #expect(CPFScanner.keywordLookBack <= 128)
    }
}
