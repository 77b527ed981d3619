import Testing

@testable import CPFDecoders

@Suite("PDFRedactionError")
struct PDFRedactionErrorTests {
    @Test(
        "describes each refusal in plain English, without the file's text",
        arguments: [
            (PDFRedactionError.unreadable(.encrypted), "encrypted PDF"),
            (.unmappedGlyphs, "a PDF with glyphs that map to no text, which redact cannot read"),
            (.unknownWidths, "a PDF match in a font without glyph widths, which redact does not rewrite"),
            (.untraceable, "a PDF match redact cannot trace to the glyphs that draw it"),
            (.conflictingForms, "a PDF form drawn in several places that redact cannot rewrite for all of them"),
            (.verticalText, "a PDF match in vertical text, which redact does not rewrite"),
            (.directPage, "a PDF page that is no object of its own, which redact does not rewrite"),
            (.binaryAttachment, "a PDF attachment that is not plain text, which redact does not rewrite"),
        ])
    func descriptions(error: PDFRedactionError, expected: String) {
        #expect(error.description == expected)
    }
}
