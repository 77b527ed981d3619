import Testing

@testable import CPFDecoders

@Suite("PDFGlyphRecorder")
struct PDFGlyphRecorderTests {
    /// Runs the first page of `pdf` with a recorder of `matches`.
    static func record(_ pdf: [UInt8], matches: [Range<Int>]) throws -> PDFGlyphRecorder {
        try pdf.withUnsafeBytes { raw in
            let document = try PDFDocument(raw, limits: .default)
            let recorder = PDFGlyphRecorder(matches: matches)
            let interpreter = PDFContentInterpreter(document: document)
            interpreter.recorder = recorder
            try PDFTextExtractor().run(interpreter, pages: try PDFTextExtractor().pages(of: document))
            return recorder
        }
    }

    @Test("keeps the glyphs of the matches only, each with its operator, bytes, displacement and match")
    func glyphsOfMatches() throws {
        let content = "BT /F1 10 Tf 72 720 Td (CPF 390.533.447-05) Tj [(e) -300 (111.444.777-35)] TJ ET"
        let pdf = PDFSamples.page(content: content)
        #expect(try PDFSamples.text(pdf) == "CPF 390.533.447-05e 111.444.777-35\n")
        let recorder = try Self.record(pdf, matches: [20..<29, 4..<6])
        #expect(recorder.glyphs.count == 11)
        #expect(recorder.operations.map(\.name) == ["Tj", "TJ"])
        #expect(recorder.operations[0].range.count == " (CPF 390.533.447-05) Tj".count)
        #expect(recorder.glyphs.map(\.match) == [0, 0] + Array(repeating: 1, count: 9))
        #expect(recorder.glyphs[0].bytes == 4..<5)
        #expect(abs(recorder.glyphs[0].displacement + 556) < 1e-9)
        #expect(recorder.glyphs[2].item == 2)
        #expect(recorder.glyphs.allSatisfy { $0.isWidthKnown })
        #expect(!recorder.showsUnmapped)
    }

    @Test("notes a glyph that maps to no text, and finds no glyph where no match is")
    func unmapped() throws {
        let font = "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [<< >>] >>"
        let recorder = try Self.record(
            PDFSamples.page(content: "BT /F1 10 Tf 72 720 Td <00010002> Tj ET", font: font), matches: [])
        #expect(recorder.showsUnmapped)
        #expect(recorder.glyphs.isEmpty && recorder.operations.isEmpty)
    }
}
