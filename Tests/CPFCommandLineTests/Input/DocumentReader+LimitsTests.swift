// Tests of Input/DocumentReader+Limits.swift: the limits a PDF's streams
// are decoded under.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader+Limits")
struct DocumentReaderLimitsTests {
    @Test("a PDF's decoded streams are bounded by what is held whole, or by a lower limit the run sets")
    func pdfLimits() {
        let loose = DocumentReader.pdfLimits(DecodingReader.defaultLimits)
        #expect(loose.maximumOutputSize == DocumentReader.maximumHeldSize)
        #expect(loose.maximumRatio == DecodingReader.defaultLimits.maximumRatio)
        let tight = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 10, ratioAllowance: 1 << 10)
        #expect(DocumentReader.pdfLimits(tight).maximumOutputSize == 1 << 20)
    }
}
