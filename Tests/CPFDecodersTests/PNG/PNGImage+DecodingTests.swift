import CPFTestSupport
import Testing

@testable import CPFDecoders

@Suite("PNGImage decoding")
struct PNGImageDecodingTests {
    @Test(
        "decodes every valid PngSuite image to the pixels Pillow reads",
        .enabled(if: PNGSamples.hasPillow, "Pillow is not installed"),
        arguments: PNGSamples.suite(corrupt: false))
    func pngSuite(name: String) throws {
        let image = try PNGImage(PNGSamples.suiteBytes(name))
        let pillow = try #require(PNGSamples.pillowSuite[name])
        #expect(PNGSamples.pillowValues(of: image, mode: pillow.mode) == pillow.values)
        if pillow.mode == "P" {
            #expect(Array(pillow.palette.prefix(image.palette.count)) == image.palette.map { Int($0) })
        }
    }

    @Test("reads the colour type, bit depth and interlacing the PngSuite names say")
    func pngSuiteNames() throws {
        for name in PNGSamples.suite(corrupt: false) where name.count == 12 && name != "PngSuite.png" {
            let image = try PNGImage(PNGSamples.suiteBytes(name))
            let characters = Array(name)
            #expect(image.wasInterlaced == (characters[3] == "i"), "\(name)")
            #expect(image.colorType.rawValue == UInt8(String(characters[4])), "\(name)")
            #expect(image.bitDepth == Int(String(characters[6...7])), "\(name)")
        }
    }

    @Test(
        "refuses every corrupt PngSuite image with a named error",
        arguments: [
            ("xc1n0g08.png", PNGError.invalidHeader("colour type 1")),
            ("xc9n2c08.png", .invalidHeader("colour type 9")),
            ("xcrn0g04.png", .notPNG),
            ("xcsn0g01.png", .checksumMismatch(chunk: "IDAT")),
            ("xd0n2c08.png", .invalidHeader("bit depth 0 for colour type 2")),
            ("xd3n2c08.png", .invalidHeader("bit depth 3 for colour type 2")),
            ("xd9n2c08.png", .invalidHeader("bit depth 99 for colour type 2")),
            ("xdtn0g01.png", .missingChunk("IDAT")),
            ("xhdn0g08.png", .checksumMismatch(chunk: "IHDR")),
            ("xlfn0g04.png", .notPNG),
            ("xs1n0g01.png", .notPNG),
            ("xs2n0g01.png", .notPNG),
            ("xs4n0g01.png", .notPNG),
            ("xs7n0g01.png", .notPNG),
        ])
    func corruptPngSuite(name: String, error: PNGError) throws {
        let bytes = try PNGSamples.suiteBytes(name)
        #expect(throws: error) { try PNGImage(bytes) }
    }

    @Test("the corrupt table covers every x*.png of PngSuite")
    func corruptTableComplete() {
        #expect(PNGSamples.suite(corrupt: true).count == 14)
    }

    @Test("refuses an animated PNG (acTL), whose other frames would keep the pixels")
    func animated() throws {
        var image = try PNGImage(width: 2, height: 2, colorType: .grey, bitDepth: 8)
        image.setSample(9, x: 1, y: 1, channel: 0)
        var bytes = image.encoded()
        var actl: [UInt8] = []
        PNGTextChunks.appendChunk(Array("acTL".utf8), [0, 0, 0, 1, 0, 0, 0, 0], to: &actl)
        bytes.insert(contentsOf: actl, at: 8 + 25)
        #expect(throws: PNGError.animated) { try PNGImage(bytes) }
    }

