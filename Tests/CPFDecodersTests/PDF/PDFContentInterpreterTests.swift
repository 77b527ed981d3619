import Testing

@testable import CPFDecoders

@Suite("PDFContentInterpreter")
struct PDFContentInterpreterTests {
    typealias Matrix = PDFContentInterpreter.Matrix

    @Test("multiplies matrices in PDF's row-vector order")
    func matrices() {
        let scale = Matrix(a: 2, d: 2)
        let move = Matrix(e: 10, f: 20)
        #expect(scale.concatenating(move) == Matrix(a: 2, d: 2, e: 10, f: 20))
        #expect(move.concatenating(scale) == Matrix(a: 2, d: 2, e: 20, f: 40))
        var text = Matrix(a: 2, d: 2, e: 1, f: 1)
        text.translate(3, 4)
        #expect(text == Matrix(a: 2, d: 2, e: 7, f: 9))
        #expect(Matrix([1, 2, 3]) == nil)
        #expect(Matrix([1, 0, 0, 1, .nan, 0]) == nil)
    }

    /// Hand-written content streams in Helvetica (no /Widths: its Core 14
    /// widths), whose pieces are placed from those widths: "Documento
    /// 554.151." is 111.396 wide at 12 points, "554.151." 46.704, a word
    /// space 3.336.
    @Test(
        "joins the pieces of one baseline into one line whatever moved the pen, a space only for a word's gap",
        arguments: [
            // Two text objects, the second where the first ends (reportlab's split drawing).
            (
                "BT /F1 12 Tf 1 0 0 1 72 700 Tm (Documento 554.151.) Tj ET "
                    + "BT /F1 12 Tf 1 0 0 1 183.396 700 Tm (396-05) Tj ET",
                "Documento 554.151.396-05\n"
            ),
            // A gap of a word space is a space; a third of one is not.
            (
                "BT /F1 12 Tf 72 700 Td (Documento) Tj ET BT /F1 12 Tf 136.692 700 Td (554.151.396-05) Tj ET",
                "Documento 554.151.396-05\n"
            ),
            (
                "BT /F1 12 Tf 72 700 Td (554.151.) Tj ET BT /F1 12 Tf 119.816 700 Td (396-05) Tj ET",
                "554.151.396-05\n"
            ),
            // Td, TD, T* with no leading, separate Tj and TJ operators.
            ("BT /F1 12 Tf 72 700 Td (554.151.) Tj 46.704 0 Td (396-05) Tj ET", "554.151.396-05\n"),
            ("BT /F1 12 Tf 72 700 Td (554.151.) Tj 46.704 0 TD (396-05) Tj ET", "554.151.396-05\n"),
            (
                "BT /F1 12 Tf 0 TL 72 700 Td (554.151.) Tj T* ET "
                    + "BT /F1 12 Tf 118.704 700 Td (396-05) Tj ET",
                "554.151.396-05\n"
            ),
            ("BT /F1 12 Tf 72 700 Td [(554.)] TJ [(151.)] TJ (396-05) Tj ET", "554.151.396-05\n"),
            // The CTM and the text matrix scale the pen alike.
            (
                "q 2 0 0 2 0 0 cm BT /F1 6 Tf 36 350 Td (554.151.) Tj ET Q BT /F1 12 Tf 118.704 700 Td (396-05) Tj ET",
                "554.151.396-05\n"
            ),
            (
                "BT /F1 1 Tf 12 0 0 12 72 700 Tm (554.151.) Tj ET "
                    + "BT /F1 12 Tf 118.704 700 Td (396-05) Tj ET",
                "554.151.396-05\n"
            ),
            // One baseline in different sizes is one line.
            ("BT /F1 8 Tf 72 700 Td (CPF ) Tj /F1 14 Tf (554.151.396-05) Tj ET", "CPF 554.151.396-05\n"),
            // A move to another baseline is a new line, even where the pen stood.
            (
                "BT /F1 12 Tf 72 700 Td (554.151.) Tj ET "
                    + "BT /F1 12 Tf 118.704 686 Td (396-05) Tj ET",
                "554.151.\n396-05\n"
            ),
            // Text rotated a quarter turn is not merged with upright text where it ends...
            (
                "BT /F1 12 Tf 0 1 -1 0 100 100 Tm (554.151.) Tj ET "
                    + "BT /F1 12 Tf 100 146.704 Td (396-05) Tj ET",
                "554.151.\n396-05\n"
            ),
            // ...nor a heading with the small text just under it, where the heading ends.
            ("BT /F1 24 Tf 72 500 Td (Heading) Tj ET BT /F1 8 Tf 161.376 492 Td (small) Tj ET", "Heading\nsmall\n"),
            // Columns of a table stay a space apart; a jump back left is a space too.
            ("BT /F1 12 Tf 72 700 Td (Ana) Tj 150 0 Td (554.151.396-05) Tj ET", "Ana 554.151.396-05\n"),
            ("BT /F1 12 Tf 300 700 Td (direita) Tj ET BT /F1 12 Tf 72 700 Td (esquerda) Tj ET", "direita esquerda\n"),
        ])
    func joinsOneBaseline(content: String, expected: String) throws {
        #expect(try PDFSamples.text(PDFSamples.page(content: content)) == expected)
    }

    /// A page whose content draws form X0, which draws X1, …, `levels`
    /// deep, each showing its number on its own line; and a form that draws itself.
    static func nestedForms(_ levels: Int) -> [UInt8] {
        let forms = (0..<levels).map { "/X\($0) \($0 + 7) 0 R" }.joined(separator: " ")
        var objects = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Resources 4 0 R /Contents 5 0 R >>".utf8),
            Array(
                """
                << /Font << /F1 << /Subtype /Type1 /BaseFont /Helvetica >> >> \
                /XObject << /Self 5 0 R /Loop 6 0 R \(forms) >> >>
                """.utf8),
            PDFSamples.stream("", Array("/Self Do /Loop Do /X0 Do".utf8)),
            PDFSamples.stream("/Subtype /Form", Array("/Loop Do".utf8)),
        ]
        for level in 0..<levels {
            objects.append(
                PDFSamples.stream(
                    "/Subtype /Form",
                    Array("BT /F1 10 Tf 0 \(700 - level * 20) Td (\(level)) Tj ET /X\(level + 1) Do".utf8)))
        }
        return PDFSamples.build(objects)
    }

    @Test("reads forms nested 12 deep and skips a form that draws itself")
    func formsTwelveDeep() throws {
        let text = try PDFSamples.text(Self.nestedForms(PDFContentInterpreter.maximumFormDepth))
        #expect(text == (0..<12).map { "\($0)\n" }.joined())
    }

    @Test("a form nested deeper than 12 stops the reading, named, rather than go unread in silence")
    func formsDeeperThanTheBound() {
        for levels in [13, 20] {
            #expect(
                PDFSamples.error(Self.nestedForms(levels)) == .tooComplex("form XObjects nested more than 12 deep"))
        }
    }
}
