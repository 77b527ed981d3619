// Tests of Scanner/CNPJScanner+Convenience.swift: a text with its CNPJs
// hidden, as bytes and as a string.

import Testing

@testable import CPFKit

@Suite("CNPJScanner convenience")
struct CNPJScannerConvenienceTests {
    /// A text, the style, and what redacting it by default gives.
    static let vectors: [(text: String, style: CPFScanner.RedactionStyle, hidden: String)] = [
        ("Fornecedor 11.222.333/0001-81, pedido 42", .full, "Fornecedor **.***.***/****-**, pedido 42"),
        ("Fornecedor 11.222.333/0001-81", .lgpd, "Fornecedor **.***.333/0001-**"),
        ("11222333000181.txt", .full, "**************.txt"),
        ("CNPJ 12.ABC.345/01DE-35", .full, "CNPJ **.***.***/****-**"),
        ("cnpj=12ABC34501DE35", .lgpd, "cnpj=*****34501DE**"),
        ("CNPJ 11.222.333/0001-82", .full, "CNPJ **.***.***/****-**"),
        ("CPF 390.533.447-05", .full, "CPF 390.533.447-05"),
        ("pedido 42, nota 1234", .full, "pedido 42, nota 1234"),
        ("", .full, ""),
    ]

    @Test(
        "redacting hides every CNPJ, mistyped and low-confidence ones too, and keeps every other byte",
        arguments: vectors)
    func redacting(text: String, style: CPFScanner.RedactionStyle, hidden: String) {
        #expect(String(decoding: CNPJScanner.redacting(Array(text.utf8), style: style), as: UTF8.self) == hidden)
        #expect(text.redactingCNPJs(style: style) == hidden)
        #expect(CNPJScanner.redacting(Array(text.utf8), style: style).count == text.utf8.count)
    }

    @Test("a higher confidence, or leaving out the mistyped, hides less")
    func filters() {
        let text = Array("id 12ABC34501DE35; CNPJ 11.222.333/0001-82".utf8)
        #expect(
            String(decoding: CNPJScanner.redacting(text, minimumConfidence: .medium), as: UTF8.self)
                == "id 12ABC34501DE35; CNPJ **.***.***/****-**")
        #expect(
            String(decoding: CNPJScanner.redacting(text, includeInvalid: false), as: UTF8.self)
                == "id **************; CNPJ 11.222.333/0001-82")
    }

    @Test("a sequence that is not contiguous is redacted the same")
    func anySequence() {
        let text = Array("CNPJ 11.222.333/0001-81".utf8)
        #expect(CNPJScanner.redacting(AnySequence(text)) == CNPJScanner.redacting(text))
    }
}
