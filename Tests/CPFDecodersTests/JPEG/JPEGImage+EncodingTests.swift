import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("JPEGImage encoding")
struct JPEGImageEncodingTests {
    static let makers: [String] = [
        "pillow:quality=75, subsampling=2", "pillow:quality=95, subsampling=0, optimize=True",
        "pillow:quality=50, subsampling=1", "cjpeg:-restart 1 -optimize", "cjpeg:-grayscale", "fixture:testorig.jpg",
        "fixture:testimgint.jpg",
    ]

    static func make(_ maker: String) throws -> [UInt8] {
        let parts = maker.split(separator: ":", maxSplits: 1).map(String.init)
        switch parts[0] {
        case "pillow": return try JPEGSamples.pillowJPEG(width: 97, height: 61, options: parts[1])
        case "cjpeg": return try JPEGSamples.cjpegJPEG(width: 97, height: 61, arguments: parts[1])
        default: return try JPEGSamples.fixture(parts[1])
        }
    }

    @Test(
        "written again with no rectangle, djpeg decodes the very same pixels",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("cjpeg", "djpeg"), "tools missing"),
        arguments: makers)
    func sameDecodedPixels(maker: String) throws {
        let bytes = try Self.make(maker)
        let again = try JPEGImage.redacting(bytes, rectangles: [])
        #expect(try JPEGSamples.djpeg(again) == JPEGSamples.djpeg(bytes))
        // The file's own tables code everything: no new DHT, the same length.
        #expect(again.count == bytes.count)
    }

    @Test(
        "random coefficient blocks written and read again are the same",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("djpeg"), "Pillow missing"),
        arguments: [("subsampling=2, optimize=True", 1), ("subsampling=0", 2), ("subsampling=1, optimize=True", 3)])
    func randomBlocks(options: String, seed: UInt64) throws {
        var image = try JPEGImage(JPEGSamples.pillowJPEG(width: 61, height: 45, options: options))
        var random = SeededRandom(seed: seed)
        for index in image.coefficients.indices {
            let zigzag = index % 64
            let limit: Int16 = zigzag == 0 ? 1023 : (zigzag < 10 ? 1023 : 40)
            let sparse = Int.random(in: 0..<4, using: &random) != 0
            image.coefficients[index] = sparse && zigzag > 0 ? 0 : Int16.random(in: -limit...limit, using: &random)
        }
        let written = try image.encoded()
        let again = try JPEGImage(written)
        for (index, component) in image.components.enumerated() {
            for row in 0..<component.codedRows {
                for column in 0..<component.codedColumns {
                    #expect(
                        again.block(component: index, row: row, column: column)
                            == image.block(component: index, row: row, column: column))
                }
            }
        }
        // New tables were needed, and djpeg reads them.
        #expect(written.count != 0)
        let outcome = try runTool("djpeg > /dev/null", input: written)
        #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome.errors)")
    }

    /// How many times marker `marker` stands in `bytes`.
    static func count(_ marker: UInt8, in bytes: [UInt8]) -> Int {
        bytes.indices.dropLast().filter { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }.count
    }

    @Test(
        "an optimized table without the dark block's DC category is replaced by a new DHT before the scan",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("djpeg"), "Pillow or djpeg missing"))
    func newTables() throws {
        let bytes = try JPEGSamples.pillow(
            """
            import sys, io
            from PIL import Image
            out = io.BytesIO()
            Image.new("L", (64, 64), 200).save(out, "JPEG", quality=95, optimize=True)
            sys.stdout.buffer.write(out.getvalue())
            """)
        let box = PixelRectangle(x: 16, y: 16, width: 16, height: 16)
        let redacted = try JPEGImage.redacting(bytes, rectangles: [box])
        #expect(Self.count(0xC4, in: redacted) == Self.count(0xC4, in: bytes) + 1)
        let outcome = try runTool("djpeg > /dev/null", input: redacted)
        #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(try JPEGSamples.pillowMeans(redacted, rectangles: [box]) == [64, 64, 0])
        // The file's own tables (Annex K's) code every category: no new DHT.
        let plain = try JPEGSamples.pillowJPEG(width: 64, height: 64, options: "quality=95")
        let kept = try JPEGImage.redacting(plain, rectangles: [box])
        #expect(Self.count(0xC4, in: kept) == Self.count(0xC4, in: plain))
    }

    @Test(
        "restart markers are written again where the file had them, and every other segment byte for byte",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("cjpeg", "wrjpgcom"), "cjpeg missing"))
    func restartsAndSegments() throws {
        let bytes = try JPEGSamples.cjpegJPEG(width: 80, height: 48, arguments: "-restart 1 | wrjpgcom -comment kept")
        let redacted = try JPEGImage.redacting(bytes, rectangles: [PixelRectangle(x: 5, y: 5, width: 30, height: 9)])
        for marker: UInt8 in 0xD0...0xD7 {
            #expect(Self.count(marker, in: redacted) == Self.count(marker, in: bytes))
        }
        #expect(Self.count(0xFE, in: bytes) == 1)
        // Everything up to the scan's data is the same bytes.
        guard let sos = bytes.indices.first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else {
            Issue.record("no SOS")
            return
        }
        #expect(Array(redacted.prefix(sos + 14)) == Array(bytes.prefix(sos + 14)))
    }

    @Test("bytes after EOI are dropped")
    func trailing() throws {
        let bytes = try JPEGSamples.fixture("testorig.jpg")
        let written = try JPEGImage.redacting(bytes + Array("motion photo".utf8), rectangles: [])
        #expect(written == bytes)
    }

    @Test("a DC difference beyond category 11 is refused, not written wrong")
    func outOfRange() throws {
        var image = try JPEGImage(JPEGSamples.fixture("testorig.jpg"))
        image.coefficients[0] = 2047
        image.coefficients[64] = -2047
        #expect(throws: JPEGError.coefficientOutOfRange) { try image.encoded() }
    }
}
