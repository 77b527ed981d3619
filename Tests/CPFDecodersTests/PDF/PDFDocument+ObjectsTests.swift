// Tests of PDFDocument+Objects.swift: references followed, a cycle read as null.

import Testing

@testable import CPFDecoders

@Suite("PDFDocument: objects")
struct PDFDocumentObjectsTests {
    @Test("turns a reference cycle into null")
    func cycles() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8), Array("3 0 R".utf8), Array("2 0 R".utf8),
        ])
        try PDFDocumentTests.withDocument(pdf) { document throws(PDFError) in
            #expect(try document.resolve(.reference(2, 0)) == .null)
        }
    }
}
