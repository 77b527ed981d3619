// Tests of PDFSweep.swift: the strings of every object of a PDF file (old
// revisions and unreferenced ones too), its XMP metadata, embedded files and
// the strings of other streams, one a line.

import CPFDecoders
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFSweep")
struct PDFSweepTests {
    static func sweep(_ pdf: [UInt8]) throws -> String {
        let result = pdf.withUnsafeBytes { raw in Result { () throws(PDFError) in try PDFSweep.text(of: raw) } }
        return String(decoding: try result.get(), as: UTF8.self)
    }

    @Test("the strings of the information dictionary, annotations and form fields are lines, UTF-16 decoded")
    func stringsOfEveryObject() throws {
        let pdf = PDFSamples.build(
            [
                Array("<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> >>".utf8),
                Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
                Array("<< /Type /Page /Parent 2 0 R /Annots [5 0 R] /Contents 4 0 R >>".utf8),
                PDFSamples.stream("", Array("BT (sem dados) Tj ET".utf8)),
                Array("<< /Type /Annot /Subtype /Text /Contents (nota 111.444.777-35) >>".utf8),
                Array("<< /FT /Tx /T (cpf) /V <FEFF003300390030002E003500330033002E003400340037002D00300035> >>".utf8),
                Array("<< /Author (Ana \\(CPF 529.982.247-25\\)) >>".utf8),
            ], trailer: "/Info 7 0 R")
        let text = try Self.sweep(pdf)
        #expect(text.contains("sem dados\n"))
        #expect(text.contains("nota 111.444.777-35\n"))
        #expect(text.contains("390.533.447-05\n"))
        #expect(text.contains("Ana (CPF 529.982.247-25)\n"))
    }

    /// The sweep of `pdf`, layer by layer, as names and texts.
    static func sections(_ pdf: [UInt8]) throws -> [(String, String)] {
        let result = pdf.withUnsafeBytes { raw in Result { () throws(PDFError) in try PDFSweep.sections(of: raw) } }
        return try result.get().map { ($0.layer.name, String(decoding: $0.text, as: UTF8.self)) }
    }

