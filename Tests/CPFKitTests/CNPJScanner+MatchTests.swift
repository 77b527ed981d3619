// Tests of Scanner/CNPJScanner+Match.swift: what a match says, and how each
// redaction style hides a CNPJ, separators kept.

import Testing

@testable import CPFKit

@Suite("CNPJScanner.Match")
struct CNPJScannerMatchTests {
    @Test(
        "each style hides the characters it says, separators and letters' places kept",
        arguments: [
            ("12.ABC.345/01DE-35", CPFScanner.RedactionStyle.full, "**.***.***/****-**"),
            ("12.ABC.345/01DE-35", .lgpd, "**.***.345/01DE-**"),
            ("12.abc.345/01de-35", .lgpd, "**.***.345/01de-**"),
            ("11222333000181", .full, "**************"),
            ("11222333000181", .lgpd, "*****3330001**"),
            ("11 222 333 0001 81", .lgpd, "** *** 333 0001 **"),
            ("11222333/0001-81", .lgpd, "*****333/0001-**"),
        ])
    func hides(text: String, style: CPFScanner.RedactionStyle, expected: String) throws {
        let match = try #require(
            CNPJScanner.matches(in: "CNPJ \(text)".utf8, minimumConfidence: .low).first)
        #expect(match.hiddenText(style: style) == expected)
        var bytes = Array("CNPJ \(text)".utf8)
        bytes.withUnsafeMutableBytes {
            match.hideCharacters(in: UnsafeMutableRawBufferPointer(rebasing: $0[match.range]), style: style)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "CNPJ \(expected)")
        // What is hidden reads back as `*`, the rest upper-cased.
        let written = Array(expected.utf8)
        let read = written.withUnsafeBytes { buffer in (0..<14).map { match.writtenCharacter($0, in: buffer) } }
        let hidden = Set(CNPJScanner.Match.hiddenIndices(style))
        for (index, character) in read.enumerated() {
            let original = Array(match.characters.utf8)[index]
            #expect(character == (hidden.contains(index) ? UInt8(ascii: "*") : original))
        }
    }

    @Test("a match gives its CNPJ when valid, its characters upper-cased, and where they are")
    func properties() throws {
        let match = try #require(CNPJScanner.matches(in: "CNPJ 12.abc.345/01de-35".utf8).first)
        #expect(match.range == 5..<23)
        #expect(match.text == "12.abc.345/01de-35")
        #expect(match.characters == "12ABC34501DE35")
        #expect(match.cnpj == (try CNPJ(validating: "12.ABC.345/01DE-35")))
        #expect(match.characterPositions == [0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 16, 17])
        #expect(match.followsKeyword)
        let mistyped = try #require(
            CNPJScanner.matches(in: "CNPJ 11.222.333/0001-82".utf8, includeInvalid: true).first)
        #expect(mistyped.cnpj == nil)
        #expect(!mistyped.isValid)
        #expect(mistyped.characters == "11222333000182")
    }

    @Test("the Receita's example and numeric CNPJs are found whole, as written")
    func vectors() {
        for text in ["12.ABC.345/01DE-35", "11.222.333/0001-81", "11.444.777/0001-61", "00.000.000/0001-91"] {
            let found = CNPJScanner.matches(in: "CNPJ: \(text).".utf8)
            #expect(found.map(\.text) == [text])
            #expect(found.first?.cnpj?.formatted == text)
        }
    }
}
