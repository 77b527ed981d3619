// Support for the PNG image tests: PngSuite (Willem van Schaik's test
// images, in Fixtures/PngSuite, copied from the image-rs/image-png
// repository, which vendors them), PNG files made by Pillow and
// ImageMagick at test time, and Pillow reading back what cpf wrote.

import CPFDecoders
import CPFTestSupport
import Foundation

enum PNGSamples {
    /// Tests/CPFDecodersTests/Fixtures/PngSuite in this checkout.
    static let suiteFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/PngSuite")

    /// The names of the PngSuite images, valid (`x*.png` left out) or corrupt (only those).
    static func suite(corrupt: Bool) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".png") && $0.hasPrefix("x") == corrupt }.sorted()
    }

    /// The bytes of PngSuite image `name`.
    static func suiteBytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: suiteFolder.appendingPathComponent(name)))
    }

    /// Whether Pillow's Python is there.
    static let hasPillow = OfficeSamples.python != nil

    /// Runs `program` with Pillow's Python, `arguments` after it, and returns what it printed.
    static func pillow(_ program: String, _ arguments: [String] = [], input: [UInt8] = []) throws -> [UInt8] {
        let python = OfficeSamples.python ?? "python3"
        let quoted = ([program] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try toolOutput("'\(python)' -c " + quoted.joined(separator: " "), input: input)
    }

    /// A PNG file Pillow writes: `make` is Python making `im` (Pillow's `Image` imported).
    static func pillowImage(_ make: String, _ options: String = "") throws -> [UInt8] {
        try pillow(
            """
            import sys, io, random
            from PIL import Image
            random.seed(7)
            \(make)
            out = io.BytesIO()
            im.save(out, "PNG"\(options))
            sys.stdout.buffer.write(out.getvalue())
            """)
    }

    /// A PNG file ImageMagick's `convert` writes from `arguments`.
    static func magickImage(_ arguments: String) throws -> [UInt8] {
        try toolOutput("convert \(arguments)")
    }

    /// Pillow's decoding of each PngSuite image: its mode, its palette
    /// (for mode P) and its pixels' values from `getdata()`, flattened.
    static let pillowSuite: [String: (mode: String, palette: [Int], values: [Int])] = {
        let program = """
            import sys, os
            from PIL import Image
            folder = sys.argv[1]
            for name in sorted(os.listdir(folder)):
                if not name.endswith(".png") or name.startswith("x"):
                    continue
                im = Image.open(os.path.join(folder, name))
                im.load()
                values = []
                for pixel in im.getdata():
                    values.extend(pixel if isinstance(pixel, tuple) else (pixel,))
                palette = (im.getpalette() or []) if im.mode == "P" else []
                print(name, im.mode, ",".join(map(str, palette)), " ".join(map(str, values)))
            """
        guard let output = try? pillow(program, [suiteFolder.path]) else { return [:] }
        var result: [String: (mode: String, palette: [Int], values: [Int])] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count >= 3 else { continue }
            let palette = fields[2].split(separator: ",").compactMap { Int($0) }
            result[String(fields[0])] = (String(fields[1]), palette, fields[3...].compactMap { Int($0) })
        }
        return result
    }()

    /// The values Pillow's `getdata()` gives for `image` in `mode`, flattened.
    static func pillowValues(of image: PNGImage, mode: String) -> [Int] {
        var values: [Int] = []
        values.reserveCapacity(image.width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let rgba = image.rgba8(x: x, y: y)
                switch mode {
                case "1", "L": values.append(Int(rgba.x))
                case "I;16", "I", "P": values.append(image.sample(x: x, y: y, channel: 0))
                case "LA": values += [Int(rgba.x), Int(rgba.w)]
                case "RGB": values += [Int(rgba.x), Int(rgba.y), Int(rgba.z)]
                default: values += [Int(rgba.x), Int(rgba.y), Int(rgba.z), Int(rgba.w)]
                }
            }
        }
        return values
    }

    /// What Pillow and ImageMagick say of `redacted`, `original` with
    /// `rectangles` painted: how many pixels outside the rectangles differ
    /// from the original's, how many inside are not the opaque black fill,
    /// whether `verify()` passes, and the bit depth and colour type
    /// ImageMagick's `identify` reads.
    struct Verdict: Equatable {
        var outsideDifferences: Int
        var insideNotFilled: Int
        var verified: Bool
        var identified: String
    }

    static func check(original: [UInt8], redacted: [UInt8], rectangles: [PixelRectangle]) throws -> Verdict {
        try check([(original, redacted)], rectangles: rectangles)[0]
    }

    /// The verdicts of several pairs, with one run of Python and one of
    /// `identify`, so a long table does not start a process per image.
    static func check(_ pairs: [(original: [UInt8], redacted: [UInt8])], rectangles: [PixelRectangle]) throws
        -> [Verdict]
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var afterPaths: [String] = []
        for (index, pair) in pairs.enumerated() {
            try Data(pair.original).write(to: folder.appendingPathComponent("\(index)-before.png"))
            try Data(pair.redacted).write(to: folder.appendingPathComponent("\(index)-after.png"))
            afterPaths.append(folder.appendingPathComponent("\(index)-after.png").path)
        }
        let boxes = rectangles.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: ";")
        let program = """
            import sys, os
            from PIL import Image
            folder, count, boxes = sys.argv[1], int(sys.argv[2]), sys.argv[3]
            rects = [tuple(map(int, b.split(","))) for b in boxes.split(";") if b]
            def flat(im):
                if im.mode in ("I;16", "I", "1", "L"):
                    return list(im.getdata())
                return list(im.convert("RGBA").getdata())
            for index in range(count):
                before = os.path.join(folder, "%d-before.png" % index)
                after = os.path.join(folder, "%d-after.png" % index)
                verified = True
                try:
                    Image.open(after).verify()
                except Exception:
                    verified = False
                a, b = Image.open(before), Image.open(after)
                a.load(); b.load()
                pa, pb = flat(a), flat(b)
                black = 0 if b.mode in ("I;16", "I", "1", "L") else (0, 0, 0, 255)
                width, height = a.size
                outside = inside = 0
                for y in range(height):
                    for x in range(width):
                        i = y * width + x
                        if any(rx <= x < rx + rw and ry <= y < ry + rh for rx, ry, rw, rh in rects):
                            inside += pb[i] != black
                        else:
                            outside += pa[i] != pb[i] or a.getpixel((x, y)) != b.getpixel((x, y))
                print(outside, inside, int(verified and a.size == b.size and a.mode == b.mode))
            """
        let lines = String(decoding: try pillow(program, [folder.path, "\(pairs.count)", boxes]), as: UTF8.self)
            .split(separator: "\n")
        let quoted = afterPaths.map { "'\($0)'" }.joined(separator: " ")
        let identified = String(
            decoding: try toolOutput(
                "identify -format '%[png:IHDR.bit-depth-orig] %[png:IHDR.color-type-orig]\\n' \(quoted)"),
            as: UTF8.self
        ).split(separator: "\n")
        return pairs.indices.map { index in
            let fields = index < lines.count ? lines[index].split(separator: " ").compactMap { Int($0) } : []
            return Verdict(
                outsideDifferences: fields.first ?? -1, insideNotFilled: fields.dropFirst().first ?? -1,
                verified: fields.dropFirst(2).first == 1,
                identified: index < identified.count ? String(identified[index]) : "")
        }
    }
}
