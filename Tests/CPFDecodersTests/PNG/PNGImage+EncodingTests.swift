import Foundation
import Testing

@testable import CPFDecoders

@Suite("PNGImage encoding")
struct PNGImageEncodingTests {
    /// A random image of random kind and size up to 40×40, with a palette
    /// and a transparency chunk where the colour type allows.
    static func randomImage(using random: inout SeededRandom) throws -> PNGImage {
        let colorType = PNGImage.ColorType.allCases.randomElement(using: &random)!
        let bitDepth = colorType.allowedBitDepths.randomElement(using: &random)!
        let width = Int.random(in: 1...40, using: &random)
        let height = Int.random(in: 1...40, using: &random)
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        if colorType == .palette || colorType == .rgb && Bool.random(using: &random) {
            let count = Int.random(in: 1...min(256, colorType == .palette ? 1 << bitDepth : 256), using: &random)
            palette = (0..<count * 3).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        if colorType == .palette, Bool.random(using: &random) {
            transparency = (0..<Int.random(in: 0...palette.count / 3, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
        } else if colorType == .grey || colorType == .rgb, Bool.random(using: &random) {
            transparency = (0..<colorType.channelCount * 2).map { _ in UInt8.random(in: 0...1, using: &random) }
        }
        var image = try PNGImage(
            width: width, height: height, colorType: colorType, bitDepth: bitDepth, palette: palette,
            transparency: transparency)
        // Smooth parts (which the filters predict) and noisy parts.
        let smooth = Bool.random(using: &random)
        let limit = colorType == .palette ? palette.count / 3 - 1 : image.maximumSampleValue
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<image.channelCount {
                    let value =
                        smooth ? (x * 3 + y * 5 + channel) % (limit + 1) : Int.random(in: 0...limit, using: &random)
                    image.setSample(value, x: x, y: y, channel: channel)
                }
            }
        }
        return image
    }

    @Test("random images of every colour type and bit depth decode to the same pixels once encoded")
    func roundTrip() throws {
        var random = SeededRandom(seed: 2026_11_28)
        for _ in 0..<300 {
            let image = try Self.randomImage(using: &random)
            let decoded = try PNGImage(image.encoded())
            #expect(decoded.pixels == image.pixels)
            #expect(decoded.palette == image.palette)
            #expect(decoded.transparency == image.transparency)
            #expect((decoded.width, decoded.height, decoded.bitDepth) == (image.width, image.height, image.bitDepth))
            #expect(decoded.colorType == image.colorType)
        }
    }

    @Test("keeps every chunk but IHDR, PLTE and IDAT in place byte for byte, and what follows IEND")
    func keepsChunks() throws {
        let original = try PNGSamples.suiteBytes("ctzn0g04.png") + Array("after".utf8)
        let image = try PNGImage(original)
        let written = image.encoded()
        func others(_ bytes: [UInt8]) throws -> [[UInt8]] {
            let (chunks, _) = try PNGTextChunks.readChunks(bytes)
            return chunks.filter { !["IHDR", "IDAT", "PLTE"].contains($0.typeName) }.map {
                Array(bytes[$0.start..<$0.end])
            }
        }
        #expect(try others(written) == others(original))
        #expect(try others(written).count == 8)
        #expect(written.suffix(5) == Array("after".utf8))
        #expect(try PNGImage(written).pixels == image.pixels)
    }

    @Test("writes an interlaced image non-interlaced, every pixel the same")
    func interlaced() throws {
        let image = try PNGImage(PNGSamples.suiteBytes("basi2c16.png"))
        #expect(image.wasInterlaced)
        let decoded = try PNGImage(image.encoded())
        #expect(!decoded.wasInterlaced)
        #expect(decoded.pixels == image.pixels)
    }

    @Test("rewrites PLTE only when painting added an entry, and keeps tRNS")
    func palette() throws {
        let original = try PNGSamples.suiteBytes("tbbn3p08.png")
        let image = try PNGImage(original)
        let (chunks, _) = try PNGTextChunks.readChunks(original)
        let plte = try #require(chunks.first { $0.typeName == "PLTE" })
        #expect(image.encoded().contains(subsequence: original[plte.start..<plte.end]))
        var painted = image
        painted.paint([PixelRectangle(x: 0, y: 0, width: 4, height: 4)])
        if painted.paletteChanged {
            let decoded = try PNGImage(painted.encoded())
            #expect(decoded.palette.count == image.palette.count + 3)
            #expect(decoded.transparency == image.transparency)
        }
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: ArraySlice<UInt8>) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains {
            self[$0..<$0 + subsequence.count].elementsEqual(subsequence)
        }
    }
}
