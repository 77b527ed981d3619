// Tests of PDFTextWriter.swift: the layout of the text a PDF's pages show,
// one line per baseline, spaces where the gaps are wide.

import Testing

@testable import CPFDecoders

@Suite("PDFTextWriter")
struct PDFTextWriterTests {
    @Test("puts pieces on one baseline on one line, a space where the gap is wide")
    func writer() {
        var writer = PDFTextWriter()
        writer.place(x: 0, y: 100, size: 10, wordSpace: 2.78)
        writer.append(["a"])
        writer.end(x: 5)
        writer.place(x: 6, y: 101, size: 10, wordSpace: 2.78)  // gap 1: no space; 1 point higher: same line
        writer.append(["b"])
        writer.end(x: 11)
        writer.place(x: 15, y: 100, size: 10, wordSpace: 2.78)  // gap 4: a space
        writer.append(["c"])
        writer.place(x: 0, y: 80, size: 10, wordSpace: 2.78)  // another baseline
        writer.append(["d", "\u{7}", "e"])  // a control becomes a space
        writer.requestSpace()
        writer.place(x: 0, y: 80, size: 10, wordSpace: 2.78)
        writer.append(["f"])
        writer.endPage()
        writer.pageBreak()
        writer.place(x: 0, y: 0, size: 10, wordSpace: 2.78)
        writer.append(["g"])
        writer.endPage()
        #expect(String(decoding: writer.output, as: UTF8.self) == "ab c\nd e f\n\u{0C}\ng\n")
        #expect(writer.showedText)
    }
}
