import Testing

@testable import CPFDecoders

@Suite("PNGImage painting")
struct PNGImagePaintingTests {
    /// Every pixel of `image` as samples, row by row.
    static func samples(_ image: PNGImage) -> [[Int]] {
        (0..<image.height).flatMap { y in
            (0..<image.width).map { x in (0..<image.channelCount).map { image.sample(x: x, y: y, channel: $0) } }
        }
    }

    @Test(
        "paints the pixels inside the rectangles an opaque black and no others",
        arguments: PNGImage.ColorType.allCases.flatMap { type in type.allowedBitDepths.map { (type, $0) } })
    func paints(colorType: PNGImage.ColorType, bitDepth: Int) throws {
        let palette: [UInt8] = colorType == .palette ? [200, 200, 200, 0, 0, 0] : []
        var image = try PNGImage(width: 13, height: 9, colorType: colorType, bitDepth: bitDepth, palette: palette)
        for y in 0..<9 {
            for x in 0..<13 {
                for channel in 0..<image.channelCount {
                    let value = colorType == .palette ? 0 : image.maximumSampleValue - (x + y) % 2
                    image.setSample(value, x: x, y: y, channel: channel)
                }
            }
        }
        let before = Self.samples(image)
        let rectangles = [
            PixelRectangle(x: 2, y: 1, width: 3, height: 2), PixelRectangle(x: 11, y: 7, width: 9, height: 9),
        ]
        image.paint(rectangles)
        let maximum = image.maximumSampleValue
        let black: [Int] =
            switch colorType {
            case .grey: [0]
            case .greyAlpha: [0, maximum]
            case .rgb: [0, 0, 0]
            case .rgba: [0, 0, 0, maximum]
            case .palette: [1]
            }
        let after = Self.samples(image)
        for y in 0..<9 {
            for x in 0..<13 {
                let inside = (2..<5).contains(x) && (1..<3).contains(y) || x >= 11 && y >= 7
                #expect(after[y * 13 + x] == (inside ? black : before[y * 13 + x]), "pixel \(x), \(y)")
            }
        }
        #expect(image.palette == palette)
    }

    @Test("appends black to a palette without it when there is room, else takes the nearest opaque entry")
    func palette() throws {
        var roomy = try PNGImage(width: 2, height: 1, colorType: .palette, bitDepth: 2, palette: [255, 0, 0, 9, 9, 9])
        roomy.paint([PixelRectangle(x: 0, y: 0, width: 1, height: 1)])
        #expect(roomy.palette == [255, 0, 0, 9, 9, 9, 0, 0, 0])
        #expect(roomy.sample(x: 0, y: 0, channel: 0) == 2)
        #expect(roomy.sample(x: 1, y: 0, channel: 0) == 0)
        #expect(roomy.paletteChanged)
        let full: [UInt8] = [255, 255, 255, 1, 2, 3, 0, 1, 0]
        var crowded = try PNGImage(
            width: 1, height: 1, colorType: .palette, bitDepth: 1, palette: Array(full[0..<6]), transparency: [255, 0])
        crowded.paint([PixelRectangle(x: 0, y: 0, width: 1, height: 1)])
        #expect(crowded.sample(x: 0, y: 0, channel: 0) == 0, "the only opaque entry, though white")
        var opaque = try PNGImage(width: 1, height: 1, colorType: .palette, bitDepth: 1, palette: Array(full[3..<9]))
        opaque.paint([PixelRectangle(x: 0, y: 0, width: 1, height: 1)])
        #expect(opaque.sample(x: 0, y: 0, channel: 0) == 1)
        #expect(!opaque.paletteChanged)
    }

    @Test("a transparent black by tRNS is not the fill: the next value is")
    func colorKey() throws {
        var grey = try PNGImage(width: 1, height: 1, colorType: .grey, bitDepth: 1, transparency: [0, 0])
        grey.paint([PixelRectangle(x: 0, y: 0, width: 1, height: 1)])
        #expect(grey.sample(x: 0, y: 0, channel: 0) == 1)
        var rgb = try PNGImage(width: 1, height: 1, colorType: .rgb, bitDepth: 16, transparency: [0, 0, 0, 0, 0, 0])
        rgb.paint([PixelRectangle(x: 0, y: 0, width: 1, height: 1)])
        #expect(rgb.rgba8(x: 0, y: 0).w == 255)
        #expect((0..<3).map { rgb.sample(x: 0, y: 0, channel: $0) } == [0, 0, 1])
    }

    @Test("paints another colour, as luma for grey and full range at 16 bits")
    func color() throws {
        var grey = try PNGImage(width: 1, height: 1, colorType: .grey, bitDepth: 16)
        grey.paint([PixelRectangle(x: 0, y: 0, width: 1, height: 1)], color: SIMD3(255, 255, 255))
        #expect(grey.sample(x: 0, y: 0, channel: 0) == 65535)
        var rgb = try PNGImage(width: 1, height: 1, colorType: .rgb, bitDepth: 8)
        rgb.paint([PixelRectangle(x: 0, y: 0, width: 1, height: 1)], color: SIMD3(10, 20, 30))
        #expect(rgb.rgba8(x: 0, y: 0) == SIMD4(10, 20, 30, 255))
    }
}
