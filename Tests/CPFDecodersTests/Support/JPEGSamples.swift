// Support for the JPEG tests: photo-like pictures made at test time by
// Pillow (with text on them, as a scanned card has) and libjpeg-turbo's
// cjpeg, their pixels read back by Pillow and djpeg, and the fixtures of
// Fixtures/JPEG (libjpeg-turbo's testimages, IJG and BSD licences beside them).

import CPFDecoders
import Foundation

enum JPEGSamples {
    /// Tests/CPFDecodersTests/Fixtures/JPEG in this checkout.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JPEG")

    /// The bytes of fixture `name`.
    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Whether Pillow's Python is there.
    static var hasPillow: Bool { OfficeSamples.python != nil }

    /// Runs `program` in Pillow's Python with `input` on its standard input.
    static func pillow(_ program: String, input: [UInt8] = []) throws -> [UInt8] {
        let python = OfficeSamples.python ?? "python3"
        let quoted = program.replacingOccurrences(of: "'", with: "'\\''")
        return try toolOutput("'\(python)' -c '\(quoted)'", input: input)
    }

    /// The Python that draws a photo-like `width`×`height` picture `im`:
    /// gradients, noise and black text on a light band.
    static func picture(width: Int, height: Int, grey: Bool = false) -> String {
        """
        import sys, io
        from PIL import Image, ImageDraw, ImageChops
        w, h = \(width), \(height)
        r = Image.linear_gradient("L").resize((w, h))
        g = Image.radial_gradient("L").resize((w, h))
        b = Image.effect_noise((w, h), 60)
        im = Image.merge("RGB", (r, g, ImageChops.add(b, r, 2.0)))
        d = ImageDraw.Draw(im)
        d.rectangle((w // 8, h // 3, w * 7 // 8, h // 2), fill=(235, 230, 220))
        for i in range(0, w, 40):
            d.text((w // 8 + i, h // 3 + 4), "CPF 390.533.447-05", fill=(0, 0, 0))
        if \(grey ? "True" : "False"):
            im = im.convert("L")
        """
    }

    /// A JPEG Pillow writes of the picture, with `options` to `save`
    /// (`quality=75, subsampling=2`, `optimize=True`…).
    static func pillowJPEG(width: Int, height: Int, grey: Bool = false, options: String) throws -> [UInt8] {
        try pillow(
            picture(width: width, height: height, grey: grey) + """

                out = io.BytesIO()
                im.save(out, "JPEG", \(options))
                sys.stdout.buffer.write(out.getvalue())
                """)
    }

    /// A JPEG cjpeg writes of the picture, with `arguments`.
    static func cjpegJPEG(width: Int, height: Int, grey: Bool = false, arguments: String) throws -> [UInt8] {
        let ppm = try pillow(
            picture(width: width, height: height, grey: grey) + """

                out = io.BytesIO()
                im.save(out, "PPM")
                sys.stdout.buffer.write(out.getvalue())
                """)
        return try toolOutput("cjpeg \(arguments)", input: ppm)
    }

    /// The pixels djpeg decodes `jpeg` to (a PPM or PGM file).
    static func djpeg(_ jpeg: [UInt8]) throws -> [UInt8] {
        try toolOutput("djpeg", input: jpeg)
    }

    /// What Pillow reads of `jpeg`: its size, then the mean luma of each
    /// rectangle (as integers, ×100).
    static func pillowMeans(_ jpeg: [UInt8], rectangles: [PixelRectangle]) throws -> [Int] {
        let boxes = rectangles.map { "(\($0.x), \($0.y), \($0.x + $0.width), \($0.y + $0.height))" }
        let output = try pillow(
            """
            import sys, io
            from PIL import Image, ImageStat
            im = Image.open(io.BytesIO(sys.stdin.buffer.read()))
            im.load()
            L = im.convert("L")
            out = [im.size[0], im.size[1]]
            for box in [\(boxes.joined(separator: ", "))]:
                out.append(int(ImageStat.Stat(L.crop(box)).mean[0] * 100))
            print(" ".join(str(x) for x in out))
            """, input: jpeg)
        return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    }
}
