// Tests of PDFDocument+Scan.swift: the objects of a file without
// cross-reference data found by their `N G obj` headers.

import Testing

@testable import CPFDecoders

@Suite("PDFDocument: the scan of a broken file")
struct PDFDocumentScanTests {
    @Test("finds every N G obj header when scanning a file without cross-reference data")
    func scan() throws {
        var pdf = Array("%PDF-1.4\n".utf8)
        pdf += Array("1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n".utf8)
        pdf += Array("2 0 obj << /Type /Pages /Kids [] >> endobj\n".utf8)
        pdf += Array("2 0 obj << /Type /Pages /Kids [] /Newer true >> endobj\n".utf8)  // an update wins
        try PDFDocumentTests.withDocument(pdf) { document throws(PDFError) in
            #expect(try document.resolve(document.trailer["Root"] ?? .null)["Type"]?.name == "Catalog")
            #expect(try document.object(2)["Newer"] == .bool(true))
        }
    }
}
