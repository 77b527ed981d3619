// Tests of PDFLayerMap.swift: which layer each object of a PDF belongs to,
// found by walking the document from its trailer.

import Testing

@testable import CPFDecoders

@Suite("PDFLayerMap")
struct PDFLayerMapTests {
    /// The layer map of `pdf`.
    static func map(_ pdf: [UInt8]) throws -> PDFLayerMap {
        let result = pdf.withUnsafeBytes { raw in
            Result { () throws(PDFError) in
                let document = try PDFDocument(raw, limits: .default)
                return try PDFLayerMap(
                    document: document, pages: try PDFTextExtractor(limits: .default).pages(of: document))
            }
        }
        return try result.get()
    }

    /// Two pages sharing a font (6); page 1 has a link (7) to page 2 and a
    /// widget (8) of the form field 9; page 2 a note (10) with a popup
    /// (11); an outline (12, 13) pointing at page 2; the information
    /// dictionary (14); object 15 nothing refers to.
    static let document = PDFSamples.build(
        [
            Array("<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [9 0 R] >> /Outlines 12 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /Resources 5 0 R /Annots [7 0 R 8 0 R] >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /Resources 5 0 R /Annots [10 0 R] >>".utf8),
            Array("<< /Font << /F1 6 0 R >> >>".utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            Array("<< /Type /Annot /Subtype /Link /P 3 0 R /Dest [4 0 R /Fit] >>".utf8),
            Array("<< /Type /Annot /Subtype /Widget /P 3 0 R /Parent 9 0 R >>".utf8),
            Array("<< /FT /Tx /T (cpf) /Kids [8 0 R] >>".utf8),
            Array("<< /Type /Annot /Subtype /Text /P 4 0 R /Popup 11 0 R >>".utf8),
            Array("<< /Type /Annot /Subtype /Popup /Parent 10 0 R >>".utf8),
            Array("<< /Type /Outlines /First 13 0 R /Last 13 0 R >>".utf8),
            Array("<< /Title (Fiador) /Parent 12 0 R /Dest [4 0 R /Fit] >>".utf8),
            Array("<< /Author (Ana) >>".utf8),
            Array("(orphan)".utf8),
        ], trailer: "/Info 14 0 R")

    static let expected: [(Int, PDFLayer?)] = [
        (1, .document), (2, .document), (3, .page(1)), (4, .page(2)), (5, .page(1)), (6, .page(1)),
        (7, .annotation(page: 1)), (8, .formField), (9, .formField), (10, .annotation(page: 2)),
        (11, .annotation(page: 2)), (12, .bookmark), (13, .bookmark), (14, .information), (15, nil),
    ]

    @Test(
        """
        an object has the first layer that reaches it: a widget is its field's, a shared font the first page's, \
        a popup its note's; links and bookmarks do not take the page they point at; nothing reaches an orphan
        """,
        arguments: expected)
    func layers(_ number: Int, _ layer: PDFLayer?) throws {
        #expect(try Self.map(Self.document).layer(of: number) == layer)
    }

    @Test("the catalog's entries written in it, and a page's annotations written in it, have their own layers")
    func entriesWrittenInPlace() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R /PageLabels << /Nums [0 << /P (A-) >>] >> >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /Annots [<< /Subtype /Text /Contents (x) >>] >>".utf8),
        ])
        let map = try Self.map(pdf)
        #expect(map.entryLayers[1]?[["PageLabels"]] == .pageLabel)
        #expect(map.entryLayers[1]?[["Names", "EmbeddedFiles"]] == .attachment)
        #expect(map.entryLayers[3] == [["Annots"]: .annotation(page: 1)])
    }
}
