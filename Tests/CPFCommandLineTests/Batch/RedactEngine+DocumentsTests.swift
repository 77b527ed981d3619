// Tests of Batch/RedactEngine+Documents.swift: a PNG image's text chunks
// rewritten with their CRC, what cannot be rewritten refused.

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
    static let header = ("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0] as [UInt8])
    static let pixels = ("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01] as [UInt8])
    static let end = ("IEND", [UInt8]())

    static func redactor() -> ArchiveRedactor {
        let engine = RedactEngine(style: .hidden(.full), context: Context())
        return ArchiveRedactor(engine: engine, documentSize: 1000)
    }

    @Test("a PNG's text chunks with a CPF are rewritten, their CRC right, the image data kept")
    func rewritesTextChunks() throws {
        let png = samplePNG([
            Self.header, ("tEXt", Array("Comment\u{0}CPF 390.533.447-05".utf8)), Self.pixels,
            ("tEXt", Array("Clean\u{0}nada".utf8)), Self.end,
        ])
        var redactor = Self.redactor()
        let rewritten = try #require(try redactor.redact(png: png, path: []))
        #expect(redactor.hidden == 1)
        #expect(redactor.failures.isEmpty)
        let image = try PNGTextChunks(rewritten)
        #expect(image.texts.map { String(decoding: $0.text, as: UTF8.self) } == ["CPF ***.***.***-**", "nada"])
        let original = try PNGTextChunks(png)
        #expect(
            rewritten[image.chunks[2].start..<image.chunks[2].end]
                == png[original.chunks[2].start..<original.chunks[2].end])
        for chunk in image.chunks {
            let stored = rewritten[chunk.data.upperBound..<chunk.end].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(stored == CRC32.checksum(of: Array(rewritten[chunk.start + 4..<chunk.data.upperBound])))
        }
    }

    @Test("nothing to hide: nil, no failure")
    func nothingToHide() throws {
        var redactor = Self.redactor()
        #expect(try redactor.redact(png: samplePNG([Self.header, Self.pixels, Self.end]), path: []) == nil)
        #expect(redactor.failures.isEmpty)
    }

    @Test("a CPF in a keyword, a chunk that is not text or after IEND is refused, the member named")
    func refusals() throws {
        let cases: [([UInt8], String)] = [
            (samplePNG([Self.header, ("tEXt", Array("390.533.447-05\u{0}x".utf8)), Self.end]), "tEXt:390.533.447-05"),
            (samplePNG([Self.header, ("prVt", Array("CPF 390.533.447-05".utf8)), Self.end]), "prVt"),
            (samplePNG([Self.header, Self.end]) + Array("CPF 390.533.447-05".utf8), "IEND+"),
        ]
        for (png, member) in cases {
            var redactor = Self.redactor()
            #expect(try redactor.redact(png: png, path: Array("a.zip!i.png".utf8)) == nil)
            #expect(redactor.failures.map { String(decoding: $0.path, as: UTF8.self) } == ["a.zip!i.png!" + member])
            #expect(redactor.failures.first?.reason.hasSuffix(", which redact does not rewrite") == true)
            #expect(redactor.hidden == 0)
        }
    }

    @Test("redact writes the PNG rewritten; refuses one it cannot rewrite, not searched one it cannot read")
    func throughTheEngine() throws {
        let png = samplePNG([Self.header, ("tEXt", Array("c\u{0}CPF 390.533.447-05".utf8)), Self.end])
        let output = try capturedOutput { out in
            let engine = RedactEngine(style: .hidden(.full), context: Context(), output: out)
            try withFileDescriptor(containing: png) { try engine.redact($0) }
            #expect(engine.redactedCount == 1)
        }
        #expect(try PNGTextChunks(output).texts.first?.text == Array("CPF ***.***.***-**".utf8))
        let refused = samplePNG([Self.header, ("prVt", Array("CPF 390.533.447-05".utf8)), Self.end])
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

    @Test("relationships, content types and an OpenDocument manifest are the parts whose attributes are references")
    func referenceParts() {
        for name in ["_rels/.rels", "word/_rels/document.xml.RELS", "[Content_Types].xml", "META-INF/manifest.xml"] {
            #expect(ArchiveRedactor.isReferencePart(Array(name.utf8)), "\(name)")
        }
        for name in ["word/settings.xml", "customXml/item1.xml", ".rels", "manifest.rdf"] {
            #expect(!ArchiveRedactor.isReferencePart(Array(name.utf8)), "\(name)")
        }
    }

    static let references: [(xml: String, hideable: Bool)] = [
        (#"<Relationship Id="r1" Target="https://x/?c=52998224725" TargetMode="External"/>"#, true),
        (#"<Relationship Id='r1' TargetMode='External' Target='mailto:52998224725@x'/>"#, true),
        (#"<Relationship Id="r1" Target="media/52998224725.png"/>"#, false),
        (#"<Relationship Id="r52998224725" Target="https://x/" TargetMode="External"/>"#, false),
        (#"<Override PartName="/word/52998224725.xml" ContentType="a/b"/>"#, false),
        (#"<Types><!-- 52998224725 --></Types>"#, true),
        (#"<Types>52998224725</Types>"#, true),
    ]

    @Test(
        "in a reference part, a CPF is hidden only in character data, a comment or an external target",
        arguments: references)
    func hideableInReferencePart(xml: String, hideable: Bool) throws {
        let bytes = Array(xml.utf8)
        let range = try #require(CPFScanner.matches(in: bytes, minimumConfidence: .low).first?.range)
        #expect(bytes.withUnsafeBytes { ArchiveRedactor.isHideableInReferencePart($0, range) } == hideable)
    }
}
