// Tests of LegacyOfficeText.swift: which kind a compound file is, the sweep
// of a stream's bytes as Windows-1252 and UTF-16LE, and the characters of a
// document's text (breaks, Word's hyphens, surrogate pairs).

import CPFTestSupport
import Testing

@testable import CPFDecoders

@Suite("LegacyOfficeText")
struct LegacyOfficeTextTests {
    @Test(
        "tells the kind by the streams at the root",
        arguments: [
            (["WordDocument"], LegacyOfficeKind.doc),
            (["Workbook"], .xls),
            (["Book"], .xls),
            (["PowerPoint Document"], .ppt),
            (["__substg1.0_0037001F"], .msg),
            (["Contents"], nil),
        ] as [([String], LegacyOfficeKind?)])
    func kinds(names: [String], kind: LegacyOfficeKind?) throws {
        let file = try CompoundFile(CompoundFileBuilder.build(names.map { ([$0], [1, 2, 3]) }))
        #expect(LegacyOfficeKind.detect(file) == kind)
        #expect(LegacyOfficeKind.doc.description == ".doc")
    }

    @Test("the sweep finds text in Windows-1252 and in UTF-16LE at either offset, one run a line")
    func sweep() {
        let ansi = [0x01, 0x02] + Array("Título 390.533.447-05".unicodeScalars.map { UInt8($0.value) }) + [0x00]
        let wide = [0x00] + CompoundFileBuilder.utf16("CPF 529.982.247-25") + [0x00, 0x00]
        let text = String(decoding: LegacyOfficeText.sweep(ansi + wide), as: UTF8.self)
        #expect(text.contains("Título 390.533.447-05\n"))
        #expect(text.contains("\nCPF 529.982.247-25\n"))
        #expect(LegacyOfficeText.sweep(Array("short".utf8)).isEmpty)
    }

    @Test("a document's characters: breaks as line feeds, Word's non-breaking hyphen as '-', its optional one left out")
    func characters() {
        var text: [UInt8] = []
        LegacyOfficeText.appendUTF16(
            CompoundFileBuilder.utf16("390.533.447\u{1E}05\u{0D}\u{07}a\u{1F}b \u{1F600}")[...], to: &text)
        #expect(String(decoding: text, as: UTF8.self) == "390.533.447-05\nab \u{1F600}")
        text = []
        LegacyOfficeText.append1252([0x93, 0x41, 0x94, 0x0B, 0xE7][...], to: &text)
        #expect(String(decoding: text, as: UTF8.self) == "\u{201C}A\u{201D}\nç")
    }
}
