// Tests of Batch/RedactEngine+Documents.swift: a PNG image through the
// engine, written back rewritten, refused when it cannot be rewritten, not
// searched when it cannot be read.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// A PNG made of the given chunks (type, data), each with its CRC-32.
func samplePNG(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    var png = PNGTextChunks.signature
    for (type, data) in chunks {
        png += bigEndian(UInt32(data.count)) + Array(type.utf8) + data
        png += bigEndian(CRC32.checksum(of: Array(type.utf8) + data))
    }
    return png
}

@Suite("RedactEngine+Documents")
struct RedactEngineDocumentsTests {
    @Test("redact writes the PNG rewritten; refuses one it cannot rewrite, not searched one it cannot read")
    func throughTheEngine() throws {
        let png = samplePNG([
            ArchiveRedactorPNGTests.header, ("tEXt", Array("c\u{0}CPF 390.533.447-05".utf8)),
            ArchiveRedactorPNGTests.end,
        ])
        let output = try capturedOutput { out in
            let engine = RedactEngine(style: .hidden(.full), context: Context(), output: out)
            try withFileDescriptor(containing: png) { try engine.redact($0) }
            #expect(engine.redactedCount == 1)
        }
        #expect(try PNGTextChunks(output).texts.first?.text == Array("CPF ***.***.***-**".utf8))
        let refused = samplePNG([
            ArchiveRedactorPNGTests.header, ("prVt", Array("CPF 390.533.447-05".utf8)), ArchiveRedactorPNGTests.end,
        ])
        let cut = Array(png.prefix(30))
        for (input, expected) in [
            (
                refused,
                InputFailure.notRewritten(
                    "member prVt: a CPF in a chunk that is not text, which redact does not rewrite")
            ),
            (cut, .notSearched("PNG cut short (a chunk runs past the end of the file)")),
        ] {
            _ = capturedOutput { out in
                let engine = RedactEngine(style: .hidden(.full), context: Context(), output: out)
                #expect(throws: expected) { try withFileDescriptor(containing: input) { try engine.redact($0) } }
            }
        }
    }
}
