// Tests of Input/DocumentFormat.swift: a PNG image and a compound file told
// by their signatures, and their names in a message.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentFormat")
struct DocumentFormatTests {
    @Test("tells a PNG image by its 8-byte signature")
    func detectsPNG() {
        #expect(DocumentFormat.detect(PNGTextChunks.signature + [0, 0]) == .png)
        #expect(DocumentFormat.detect(PNGTextChunks.signature.dropLast()) == nil)
        #expect(DocumentFormat.png.name == "PNG image")
    }

    @Test("a compound file is a document by its signature: a legacy Office document, read whole")
    func compoundFileFormat() {
        let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        #expect(DocumentFormat.detect(signature + [0, 0]) == .compoundFile)
        #expect(DocumentFormat.detect(signature.prefix(7)) == nil)
        #expect(DocumentFormat.compoundFile.name == "legacy Office document")
    }
}