    @Test("each string is in its layer: information, form field, the page's content, its annotation, in that order")
    func layers() throws {
        let pdf = PDFSamples.build(
            [
                Array("<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> >>".utf8),
                Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
                Array("<< /Type /Page /Parent 2 0 R /Annots [5 0 R] /Contents 4 0 R >>".utf8),
                PDFSamples.stream("", Array("/Span << /ActualText (390.533.447-05) >> BDC BT (x) Tj ET EMC".utf8)),
                Array("<< /Type /Annot /Subtype /Text /Contents (nota 111.444.777-35) >>".utf8),
                Array("<< /FT /Tx /T (cpf) /V (529.982.247-25) >>".utf8),
                Array("<< /Author (Ana) >>".utf8),
            ], trailer: "/Info 7 0 R")
        let sections = try Self.sections(pdf)
        #expect(sections.map(\.0) == ["information", "form field", "page 1", "page 1 annotation"])
        #expect(
            sections.map(\.1) == ["Ana\n", "cpf\n529.982.247-25\n", "390.533.447-05\nx\n", "nota 111.444.777-35\n"])
        // The text is the layers one after the other.
        #expect(try Self.sweep(pdf) == sections.map(\.1).joined())
    }

    @Test("keeping is given each object's strings as they are read, and only what it returns is kept")
    func keeping() throws {
        var pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td (sem numero) Tj ET")
        pdf += Array("6 0 obj\n[(orphan 529.982.247-25) (nada)]\nendobj\n".utf8)
        var chunks: [String] = []
        let result = pdf.withUnsafeBytes { raw in
            Result { () throws(PDFError) in
                try PDFSweep.sections(of: raw) { text in
                    chunks.append(String(decoding: text, as: UTF8.self))
                    return text.contains(UInt8(ascii: "5")) ? text : []
                }
            }
        }
        let sections = try result.get().map { ($0.layer.name, String(decoding: $0.text, as: UTF8.self)) }
        #expect(chunks.contains("sem numero\n"))
        #expect(chunks.contains("orphan 529.982.247-25\nnada\n"))
        #expect(sections.map(\.0) == ["unreferenced"])
        #expect(sections.map(\.1) == ["orphan 529.982.247-25\nnada\n"])
    }

    @Test("an object an incremental update replaced, and one nothing refers to, are unreferenced")
    func unreferencedLayer() throws {
        var pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj ET")
        // Another object 5 (the content), which the table does not point at, and an object nothing refers to.
        pdf += Array("5 0 obj\n<< /Length 17 >>\nstream\nBT (antigo) Tj ET\nendstream\nendobj\n".utf8)
        pdf += Array("6 0 obj\n(orphan 529.982.247-25)\nendobj\n".utf8)
        let sections = try Self.sections(pdf)
        #expect(sections.first { $0.0 == "unreferenced" }?.1 == "antigo\norphan 529.982.247-25\n")
        #expect(sections.first { $0.0 == "page 1" }?.1.contains("CPF 390.533.447-05\n") == true)
    }

    @Test("an object an incremental update replaced, and one nothing refers to, are read too")
    func earlierRevisions() throws {
        var pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj ET")
        pdf += Array("6 0 obj\n(orphan 529.982.247-25)\nendobj\n".utf8)
        let text = try Self.sweep(pdf)
        #expect(text.contains("CPF 390.533.447-05\n"))
        #expect(text.contains("orphan 529.982.247-25\n"))
    }

    @Test("XMP metadata is read as XML, an embedded file as its bytes; images and fonts are not read")
    func metadataAndEmbeddedFiles() throws {
        let xmp = Array("<x:xmpmeta><dc:creator>CPF &#51;90.533.447-05</dc:creator></x:xmpmeta>".utf8)
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [] /Count 0 >>".utf8),
            PDFSamples.stream("/Type /Metadata /Subtype /XML", xmp),
            PDFSamples.stream("/Type /EmbeddedFile", Array("nome;cpf\nAna;529.982.247-25\n".utf8)),
            PDFSamples.stream("/Subtype /Image /Width 1 /Height 1", Array("(111.444.777-35)".utf8)),
            PDFSamples.stream("/Length1 10", Array("(862.525.360-48)".utf8)),
        ])
        let text = try Self.sweep(pdf)
        #expect(text.contains("CPF 390.533.447-05\n"))
        #expect(text.contains("Ana;529.982.247-25\n"))
        #expect(!text.contains("111.444.777-35"))
        #expect(!text.contains("862.525.360-48"))
    }

    static let dates: [(String, Bool)] = [
        ("D:20261127061523-03'00'", true), ("D:20261127061523+00'00'", true), ("D:20261127061523Z", true),
        ("D:20261127061523", true), ("D:2026", true), ("D:20261127061523Z00'00'", true),
        ("D:202", false), ("D:2026 CPF 390.533.447-05", false), ("D:20261127061523-03'00' 11222333000181", false),
        ("d:20261127061523", false), ("20261127061523", false), ("D:202611270615231", false),
    ]

    @Test("a PDF date is told from text that starts like one", arguments: dates)
    func pdfDates(_ text: String, _ isDate: Bool) {
        #expect(PDFSweep.isDate(Array(text.utf8)) == isDate)
    }

    @Test("the dates of the information dictionary are not text: their 14 digits are no CNPJ")
    func datesAreLeftOut() throws {
        let pdf = PDFSamples.build(
            [
                Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
                Array("<< /Type /Pages /Kids [] /Count 0 >>".utf8),
                Array("<< /CreationDate (D:20261127061523+00'00') /Title (Recibo) >>".utf8),
            ], trailer: "/Info 3 0 R")
        let text = try Self.sweep(pdf)
        #expect(text.contains("Recibo\n"))
        #expect(!text.contains("20261127061523"))
    }

    @Test("object headers are found where N G obj stands, not inside other words")
    func objectHeaders() {
        let bytes = Array("1 0 obj\n(a)\nendobj 12 3 obj<<>>endobj x1 0 obj 4 0 objects 5 0obj 6 0 obj".utf8)
        let offsets = bytes.withUnsafeBytes { PDFSweep.objectHeaders(in: $0) }
        #expect(offsets == [0, 19, 66])
    }

    @Test("an encrypted file is refused: its strings are ciphertext")
    func encrypted() {
        let pdf = PDFSamples.build([Array("<< /Type /Catalog >>".utf8)], trailer: "/Encrypt << /Filter /Standard >>")
        #expect(throws: PDFError.encrypted) { try Self.sweep(pdf) }
    }

    @Test("random bytes after a PDF header never crash the sweep")
    func randomBytes() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 obj()<>[]/\\\nendstream R".utf8)
        for _ in 0..<300 {
            var pdf = PDFSamples.page(content: "BT (x) Tj ET")
            let cut = Int.random(in: 0..<pdf.count, using: &random)
            pdf.replaceSubrange(
                cut..<min(pdf.count, cut + 40),
                with: (0..<40).map { _ in alphabet.randomElement(using: &random)! })
            _ = try? Self.sweep(pdf)
        }
    }
}
