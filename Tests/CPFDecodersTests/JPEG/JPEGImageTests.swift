import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("JPEGImage")
struct JPEGImageTests {
    @Test("libjpeg-turbo's test image is read: size, components, sampling")
    func testorig() throws {
        let image = try JPEGImage(JPEGSamples.fixture("testorig.jpg"))
        #expect(image.width == 227 && image.height == 149)
        #expect(image.components.map(\.horizontalSampling) == [2, 1, 1])
        #expect(image.components.map(\.verticalSampling) == [2, 1, 1])
        #expect(image.components[0].codedColumns == 29 && image.components[0].blocksPerLine == 30)
        #expect(image.components[1].codedColumns == 15 && image.components[1].blocksPerColumn == 10)
    }

    @Test(
        "Pillow's files are read with the size and sampling Pillow wrote",
        .enabled(if: JPEGSamples.hasPillow, "Pillow missing"),
        arguments: [("subsampling=0", 1, 1), ("subsampling=1", 2, 1), ("subsampling=2", 2, 2)])
    func sampling(options: String, h: Int, v: Int) throws {
        let image = try JPEGImage(JPEGSamples.pillowJPEG(width: 50, height: 30, options: options))
        #expect(image.width == 50 && image.height == 30)
        #expect(image.components.map(\.horizontalSampling) == [h, 1, 1])
        #expect(image.components.map(\.verticalSampling) == [v, 1, 1])
    }

    @Test(
        "what is not sequential Huffman 8-bit is refused, named",
        arguments: [("testimgari.jpg", JPEGError.arithmeticCoding), ("monkey12.jpg", .unsupportedPrecision(12))])
    func refusedFixtures(name: String, error: JPEGError) throws {
        let bytes = try JPEGSamples.fixture(name)
        #expect(throws: error) { try JPEGImage(bytes) }
    }

    @Test(
        "progressive, arithmetic and CMYK files made by cjpeg are refused",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("cjpeg"), "cjpeg missing"),
        arguments: [("-progressive", JPEGError.progressive), ("-arithmetic", .arithmeticCoding)])
    func refusedByCjpeg(arguments: String, error: JPEGError) throws {
        let bytes = try JPEGSamples.cjpegJPEG(width: 40, height: 24, arguments: arguments)
        #expect(throws: error) { try JPEGImage(bytes) }
        #expect(throws: error) { try JPEGImage.redacting(bytes, rectangles: []) }
    }

    @Test("a CMYK file from Pillow is refused", .enabled(if: JPEGSamples.hasPillow, "Pillow missing"))
    func cmyk() throws {
        let bytes = try JPEGSamples.pillow(
            JPEGSamples.picture(width: 40, height: 24) + """

                out = io.BytesIO()
                im.convert("CMYK").save(out, "JPEG")
                sys.stdout.buffer.write(out.getvalue())
                """)
        #expect(throws: JPEGError.unsupportedComponents(4)) { try JPEGImage(bytes) }
    }

    @Test("hand-made headers are refused with their reason", arguments: headerCases)
    func headers(bytes: [UInt8], error: JPEGError) {
        #expect(throws: error) { try JPEGImage(bytes) }
    }

    static let soi: [UInt8] = [0xFF, 0xD8]
    static func frame(_ marker: UInt8, precision: UInt8 = 8, height: UInt16 = 8, count: UInt8 = 1) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, marker, 0, UInt8(8 + 3 * Int(count)), precision]
        bytes += [UInt8(height >> 8), UInt8(height & 0xFF), 0, 8, count]
        for index in 0..<count { bytes += [index + 1, 0x11, 0] }
        return bytes
    }
    static let headerCases: [([UInt8], JPEGError)] = [
        ([0x89, 0x50], .notJPEG), ([], .notJPEG), (soi, .truncated), (soi + [0xFF, 0xE0, 0, 16, 1], .truncated),
        (soi + frame(0xC2), .progressive), (soi + frame(0xC3), .lossless), (soi + frame(0xC9), .arithmeticCoding),
        (soi + frame(0xC0, precision: 12), .unsupportedPrecision(12)), (soi + frame(0xC5), .unsupportedProcess(0xC5)),
        (soi + frame(0xC0, height: 0), .numberOfLinesMarker), (soi + [0xFF, 0xDC, 0, 4, 0, 8], .numberOfLinesMarker),
        (soi + frame(0xC0, count: 4), .unsupportedComponents(4)),
        (soi + frame(0xC0, count: 2), .unsupportedComponents(2)),
        (soi + [0xFF, 0xD9], .malformedSegment("no frame or no scan before EOI")),
        (soi + [0xFF, 0xE0, 0, 1], .malformedSegment("segment length below 2")),
    ]

    @Test("a frame whose coefficients pass the limit is refused before they are allocated")
    func limit() {
        var bytes = Self.soi + Self.frame(0xC0)
        bytes[7...8] = [0xFF, 0xFF]
        bytes[9...10] = [0xFF, 0xFF]
        #expect(throws: JPEGError.tooLarge(bytes: 8192 * 8192 * 128, limit: 1 << 30)) { try JPEGImage(bytes) }
        let small = JPEGLimits(maximumCoefficientBytes: 100)
        #expect(throws: JPEGError.tooLarge(bytes: 128, limit: 100)) {
            try JPEGImage(Self.soi + Self.frame(0xC0), limits: small)
        }
    }

    @Test("truncated files throw, never trap")
    func truncated() throws {
        let bytes = try JPEGSamples.fixture("testorig.jpg")
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: JPEGError.self) { try JPEGImage(Array(bytes.prefix(length))) }
        }
    }

    @Test("mutated files throw or decode, never trap", arguments: [1, 2, 3, 4])
    func mutated(seed: UInt64) throws {
        let bytes = try JPEGSamples.fixture(seed.isMultiple(of: 2) ? "testorig.jpg" : "testimgint.jpg")
        var random = SeededRandom(seed: seed)
        for _ in 0..<150 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let index = Int.random(in: 0..<mutated.count, using: &random)
                mutated[index] = UInt8.random(in: 0...255, using: &random)
            }
            if let image = try? JPEGImage(mutated) {
                _ = try? image.encoded()
            }
        }
    }
}
