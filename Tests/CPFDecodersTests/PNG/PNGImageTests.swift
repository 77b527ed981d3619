import Testing

@testable import CPFDecoders

@Suite("PNGImage")
struct PNGImageTests {
    @Test(
        "sets and reads back every sample at every colour type and bit depth",
        arguments: PNGImage.ColorType.allCases.flatMap { type in type.allowedBitDepths.map { (type, $0) } })
    func samples(colorType: PNGImage.ColorType, bitDepth: Int) throws {
        let palette = colorType == .palette ? [UInt8](repeating: 7, count: 3 << bitDepth) : []
        var image = try PNGImage(width: 11, height: 3, colorType: colorType, bitDepth: bitDepth, palette: palette)
        #expect(image.rowByteCount == (11 * colorType.channelCount * bitDepth + 7) / 8)
        #expect(image.pixels.count == image.rowByteCount * 3)
        func value(_ x: Int, _ y: Int, _ channel: Int) -> Int { (x * 37 + y * 11 + channel * 5) % (1 << bitDepth) }
        for y in 0..<3 {
            for x in 0..<11 {
                for channel in 0..<colorType.channelCount {
                    image.setSample(value(x, y, channel), x: x, y: y, channel: channel)
                }
            }
        }
        for y in 0..<3 {
            for x in 0..<11 {
                for channel in 0..<colorType.channelCount {
                    #expect(image.sample(x: x, y: y, channel: channel) == value(x, y, channel))
                }
            }
        }
    }

    @Test("packs samples under 8 bits most significant first and 16-bit ones big-endian")
    func layout() throws {
        var grey2 = try PNGImage(width: 5, height: 1, colorType: .grey, bitDepth: 2)
        for x in 0..<5 { grey2.setSample(x % 4, x: x, y: 0, channel: 0) }
        #expect(grey2.pixels == [0b0001_1011, 0b0000_0000])
        var rgb16 = try PNGImage(width: 1, height: 1, colorType: .rgb, bitDepth: 16)
        rgb16.setSample(0x1234, x: 0, y: 0, channel: 1)
        #expect(rgb16.pixels == [0, 0, 0x12, 0x34, 0, 0])
    }

    @Test("gives pixels as 8-bit RGBA: grey scaled, palette looked up, tRNS applied, 16 bits cut")
    func rgba8() throws {
        var grey = try PNGImage(width: 2, height: 1, colorType: .grey, bitDepth: 4, transparency: [0, 5])
        grey.setSample(15, x: 0, y: 0, channel: 0)
        grey.setSample(5, x: 1, y: 0, channel: 0)
        #expect(grey.rgba8(x: 0, y: 0) == SIMD4(255, 255, 255, 255))
        #expect(grey.rgba8(x: 1, y: 0) == SIMD4(85, 85, 85, 0))
        var palette = try PNGImage(
            width: 2, height: 1, colorType: .palette, bitDepth: 8, palette: [1, 2, 3, 4, 5, 6], transparency: [9])
        palette.setSample(1, x: 1, y: 0, channel: 0)
        #expect(palette.rgba8(x: 0, y: 0) == SIMD4(1, 2, 3, 9))
        #expect(palette.rgba8(x: 1, y: 0) == SIMD4(4, 5, 6, 255))
        var rgba = try PNGImage(width: 1, height: 1, colorType: .rgba, bitDepth: 16)
        for channel in 0..<4 { rgba.setSample(0xAB00 + channel, x: 0, y: 0, channel: channel) }
        #expect(rgba.rgba8(x: 0, y: 0) == SIMD4(0xAB, 0xAB, 0xAB, 0xAB))
    }

    @Test("makes an image from its packed rows, refusing rows of the wrong size")
    func fromPixels() throws {
        let image = try PNGImage(width: 3, height: 2, colorType: .grey, bitDepth: 4, pixels: [0x12, 0x30, 0x45, 0x60])
        #expect((0..<3).map { image.sample(x: $0, y: 1, channel: 0) } == [4, 5, 6])
        #expect(try PNGImage(image.encoded()).pixels == image.pixels)
        #expect(throws: PNGError.damagedImageData("3 bytes of pixels for an image of 4")) {
            try PNGImage(width: 3, height: 2, colorType: .grey, bitDepth: 4, pixels: [0, 0, 0])
        }
    }

    @Test("refuses sizes, bit depths, palettes and transparency the format does not allow")
    func invalid() {
        #expect(throws: PNGError.invalidHeader("width 0")) {
            try PNGImage(width: 0, height: 1, colorType: .grey, bitDepth: 8)
        }
        #expect(throws: PNGError.invalidHeader("height 2147483648")) {
            try PNGImage(width: 1, height: 1 << 31, colorType: .grey, bitDepth: 8)
        }
        #expect(throws: PNGError.invalidHeader("bit depth 4 for colour type 2")) {
            try PNGImage(width: 1, height: 1, colorType: .rgb, bitDepth: 4)
        }
        #expect(throws: PNGError.invalidChunk("PLTE", "no entries")) {
            try PNGImage(width: 1, height: 1, colorType: .palette, bitDepth: 8)
        }
        #expect(throws: PNGError.invalidChunk("PLTE", "3 entries for 1-bit indexes")) {
            try PNGImage(
                width: 1, height: 1, colorType: .palette, bitDepth: 1, palette: [UInt8](repeating: 0, count: 9))
        }
        #expect(throws: PNGError.invalidChunk("tRNS", "2 alphas for 1 palette entries")) {
            try PNGImage(
                width: 1, height: 1, colorType: .palette, bitDepth: 1, palette: [0, 0, 0], transparency: [0, 0])
        }
        #expect(throws: PNGError.misplacedChunk("tRNS in an image with an alpha channel")) {
            try PNGImage(width: 1, height: 1, colorType: .rgba, bitDepth: 8, transparency: [0, 0])
        }
    }
}
