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
        // Ends 40 bytes before.
        #expect(confidence("CPF:" + String(repeating: " ", count: 39) + "39053344705") == .high)
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

    @Test(
        "CPF then one separator, the commonest way before a number, is told by five bytes",
        arguments: [
            (" cpf=", true), ("\nCPF ", true), (":Cpf:", true), ("(cPf#", true), ("\tCPF\t", true),
            ("xcpf ", false), ("1cpf ", false), ("*cpf ", false), (" cpfs", false), (" cpf.", false),
            (" cpf*", false), (" cpf\n", false), (" cpfx", false), (" cpf9", false), (" cpf\u{A0}", false),
            ("\u{E1}cpf ", false), (" cqf ", false),
        ])
    func cpfThenSeparator(text: String, expected: Bool) {
        let bytes = Array(text.utf8)
        let start = bytes.count - 5
        #expect(bytes.withUnsafeBufferPointer { CPFScanner.isCPFThenSeparator($0.baseAddress! + start) } == expected)
    }

    @Test("the keyword the five-byte test names is the first of the table, cpf")
    func firstKeywordIsCPF() {
        #expect(CPFScanner.keywordTable[0].pattern == Array("cpf".utf8))
        #expect(CPFScanner.keywordTable[0].kind == .cpf)
    }

    @Test("the keyword search agrees with the rule written the simple way, in text dense in keywords and words")
    func searchAgreesWithTheReference() {
        let pieces = [
            "cpf", "CPF", "cpfs", "c.p.f.", "C.P.F", "cpf/mf", "cic", "tel", "telefone", "matricula", "inscrição",
            "Cadastro de Pessoas Físicas", "=", ":", " ", " ", ".", "*", "\n", "/", "-", "x", "á", "é", "ç", "Í",
            "9", "no", "nº", "sob o", String(repeating: "a", count: 12), "\u{200B}", "\t",
        ]
        var random = SplitMix64(seed: 0x6E7)
        var named = 0
        for _ in 0..<3000 {
            let text =
                (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined() + "39053344705"
            let found = CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true)
            let expected = Reference.matches(text)
            #expect(found.map(\.keyword?.name) == expected.map(\.keyword), "\(text.debugDescription)")
            named += expected.filter { $0.keyword != nil }.count
        }
        #expect(named > 600)
    }

    @Test("every keyword of the table is written lowercase without accents, and the look-back covers the longest")
    func table() {
        for entry in CPFScanner.keywordTable {
            #expect(entry.pattern.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) })
        }
        #expect(CPFScanner.keywordLookBack <= 128)
    }
}
