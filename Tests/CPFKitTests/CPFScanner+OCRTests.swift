// Tests of Scanner/CPFScanner+OCR.swift: OCR readings of the full mask, with
// look-alike letters among the digits (the random agreement with the rule
// written the simple way is in CPFScannerTests).

import Testing

@testable import CPFKit

@Suite("CPFScanner OCR readings")
struct CPFScannerOCRTests {
    @Test(
        "a full mask with one or two look-alike letters is read as the digits they look like, at medium",
        arguments: [
            ("inscrito no CPF 133.72O.622-99", "13372062299", 16..<30),
            ("titular do CPF 3l0.996.985-88, residente", "31099698588", 15..<29),
            ("CPF l02.048.304-O0", "10204830400", 4..<18),
            ("sob o n.º 39O.533.447-O5.", "39053344705", 11..<25),
            ("(529.982.Z47-Z5)", "52998224725", 1..<15),
        ])
    func issueExamples(text: String, digits: String, range: Range<Int>) throws {
        let match = try #require(CPFScanner.matches(in: text.utf8).first)
        #expect(match.isOCRReading)
        #expect(match.digits == digits)
        #expect(match.range == range)
        #expect(match.confidence == .medium)
        #expect(match.isValid)
        let redacted = String(decoding: CPFScanner.redacting(Array(text.utf8)), as: UTF8.self)
        #expect(redacted.contains("***.***.***-**"))
        #expect(CPFScanner.matches(in: redacted.utf8, minimumConfidence: .low, includeInvalid: true).isEmpty)
    }

    @Test(
        "look-alikes that do not make a CPF are left alone",
        arguments: [
            "CPF 133.72O.622-98",  // checksum fails: never a mistyped CPF
            "133.7ZO.6Z2-99",  // three letters
            "codigo 12.ABC.345/01DE-35",  // an alphanumeric CNPJ
            "placa ABC1D23 e ABC-1234",
            "x133.72O.622-99",  // glued to a word
            "133.72O.622-99a", "133.72O.622-99.5", "9.133.72O.622-99", "133.72O.622-99-é",
            "133 72O 622 99",  // not the full mask
            "lOl.OIl.lOO-lO", "sha 4f0e3b7c2d1a9e8f", "COD 000.00O.000-00",  // repeated
        ])
    func negatives(text: String) {
        #expect(CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true).isEmpty, "\(text)")
    }

    @Test("a scanner hiding from high does not look for OCR readings; from medium it does")
    func hidingFrom() {
        let text = Array("CPF 133.72O.622-99".utf8)
        #expect(scanInPieces(text, sizes: [1], scanner: CPFScanner(hidingFrom: .high)).isEmpty)
        #expect(
            scanInPieces(text, sizes: [3], scanner: CPFScanner(hidingFrom: .medium)).map(\.digits) == ["13372062299"])
    }

    @Test("every look-alike letter of the table reads as its digit")
    func table() {
        let table: [(String, UInt8)] = [
            ("OoDQ", 0), ("lIi|!", 1), ("Zz", 2), ("Ss", 5), ("Gb", 6), ("T", 7), ("B", 8), ("gq", 9),
        ]
        var readable = 0
        for byte in UInt8(0)...0x7F {
            let expected = table.first { $0.0.utf8.contains(byte) }?.1 ?? (byte &- 0x30 < 10 ? byte &- 0x30 : nil)
            #expect(CPFScanner.ocrDigit(byte) == expected)
            if expected != nil { readable += 1 }
        }
        #expect(readable == 29)
        // In place of the 5 of 390.533.447-05, each of S and s.
        for letter in ["S", "s"] {
            #expect(CPFScanner.matches(in: "390.\(letter)33.447-05".utf8).first?.digits == "39053344705")
        }
    }
}
