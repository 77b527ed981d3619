import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFRedactor: appearance streams")
struct PDFRedactorAppearancesTests {
    /// A page showing "Recibo" with a free text annotation (object 6, its
    /// appearance object 8) and a text field's widget (object 7: /N object
    /// 9, /D a dictionary of states, /On object 10), each appearance
    /// showing its text in its font /F1 = `font` (the field's appearance,
    /// `fieldContent` when given).
    static func annotated(
        note: String = "nota 390.533.447-05", field: String = "390.533.447-05", state: String = "111.444.777-35",
        font: String = "4 0 R", fieldContent: String? = nil
    ) -> [UInt8] {
        let resources = "/Resources << /Font << /F1 \(font) >> >> /BBox [0 0 200 50] /Subtype /Form"
        return PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [7 0 R] >> >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(
                "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [6 0 R 7 0 R] >>"
                    .utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (Recibo) Tj ET".utf8)),
            Array("<< /Type /Annot /Subtype /FreeText /Rect [50 550 250 600] /AP << /N 8 0 R >> >>".utf8),
            Array(
                "<< /Type /Annot /Subtype /Widget /FT /Tx /T (cpf) /Rect [50 500 250 520] /AP << /N 9 0 R /D << /On 10 0 R >> >> >>"
                    .utf8),
            // A graphics state left open: the box is painted after it is closed.
            PDFSamples.stream(resources, Array("q BT /F1 10 Tf 2 2 Td (\(note)) Tj ET".utf8)),
            PDFSamples.stream(
                resources, Array((fieldContent ?? "/Tx BMC q BT /F1 12 Tf 4 6 Td (\(field)) Tj ET Q EMC").utf8)),
            PDFSamples.stream(resources, Array("BT /F1 12 Tf 4 6 Td (\(state)) Tj ET".utf8)),
        ])
    }

    /// The decoded appearances of the written file, in the order of the
    /// page's annotations and of their /N, then /D's states.
    static func appearances(_ pdf: [UInt8]) throws -> [String] {
        try pdf.withUnsafeBytes { raw in
            let document = try PDFDocument(raw, limits: .default)
            let pages = try PDFTextExtractor().pages(of: document)
            return try PDFRedactor.appearanceStreams(of: document, pages: pages).map { number in
                String(decoding: try document.decodeStream(try document.object(number)), as: UTF8.self)
            }
        }
    }

    @Test("finds the appearance streams of annotations and fields, /N, /D and /R, a stream or states, each once")
    func finds() throws {
        let found = try Self.appearances(Self.annotated())
        #expect(found.count == 3)
        #expect(found.first?.contains("(nota 390.533.447-05)") == true)
    }

    @Test("takes the glyphs of a match out of each appearance, and paints the box in the appearance's own space")
    func removes() throws {
        let redaction = try PDFSamples.redactEverything(Self.annotated())
        #expect(redaction.removed == 0)
        #expect(redaction.rewritten == 3)
        #expect(try PDFSamples.text(redaction.pdf) == "Recibo\n")
        #expect(PDFRedactorTests.numbers(in: Array(try PDFSamples.sweep(redaction.pdf).utf8)).isEmpty)
        let found = try Self.appearances(redaction.pdf)
        #expect(found.count == 3)
        // "nota " is 2224 thousandths wide at size 10, from x 2; the CPF 7005; -0.3 to 1 of the size from y 2.
        #expect(
            found[0].hasPrefix("q\nq BT /F1 10 Tf 2 2 Td\n[(nota ) -7005] TJ\n ET\nQ\nQ\nn\nq 0 g\n"), "\(found[0])")
        #expect(found[0].contains("24.24 -1 70.05 13 re f\nQ"), "\(found[0])")
        #expect(found[1].contains("[-7005] TJ"))
        #expect(found[1].contains("4 2.4 84.06 15.6 re f"), "\(found[1])")
        #expect(found[2].contains("[-7005] TJ"))
    }

    @Test("ends a path the appearance left open before the box, so that the box fills only itself")
    func openPath() throws {
        // pypdf writes a text field's clip as `re W` without `n`: the path outlives Q.
        let pdf = Self.annotated(fieldContent: "q 2 1 194 17 re W BT /F1 12 Tf 4 6 Td (390.533.447-05) Tj ET Q")
        let redaction = try PDFSamples.redactEverything(pdf)
        let field = try Self.appearances(redaction.pdf)[1]
        #expect(field.contains(" ET Q\nQ\nn\nq 0 g\n4 2.4 84.06 15.6 re f\nQ"), "\(field)")
        let blank = try pdf.withUnsafeBytes { raw in
            try PDFRedactor(fill: .blank).redact(raw, matches: PDFRedactorTests.numbers(in:))
        }
        #expect(!(try Self.appearances(blank.pdf)[1]).contains("\nn"))
    }

    @Test("leaves an appearance without a match as it was")
    func keeps() throws {
        let redaction = try PDFSamples.redactEverything(Self.annotated(note: "nota", field: "Ana", state: "Sim"))
        #expect(redaction.rewritten == 0)
        #expect(try Self.appearances(redaction.pdf)[0] == "q BT /F1 10 Tf 2 2 Td (nota) Tj ET")
    }

    @Test(
        "refuses an appearance whose match it cannot trust, as on a page",
        arguments: [
            (
                "<< /Type /Font /Subtype /Type3 /FontMatrix [0 0.001 -0.001 0 0 0] /FontBBox [0 0 1 1] "
                    + "/CharProcs << >> /FirstChar 32 /LastChar 57 /Widths [\(String(repeating: "500 ", count: 26))] >>",
                PDFRedactionError.unknownWidths
            ),
            ("<< /Type /Font /Subtype /Type1 /BaseFont /Garamond >>", .unknownWidths),
        ])
    func refuses(font: String, expected: PDFRedactionError) {
        #expect(throws: expected) { try PDFSamples.redactEverything(Self.annotated(font: font)) }
    }
}
