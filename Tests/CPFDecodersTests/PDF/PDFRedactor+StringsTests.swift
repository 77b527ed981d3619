import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFRedactor: the strings beside the pages")
struct PDFRedactorStringsTests {
    /// A page showing "Recibo", a choice field (object 6) with a widget kid
    /// (object 7), and a structure tree (object 8) of two elements, one
    /// with a direct child.
    static let fieldsAndStructure = PDFSamples.build([
        Array("<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> /StructTreeRoot 8 0 R >>".utf8),
        Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
        Array("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".utf8),
        Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
        PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (Recibo) Tj ET".utf8)),
        Array(
            ("<< /FT /Ch /T (titular 390.533.447-05) /Opt [(111.444.777-35) [(529.982.247-25) (Ana 529.982.247-25)]] "
                + "/V [(111.444.777-35)] /DV (529.982.247-25) /Kids [7 0 R] >>").utf8),
        Array(
            ("<< /Parent 6 0 R /Type /Annot /Subtype /Widget /Rect [0 0 1 1] /MK << /CA (390.533.447-05) >> "
                + "/TU (dica 390.533.447-05) /TM (exp 390.533.447-05) /RV (<p>390.533.447-05</p>) >>").utf8),
        Array("<< /Type /StructTreeRoot /K 9 0 R >>".utf8),
        Array(
            ("<< /Type /StructElem /S /Document /T (Doc 390.533.447-05) "
                + "/K [10 0 R << /S /Span /ActualText (390.533.447-05) >>] >>").utf8),
        Array("<< /Type /StructElem /S /Figure /Alt (foto de 390.533.447-05) /E (111.444.777-35) /K 0 >>".utf8),
    ])

    @Test("rewrites the names, values, options and captions of form fields, through their kids")
    func fields() throws {
        let redaction = try PDFSamples.redactEverything(Self.fieldsAndStructure)
        let sweep = try PDFSamples.sweep(redaction.pdf)
        #expect(PDFRedactorTests.numbers(in: Array(sweep.utf8)).isEmpty, "\(sweep)")
        for text in [
            "titular ***.***.***-**", "Ana ***.***.***-**", "dica ***.***.***-**", "exp ***.***.***-**",
            "<p>***.***.***-**</p>",
        ] {
            #expect(sweep.contains(text), "\(text)")
        }
        #expect(try PDFSamples.text(redaction.pdf) == "Recibo\n")
    }

    @Test("rewrites the alternate, actual and expanded texts and titles of the structure elements")
    func structure() throws {
        let redaction = try PDFSamples.redactEverything(Self.fieldsAndStructure)
        let sweep = try PDFSamples.sweep(redaction.pdf)
        for text in ["Doc ***.***.***-**", "foto de ***.***.***-**"] {
            #expect(sweep.contains(text), "\(text)")
        }
        #expect(!sweep.contains("111.444.777-35"))
        #expect(!sweep.contains("390.533.447-05"))
    }

    @Test("finds every field under /AcroForm /Fields through /Kids, each once")
    func fieldNumbers() throws {
        let numbers = try Self.fieldsAndStructure.withUnsafeBytes { raw in
            try PDFRedactor.fields(of: try PDFDocument(raw, limits: .default))
        }
        #expect(numbers == [6, 7])
    }

    @Test(
        "rewrites the strings of a value, in arrays and direct dictionaries, never a date or through a reference",
        arguments: [
            (
                PDFObject.string(Array("CPF 390.533.447-05".utf8)),
                PDFObject?.some(.string(Array("CPF ***.***.***-**".utf8)))
            ),
            (.string(Array("D:20261127061523".utf8)), nil),
            (.string(Array("Ana".utf8)), nil),
            (
                .array([.integer(1), .array([.string(Array("390.533.447-05".utf8))])]),
                .array([.integer(1), .array([.string(Array("***.***.***-**".utf8))])])
            ),
            (
                .dictionary(["CA": .string(Array("390.533.447-05".utf8)), "N": .name("390.533.447-05")]),
                .dictionary(["CA": .string(Array("***.***.***-**".utf8)), "N": .name("390.533.447-05")])
            ),
            (.reference(4, 0), nil),
        ] as [(PDFObject, PDFObject?)])
    func values(value: PDFObject, expected: PDFObject?) {
        #expect(PDFRedactor.rewritten(value, rewriting: PDFSamples.stars) == expected)
    }
}
