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

    @Test("a DC difference beyond category 11 is refused, not written wrong")
    func outOfRange() throws {
        var image = try JPEGImage(JPEGSamples.fixture("testorig.jpg"))
        image.coefficients[0] = 2047
        image.coefficients[64] = -2047
        #expect(throws: JPEGError.coefficientOutOfRange) { try image.encoded() }
    }
}
