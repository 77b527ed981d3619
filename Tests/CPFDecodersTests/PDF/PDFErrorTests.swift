import CPFDecoders
import Testing

@Suite("PDFError")
struct PDFErrorTests {
    @Test(
        "describes its errors in plain English",
        arguments: [
            (PDFError.encrypted, "encrypted PDF"), (.noText, "no text in the PDF (scanned images?)"),
            (.unsupportedFilter("DCTDecode"), "unsupported PDF filter DCTDecode"),
            (.malformed("no pages"), "malformed PDF (no pages)"), (.tooLarge(10), "PDF larger than 10 bytes"),
            (.decompressionLimit(.outputTooLarge(limit: 5)), "PDF stream output larger than 5 bytes (size limit)"),
            (.tooComplex("more than 3 pages"), "PDF too complex (more than 3 pages)"),
        ])
    func descriptions(error: PDFError, text: String) {
        #expect(error.description == text)
    }

    @Test("prints no text of the file: an unknown filter name stays unnamed")
    func noFileTextInMessages() {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Contents 4 0 R >>".utf8),
            PDFSamples.stream("/Filter /39053344705", [1]),
        ])
        let error = PDFSamples.error(pdf)
        #expect(error == .unsupportedFilter("(unknown)"))
        #expect(!(error?.description.contains("39053344705") ?? true))
    }
}
