// Tests of Input/MemberKind.swift: what a member of an archive is, told
// once from its name and first bytes for find and redact alike.

import CPFDecoders
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("MemberKind")
struct MemberKindTests {
    static let text = Array("Pessoa física\nCPF 390.533.447-05\n".utf8)

    @Test(
        "a member outside an Office document is told by its first bytes",
        arguments: [
            ("plain UTF-8", text, MemberKind.plain),
            ("binary data", [0, 1, 2, 0xFF, 0] + text, .plain),
            ("gzip", GzipWriter.compress(text), .encoded),
            ("UTF-16 with a byte order mark", [0xFF, 0xFE] + text.flatMap { [$0, 0] }, .encoded),
            ("an e-mail message", Array("From: a@example.com\nSubject: um\n\ncorpo\n".utf8), .encoded),
            ("a zip archive", InputFormatTests.zip(text), .archive(.zip)),
            ("a PDF", Array("%PDF-1.4\n%%EOF\n".utf8), .pdf),
            ("a PNG image", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        ])
    func outsideOffice(_ name: String, head: [UInt8], kind: MemberKind) {
        #expect(MemberKind.of(head: head, depth: 1) == kind, "\(name)")
    }

    @Test("an archive is walked up to the deepest level, and refused there")
    func depth() {
        let zip = InputFormatTests.zip(Self.text)
        #expect(MemberKind.of(head: zip, depth: DocumentReader.maximumDepth - 1) == .archive(.zip))
        #expect(MemberKind.of(head: zip, depth: DocumentReader.maximumDepth) == .tooDeep)
        #expect(MemberKind.tooDeepReason == "an archive nested more than 3 deep")
        // A PDF is no archive: read at any depth.
        #expect(MemberKind.of(head: Array("%PDF-1.7\n".utf8), depth: 9) == .pdf)
    }

    @Test(
        "in an Office document, UTF-8 XML is swept, binary parts (UTF-16 text too) swept for UTF-16, others as outside")
    func insideOffice() {
        func kind(_ name: String, _ head: [UInt8]) -> MemberKind {
            MemberKind.of(name: Array(name.utf8), head: head, office: .wordprocessing, depth: 1)
        }
        #expect(kind("word/_rels/document.xml.rels", Array("<?xml version".utf8)) == .officeXML)
        #expect(kind("customXml/item1.xml", Array("<root/>".utf8)) == .officeXML)
        // A metafile as LibreOffice writes a chart's replacement: a binary header, then UTF-16LE text.
        let metafile = Array("VCLMTF".utf8) + [1, 0, 0x31, 0, 0, 0] + "Vendas".utf8.flatMap { [$0, 0] }
        #expect(kind("ObjectReplacements/Object 1", metafile) == .binaryPart(plain: true))
        // Text in UTF-16 has NULs too: swept as a binary part, its bytes decoded.
        let utf16: [UInt8] = [0xFF, 0xFE] + "CPF 390.533.447-05".utf8.flatMap { [$0, 0] }
        #expect(kind("extra/notes.txt", utf16) == .binaryPart(plain: false))
        #expect(kind("word/notes.txt", Self.text) == .plain)
        // Windows-1252 text: decoded, no NUL to sweep for.
        #expect(kind("word/notes-1252.txt", Array("S".utf8) + [0xE3] + Array("o Paulo\n".utf8)) == .encoded)
        #expect(kind("word/settings.xml", [0xFF, 0xFE, 0x3C, 0x00, 0x3F, 0x00]) == .binaryPart(plain: false))
        #expect(kind("word/embeddings/a.zip", InputFormatTests.zip(Self.text)) == .archive(.zip))
        // Outside an Office document the same bytes are read as they are.
        #expect(MemberKind.of(name: Array("a.xml".utf8), head: Array("<?xml".utf8), depth: 1) == .plain)
        #expect(MemberKind.of(head: metafile, depth: 1) == .plain)
        #expect(MemberKind.of(head: utf16, depth: 1) == .encoded)
    }
}
