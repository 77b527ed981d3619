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

    @Test("puts pieces on one baseline on one line, a space where the gap is wide")
    func writer() {
        var writer = PDFTextWriter()
        writer.place(x: 0, y: 100, size: 10)
        writer.append(["a"])
        writer.end(x: 5)
        writer.place(x: 6, y: 101, size: 10)  // gap 1: no space; 1 point higher: same line
        writer.append(["b"])
        writer.end(x: 11)
        writer.place(x: 15, y: 100, size: 10)  // gap 4: a space
        writer.append(["c"])
        writer.place(x: 0, y: 80, size: 10)  // another baseline
        writer.append(["d", "\u{7}", "e"])  // a control becomes a space
        writer.requestSpace()
        writer.place(x: 0, y: 80, size: 10)
        writer.append(["f"])
        writer.endPage()
        writer.pageBreak()
        writer.place(x: 0, y: 0, size: 10)
        writer.append(["g"])
        writer.endPage()
        #expect(String(decoding: writer.output, as: UTF8.self) == "ab c\nd e f\n\u{0C}\ng\n")
        #expect(writer.showedText)
    }

    @Test("bounds the nesting of forms and skips a form that draws itself")
    func formBounds() throws {
        // Form n draws form n+1, 20 deep; each shows its number on its own line.
        var objects = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Resources 4 0 R /Contents 5 0 R >>".utf8),
            Array(
                """
                << /Font << /F1 << /Subtype /Type1 /BaseFont /Helvetica >> >> \
                /XObject << /Self 5 0 R \(( 0..<20).map { "/X\($0) \($0 + 6) 0 R" }.joined(separator: " ")) >> >>
                """.utf8),
            PDFSamples.stream("/Subtype /Form", Array("/Self Do /X0 Do".utf8)),
        ]
        for level in 0..<20 {
            objects.append(
                PDFSamples.stream(
                    "/Subtype /Form",
                    Array("BT /F1 10 Tf 0 \(700 - level * 20) Td (\(level)) Tj ET /X\(level + 1) Do".utf8)))
        }
        objects[4] = PDFSamples.stream("", Array("/Self Do /X0 Do".utf8))
        let text = try PDFSamples.text(PDFSamples.build(objects))
        #expect(text == (0..<12).map { "\($0)\n" }.joined())
    }
}
