import CPFTestSupport
import Testing

@testable import CPFDecoders

@Suite("PNGImage redacting")
struct PNGImageRedactingTests {
    /// A few rectangles: inside, across the right and bottom edges, one pixel, and one outside.
    static let rectangles = [
        PixelRectangle(x: 3, y: 2, width: 9, height: 4), PixelRectangle(x: 30, y: 18, width: 40, height: 40),
        PixelRectangle(x: 20, y: 10, width: 1, height: 1), PixelRectangle(x: -9, y: 100, width: 5, height: 5),
    ]

    /// Pillow images of a 37×23 noisy picture, one per mode, and what
    /// `identify` reads of the redacted file (bit depth, colour type).
    static let pillowCases: [(name: String, make: String, options: String, identified: String)] = [
        ("mode 1", "im = Image.effect_noise((37, 23), 90).convert(\"1\")", "", "1 0"),
        ("mode L", "im = Image.effect_noise((37, 23), 60)", "", "8 0"),
        ("mode LA", "im = Image.merge(\"LA\", [Image.effect_noise((37, 23), 60)] * 2)", "", "8 4"),
        ("mode RGB", "im = Image.merge(\"RGB\", [Image.effect_noise((37, 23), s) for s in (20, 60, 99)])", "", "8 2"),
        (
            "mode RGBA", "im = Image.merge(\"RGBA\", [Image.effect_noise((37, 23), s) for s in (20, 60, 99, 40)])", "",
            "8 6"
        ),
        (
            "mode I;16",
            "im = Image.frombytes(\"I;16\", (37, 23), bytes(random.randrange(256) for _ in range(37 * 23 * 2)))", "",
            "16 0"
        ),
        (
            "mode P, 8-bit, 256 entries, black the 201st",
            "im = Image.effect_noise((37, 23), 90).convert(\"P\"); "
                + "im.putpalette([v for i in range(256) for v in ((0, 0, 0) if i == 200 else (i, 255 - i, 128))])",
            "", "8 3"
        ),
        (
            "mode P, 4-bit with transparency",
            "im = Image.frombytes(\"P\", (37, 23), bytes(random.randrange(12) for _ in range(37 * 23))); "
                + "im.putpalette([v for i in range(12) for v in (20 * i, 200, 30)])",
            ", bits=4, transparency=bytes([0, 128, 255])", "4 3"
        ),
        (
            "mode P, 2-bit",
            "im = Image.frombytes(\"P\", (37, 23), bytes(random.randrange(3) for _ in range(37 * 23))); "
                + "im.putpalette([9, 9, 9, 200, 0, 0, 0, 200, 0])",
            ", bits=2", "2 3"
        ),
        (
            "mode RGB, with text chunks",
            "from PIL import PngImagePlugin; info = PngImagePlugin.PngInfo(); "
                + "info.add_text(\"Comment\", \"CPF 390.533.447-05\"); info.add_text(\"z\", \"zipped\", zip=True); "
                + "im = Image.effect_noise((37, 23), 60).convert(\"RGB\")",
            ", pnginfo=info", "8 2"
        ),
    ]

