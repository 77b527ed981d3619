// Tests of PDFDocument+CrossReferences.swift: a cross-reference table, and
// cross-reference streams with object streams, read and followed.

import Testing

@testable import CPFDecoders

@Suite("PDFDocument: cross-reference data")
struct PDFDocumentCrossReferencesTests {
    @Test("reads a cross-reference table and resolves references through it")
    func table() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R /Next 3 0 R >>".utf8), Array("<< /Type /Pages /Kids [] >>".utf8),
            Array("4 0 R".utf8), Array("(end)".utf8),
        ])
        try PDFDocumentTests.withDocument(pdf) { document throws(PDFError) in
            #expect(document.entries.count == 5)
            let catalog = try document.resolve(document.trailer["Root"] ?? .null)
            #expect(catalog["Type"]?.name == "Catalog")
            #expect(try document.resolve(catalog["Next"] ?? .null) == .string(Array("end".utf8)))
            #expect(try document.object(99) == .null)
        }
    }

    @Test("reads a cross-reference stream with an object stream (pypdf's and this script's)")
    func streams() throws {
        for name in ["objstm.pdf", "incremental.pdf"] {
            try PDFDocumentTests.withDocument(try PDFSamples.fixture(name)) { document throws(PDFError) in
                let catalog = try document.resolve(document.trailer["Root"] ?? .null)
                #expect(catalog["Type"]?.name == "Catalog", "\(name)")
                if name == "objstm.pdf" {
                    #expect(document.entries.values.contains { if case .compressed = $0 { true } else { false } })
                }
            }
        }
    }
}
