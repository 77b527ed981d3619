// Tests of Batch/RedactEngine+Documents.swift: a PNG image and a PDF through
// the engine, written back rewritten, refused when they cannot be rewritten,
// not searched when they cannot be read; the characters lgpd removes from a
// PDF's page.

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

    @Test(
        "lgpd removes from a PDF's page only the characters it hides, each whole",
        arguments: [
            ("CPF 390.533.447-05", [4..<7, 16..<18]),
            ("CPF 39053344705", [4..<7, 13..<15]),
            // Fullwidth digits (3 bytes each) share their first two bytes with `＊`.
            ("CPF \u{FF13}\u{FF19}\u{FF10}.533.447-05", [4..<13, 22..<24]),
        ])
    func hiddenRuns(text: String, expected: [Range<Int>]) throws {
        let bytes = Array(text.utf8)
        let match = try #require(
            TaxpayerScanner.matches(in: bytes, accepting: .cpf, minimumConfidence: .low, includeInvalid: true).first)
        #expect(RedactEngine.hiddenRuns(of: match, in: bytes, style: .lgpd) == expected)
        #expect(RedactEngine.hiddenRuns(of: match, in: bytes, style: .full).count >= 1)
    }

    @Test(
        "redact writes a PDF with its CPF's glyphs removed and its text attachment rewritten, and refuses one holding a CPF where it rewrites nothing"
    )
    func pdfThroughTheEngine() throws {
        let content = Array("BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05 fim) Tj ET".utf8)
        func pdf(_ extra: String) -> [UInt8] {
            var file = Array("%PDF-1.4\n".utf8)
            var offsets: [Int] = []
            let objects = [
                "<< /Type /Catalog /Pages 2 0 R \(extra) >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
                "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
                "<< /Length \(content.count) >>\nstream\n" + String(decoding: content, as: UTF8.self) + "\nendstream",
                "<< /Type /EmbeddedFile /Length 18 >>\nstream\nCPF 111.444.777-35\nendstream",
            ]
            for (index, body) in objects.enumerated() {
                offsets.append(file.count)
                file += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
            }
            let start = file.count
            file += Array("xref\n0 7\n0000000000 65535 f \n".utf8)
            for offset in offsets {
                let digits = String(offset)
                file += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
            }
            file += Array("trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n".utf8)
            return file
        }
        let output = try capturedOutput { out in
            let engine = RedactEngine(style: .hidden(.full), context: Context(), output: out)
            // The attachment's object, which nothing references here, is read by the sweep and left out.
            try withFileDescriptor(containing: pdf("")) { try engine.redact($0) }
            #expect(engine.redactedCount == 2)
        }
        let text = try output.withUnsafeBytes { try PDFTextExtractor().extractText(from: $0) }
        #expect(String(decoding: text, as: UTF8.self) == "CPF  fim\n")
        let needle = Array("111.444".utf8)
        #expect(!output.indices.contains { output[$0...].starts(with: needle) })
        // A plain text attachment is rewritten with the page.
        let attached = pdf("/Names << /EmbeddedFiles << /Names [(a.txt) << /EF << /F 6 0 R >> >>] >> >>")
        let rewritten = try capturedOutput { out in
            let engine = RedactEngine(style: .hidden(.full), context: Context(), output: out)
            try withFileDescriptor(containing: attached) { try engine.redact($0) }
            #expect(engine.redactedCount == 2)
        }
        #expect(!rewritten.indices.contains { rewritten[$0...].starts(with: needle) })
        let sweep = try rewritten.withUnsafeBytes { try PDFSweep.text(of: $0) }
        #expect(String(decoding: sweep, as: UTF8.self).contains("CPF ***.***.***-**\n"))
        // A string redact does not rewrite (an application's private data) is found by the reading back.
        let privateData = pdf("/PieceInfo << /App << /Private (CPF 111.444.777-35) >> >>")
        _ = capturedOutput { out in
            let engine = RedactEngine(style: .hidden(.full), context: Context(), output: out)
            #expect(
                throws: InputFailure.notRewritten(
                    "a PDF holding a CPF beside its pages' text, which redact does not rewrite")
            ) { try withFileDescriptor(containing: privateData) { try engine.redact($0) } }
        }
    }
}
