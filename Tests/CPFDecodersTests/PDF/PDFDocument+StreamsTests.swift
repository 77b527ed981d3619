// Tests of PDFDocument+Streams.swift: the ASCII filters, and the total of
// decoded streams counted against the limits.

import Testing

@testable import CPFDecoders

@Suite("PDFDocument: streams")
struct PDFDocumentStreamsTests {
    @Test("decodes the data of streams through their filters, and counts their total against the limits")
    func decoding() throws {
        #expect(PDFDocument.asciiHexDecode(Array("48 65 6c6C 6>".utf8)) == Array("Hell`".utf8))
        #expect(PDFDocument.ascii85Decode(Array("<~87cURD]i,\"Ebo80~>".utf8)) == Array("Hello World!".utf8))
        #expect(PDFDocument.ascii85Decode(Array("z!!~>".utf8)) == [0, 0, 0, 0, 0])
        let pdf = try PDFSamples.fixture("helvetica-compressed.pdf")
        let limits = DecompressionLimits(maximumOutputSize: 150, maximumRatio: 1000, ratioAllowance: 1 << 20)
        let result = pdf.withUnsafeBytes { raw in
            Result { () throws(PDFError) in try PDFTextExtractor(limits: limits).extractText(from: raw) }
        }
        #expect(throws: PDFError.decompressionLimit(.outputTooLarge(limit: 150))) { try result.get() }
    }
}
