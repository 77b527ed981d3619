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

    @Test("keeps at most cachedObjects parsed objects, and parses a let-go one again to the same value")
    func boundedCache() throws {
        let count = PDFDocument.cachedObjects + 500
        var objects = [Array("<< /Type /Catalog /Pages 2 0 R >>".utf8), Array("<< /Type /Pages /Kids [] >>".utf8)]
        for index in 3...count { objects.append(Array("<< /N \(index) /S (value \(index)) >>".utf8)) }
        let pdf = PDFSamples.build(objects)
        try PDFDocumentTests.withDocument(pdf) { document throws(PDFError) in
            let first = try document.object(3)
            for number in 4...count {
                #expect(try document.object(number)["N"] == .integer(number))
                #expect(document.cache.count <= PDFDocument.cachedObjects)
            }
            #expect(document.cache[3] == nil)
            #expect(try document.object(3) == first)
        }
    }
}