    @Test("refuses an image whose raw size breaks the limits, before inflating it")
    func limits() throws {
        let bytes = try PNGImage(width: 300, height: 200, colorType: .rgb, bitDepth: 8).encoded()
        let small = DecompressionLimits(maximumOutputSize: 100_000, maximumRatio: 1000, ratioAllowance: 1000)
        #expect(throws: PNGError.imageTooLarge(.outputTooLarge(limit: 100_000))) {
            try PNGImage(bytes, limits: small)
        }
        let ratio = DecompressionLimits(maximumOutputSize: 1 << 30, maximumRatio: 10, ratioAllowance: 0)
        let error = #expect(throws: PNGError.self) { try PNGImage(bytes, limits: ratio) }
        guard case .imageTooLarge(.ratioTooHigh(output: 180_200, _, limit: 10)) = error else {
            Issue.record("not the ratio limit: \(String(describing: error))")
            return
        }
        #expect(try PNGImage(bytes).width == 300)
    }

    @Test("refuses image data too short to hold the rows before allocating the image")
    func impossibleRatio() throws {
        var header: [UInt8] = []
        PNGTextChunks.appendBigEndian(100_000, to: &header)
        PNGTextChunks.appendBigEndian(100_000, to: &header)
        header += [8, 6, 0, 0, 0]
        var bytes = PNGTextChunks.signature
        PNGTextChunks.appendChunk(Array("IHDR".utf8), header, to: &bytes)
        PNGTextChunks.appendChunk(Array("IDAT".utf8), [0x78, 0x9C, 0x03, 0x00, 0, 0, 0, 1], to: &bytes)
        PNGTextChunks.appendChunk(Array("IEND".utf8), [], to: &bytes)
        #expect(throws: PNGError.damagedImageData("8 bytes of IDAT cannot hold the 40000100000 the rows need")) {
            try PNGImage(bytes, limits: .none)
        }
    }

    @Test("refuses chunks out of order and malformed palettes and transparency")
    func layout() throws {
        let grey = try PNGImage(width: 1, height: 1, colorType: .grey, bitDepth: 8).encoded()
        func inserting(_ type: String, _ data: [UInt8], at offset: Int, into bytes: [UInt8]) -> [UInt8] {
            var chunk: [UInt8] = []
            PNGTextChunks.appendChunk(Array(type.utf8), data, to: &chunk)
            var result = bytes
            result.insert(contentsOf: chunk, at: offset)
            return result
        }
        let afterHeader = 8 + 25
        #expect(throws: PNGError.misplacedChunk("PLTE in a grey image")) {
            try PNGImage(inserting("PLTE", [0, 0, 0], at: afterHeader, into: grey))
        }
        #expect(throws: PNGError.invalidChunk("tRNS", "1 bytes for colour type 0")) {
            try PNGImage(inserting("tRNS", [0], at: afterHeader, into: grey))
        }
        #expect(throws: PNGError.misplacedChunk("a second IHDR")) {
            try PNGImage(inserting("IHDR", Array(grey[16..<29]), at: afterHeader, into: grey))
        }
        let endOfImage = grey.count - 12
        let split = inserting("tEXt", Array("a\u{0}b".utf8), at: endOfImage, into: grey)
        let idat = Array(grey[afterHeader..<endOfImage])
        #expect(throws: PNGError.misplacedChunk("IDAT chunks not consecutive")) {
            try PNGImage(Array(split[..<(split.count - 12)]) + idat + Array(grey.suffix(12)))
        }
        #expect(throws: PNGError.missingChunk("IEND")) { try PNGImage(Array(grey.dropLast(12))) }
        let palette = try PNGImage(width: 1, height: 1, colorType: .palette, bitDepth: 1, palette: [1, 2, 3])
        var bytes = palette.encoded()
        bytes.removeSubrange(afterHeader..<afterHeader + 15)
        #expect(throws: PNGError.missingChunk("PLTE")) { try PNGImage(bytes) }
    }

    @Test("every truncation of a file throws a PNGError, and none traps")
    func truncations() throws {
        var image = try PNGImage(width: 9, height: 7, colorType: .rgba, bitDepth: 16)
        for y in 0..<7 { for x in 0..<9 { image.setSample(x * 7000 + y, x: x, y: y, channel: x % 4) } }
        let bytes = image.encoded()
        for length in 0..<bytes.count {
            #expect(throws: PNGError.self) { try PNGImage(Array(bytes.prefix(length))) }
        }
    }

    @Test("mutated files (CRCs made right again) decode or throw a PNGError, and none traps")
    func mutations() throws {
        var random = SeededRandom(seed: 41)
        let sources = ["basi0g01.png", "basn3p04.png", "basi6a16.png", "basn2c08.png", "tbbn3p08.png"]
        for name in sources {
            let original = try PNGSamples.suiteBytes(name)
            for _ in 0..<200 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 8..<bytes.count, using: &random)
                    bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
                let mutated = Self.fixingCRCs(bytes)
                do {
                    let image = try PNGImage(mutated)
                    _ = image.encoded()
                } catch {
                    // A named PNGError; typed throws make any other impossible.
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }

    /// `bytes` with every chunk's CRC computed again, so a mutation reaches
    /// past the CRC check into the decoder.
    static func fixingCRCs(_ bytes: [UInt8]) -> [UInt8] {
        guard let (chunks, _) = try? PNGTextChunks.readChunks(bytes) else { return bytes }
        var result = bytes
        for chunk in chunks {
            let crc = CRC32.checksum(of: bytes[(chunk.start + 4)..<chunk.data.upperBound])
            for index in 0..<4 {
                result[chunk.data.upperBound + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index))
            }
        }
        return result
    }
}
