// Tests of Batch/ArchiveRedactor+PNG.swift: a PNG image's text chunks
// rewritten with their CRC, what cannot be rewritten refused; a document's
// thumbnail blanked when something in it was hidden. Images' pixels inside
// documents are tested end to end with Tesseract (RedactImagesEndToEndTests).

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("ArchiveRedactor+PNG")
struct ArchiveRedactorPNGTests {
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

    @Test(
        "a thumbnail is the OpenDocument or Office Open XML member that pictures the first page",
        arguments: [
            ("Thumbnails/thumbnail.png", true), ("docProps/thumbnail.jpeg", true), ("docProps/thumbnail.wmf", true),
            ("Pictures/thumbnail.png", false), ("word/media/image1.png", false), ("Thumbnails/other.png", false),
        ])
    func thumbnailNames(name: String, isThumbnail: Bool) {
        #expect(ArchiveRedactor.isThumbnail(Array(name.utf8)) == isThumbnail)
    }

    @Test("a document with something hidden gets every pixel of its thumbnail painted black; one with nothing keeps it")
    func thumbnailBlanked() throws {
        var pixels: [UInt8] = []
        for y in 0..<20 {
            for x in 0..<30 { pixels += [UInt8(x * 8), UInt8(y * 12), 255] }
        }
        let png = try PNGImage(width: 30, height: 20, colorType: .rgb, bitDepth: 8, pixels: pixels).encoded()
        func document(_ text: String) throws -> ZipArchive {
            let content = Array(
                """
                <?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:\
                office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>\
                <text:p>\(text)</text:p></office:text></office:body></office:document-content>
                """.utf8)
            let zip = sampleStoredZip([
                ("mimetype", Array("application/vnd.oasis.opendocument.text".utf8)), ("content.xml", content),
                ("Thumbnails/thumbnail.png", png),
            ])
            return try ZipArchive(size: UInt64(zip.count), read: DocumentReader.reader(of: zip))
        }
        var redactor = Self.redactor()
        let changes = try redactor.redact(try document("CPF 390.533.447-05"), path: [], depth: 1)
        #expect(redactor.hidden == 1)
        let thumbnail = try PNGImage(try #require(changes.members[2]))
        #expect(
            (0..<20).allSatisfy { y in (0..<30).allSatisfy { thumbnail.rgba8(x: $0, y: y) == SIMD4(0, 0, 0, 255) } })
        var clean = Self.redactor()
        #expect(try clean.redact(try document("Nada a esconder"), path: [], depth: 1).isEmpty)
        #expect(clean.refusals.isEmpty && clean.failures.isEmpty)
    }
}
