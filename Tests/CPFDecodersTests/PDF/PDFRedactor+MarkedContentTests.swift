import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFRedactor: marked content")
struct PDFRedactorMarkedContentTests {
    @Test(
        "writes again, where it stood, each BDC or DP whose inline property list holds a match",
        arguments: [
            (
                "/Span <</ActualText (CPF 390.533.447-05)>> BDC (x) Tj EMC",
                "\n/Span <</ActualText (CPF ***.***.***-**) >> BDC\n (x) Tj EMC"
            ),
            ("q /P <</E (111.444.777-35) /MCID 0>> DP Q", "q\n/P <</E (***.***.***-**) /MCID 0 >> DP\n Q"),
            ("/P <</MCID 0>> BDC EMC", "/P <</MCID 0>> BDC EMC"),
            ("/Span /MC0 BDC EMC", "/Span /MC0 BDC EMC"),
            // An inline image's data is no operand.
            ("BI /W 1 /H 1 ID (390.533.447-05) EI", "BI /W 1 /H 1 ID (390.533.447-05) EI"),
            ("(390.533.447-05) Tj", "(390.533.447-05) Tj"),
        ])
    func operators(content: String, expected: String) throws {
        var edits = PDFRedactor.ContentEdits()
        let count = try PDFRedactor.rewriteMarkedContent(
            in: Array(content.utf8), stream: .page(0), into: &edits, rewriting: PDFSamples.stars)
        #expect(count == (content == expected ? 0 : 1))
        let written = PDFRedactor.apply(edits.streams[.page(0)] ?? [:], to: Array(content.utf8))
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    @Test("rewrites the property lists of the pages' content and of the forms they name; the glyphs go as before")
    func document() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(
                "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> /XObject << /X0 6 0 R >> >> /Contents 5 0 R >>"
                    .utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream(
                "",
                Array(
                    "/Span <</ActualText (390.533.447-05)>> BDC BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj ET EMC /X0 Do"
                        .utf8)),
            PDFSamples.stream(
                "/Type /XObject /Subtype /Form /BBox [0 0 600 800]",
                Array("/Figure <</Alt (foto de 111.444.777-35)>> BDC EMC".utf8)),
        ])
        let redaction = try PDFSamples.redactEverything(pdf)
        #expect(redaction.removed == 1)
        #expect(redaction.rewritten == 2)
        let sweep = try PDFSamples.sweep(redaction.pdf)
        #expect(PDFRedactorTests.numbers(in: Array(sweep.utf8)).isEmpty, "\(sweep)")
        #expect(sweep.contains("foto de ***.***.***-**"))
        let page = try PDFRedactorTests.firstPageContent(redaction.pdf)
        #expect(page.contains("/Span <</ActualText (***.***.***-**) >> BDC"), "\(page)")
        #expect(page.contains("[(CPF ) -7005] TJ"))
        #expect(try PDFSamples.text(redaction.pdf) == "CPF \n")
    }
}