    @Test(
        "redacts Pillow images of every mode: Pillow reads the rectangles black and every other pixel unchanged",
        .enabled(if: PNGSamples.hasPillow && InstalledTool.areInstalled("identify"), "Pillow or ImageMagick missing"),
        arguments: pillowCases.indices)
    func pillowImages(index: Int) throws {
        let sample = Self.pillowCases[index]
        let original = try PNGSamples.pillowImage(sample.make, sample.options)
        let redacted = try PNGImage.redacting(original, rectangles: Self.rectangles)
        let verdict = try PNGSamples.check(original: original, redacted: redacted, rectangles: Self.rectangles)
        #expect(
            verdict
                == PNGSamples.Verdict(
                    outsideDifferences: 0, insideNotFilled: 0, verified: true, identified: sample.identified),
            "\(sample.name)")
    }

    /// ImageMagick files: grey at 2 and 4 bits, RGB and RGBA and grey with alpha at 16 bits, and interlaced ones.
    static let magickCases: [(arguments: String, identified: String)] = [
        (
            "-size 37x23 gradient: -colorspace gray -depth 2 -define png:bit-depth=2 -define png:color-type=0 PNG:-",
            "2 0"
        ),
        (
            "-size 37x23 gradient: -colorspace gray -depth 4 -define png:bit-depth=4 -define png:color-type=0 PNG:-",
            "4 0"
        ),
        ("-size 37x23 plasma:fractal -seed 1 -depth 16 PNG48:-", "16 2"),
        ("-size 37x23 plasma:fractal -seed 2 -depth 16 -alpha set -channel A -fx 0.5 +channel PNG64:-", "16 6"),
        (
            "-size 37x23 plasma:fractal -seed 3 -depth 16 -colorspace gray -alpha set -define png:color-type=4 PNG:-",
            "16 4"
        ),
        ("-size 37x23 plasma:fractal -seed 4 -interlace PNG -depth 8 PNG24:-", "8 2"),
        (
            "-size 37x23 plasma:fractal -seed 5 -colorspace gray -depth 2 -define png:bit-depth=2 "
                + "-define png:color-type=0 -interlace PNG PNG:-", "2 0"
        ),
        ("-size 37x23 plasma:fractal -seed 6 -depth 16 -interlace PNG PNG48:-", "16 2"),
    ]

    @Test(
        "redacts ImageMagick images (2- and 4-bit grey, 16-bit, Adam7): Pillow and identify read them back",
        .enabled(if: PNGSamples.hasPillow && InstalledTool.areInstalled("convert", "identify"), "a tool is missing"),
        arguments: magickCases.indices)
    func magickImages(index: Int) throws {
        let sample = Self.magickCases[index]
        let original = try PNGSamples.magickImage(sample.arguments)
        let redacted = try PNGImage.redacting(original, rectangles: Self.rectangles)
        let verdict = try PNGSamples.check(original: original, redacted: redacted, rectangles: Self.rectangles)
        #expect(
            verdict
                == PNGSamples.Verdict(
                    outsideDifferences: 0, insideNotFilled: 0, verified: true, identified: sample.identified),
            "\(sample.arguments)")
    }

    @Test(
        "redacts every valid PngSuite image so that Pillow reads it back",
        .enabled(if: PNGSamples.hasPillow && InstalledTool.areInstalled("identify"), "Pillow or ImageMagick missing"))
    func pngSuite() throws {
        let names = PNGSamples.suite(corrupt: false)
        let rectangles = [PixelRectangle(x: 1, y: 1, width: 5, height: 3)]
        var pairs: [(original: [UInt8], redacted: [UInt8])] = []
        for name in names {
            let original = try PNGSamples.suiteBytes(name)
            pairs.append((original, try PNGImage.redacting(original, rectangles: rectangles)))
        }
        let verdicts = try PNGSamples.check(pairs, rectangles: rectangles)
        for (index, name) in names.enumerated() {
            #expect(verdicts[index].outsideDifferences == 0, "\(name)")
            #expect(verdicts[index].verified, "\(name)")
            #expect(!verdicts[index].identified.isEmpty, "\(name)")
            let image = try PNGImage(pairs[index].original)
            guard image.width > 2, image.height > 2 else { continue }
            let fill = try PNGImage(pairs[index].redacted).rgba8(x: 2, y: 2)
            #expect(fill.w == 255, "\(name)")
            if image.colorType != .palette, image.transparency == nil {
                #expect(fill == SIMD4(0, 0, 0, 255), "\(name)")
            }
        }
    }

    @Test("refuses a file it cannot decode with the decoder's error")
    func refuses() {
        #expect(throws: PNGError.notPNG) { try PNGImage.redacting(Array("GIF89a".utf8), rectangles: []) }
    }
}
