import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

/// PDFs made by Pillow (its PDF writer, or image XObjects written with
/// its pixels) and reportlab, their images handed out by PDFImageExtractor and compared,
/// pixel for pixel as Pillow decodes them, with what poppler's `pdfimages`
/// extracts from the same PDF.
@Suite("PDFImageExtractor")
struct PDFImageExtractorTests {
    static let python = OfficeSamples.python
    static let tools = python != nil && InstalledTool.areInstalled("convert", "pdfimages")

    /// The images of the PDF at `path`, as the extractor hands them out.
    static func images(of path: String) throws -> [PDFImage] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var images: [PDFImage] = []
        try bytes.withUnsafeBytes { pdf in try PDFImageExtractor().forEachImage(in: pdf) { images.append($0) } }
        return images
    }

    /// Writes `page.pdf`, one page drawing one 320 × 90 picture (dark text
    /// and a red box on a light ground, drawn by Pillow) in the way its
    /// argument names: through Pillow's own PDF writer (CCITT Group 4 for
    /// a bilevel picture, JPEG, ASCIIHex indexed) or as an image XObject
    /// written here with the colour space, bits and filters named.
    static let makePDF = #"""
        import sys, zlib
        from PIL import Image, ImageDraw, ImageFont
        kind = sys.argv[1]
        img = Image.new("RGB", (320, 90), (240, 240, 224))
        draw = ImageDraw.Draw(img)
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 28)
        draw.text((12, 25), "CPF 390.533.447-05", fill=(32, 48, 128), font=font)
        draw.rectangle((250, 5, 315, 30), fill=(200, 30, 30))

        def pack(values, bits, width):
            out = bytearray()
            for row in range(len(values) // width):
                acc, n = 0, 0
                for v in values[row * width:(row + 1) * width]:
                    acc = acc << bits | v; n += bits
                    if n == 8: out.append(acc); acc, n = 0, 0
                if n: out.append(acc << (8 - n))
            return bytes(out)

        def write(samples, space, bpc, extra=b"", filt=b"/FlateDecode", data=None, objects=()):
            data = zlib.compress(samples) if data is None else data
            objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 90] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
                    b"<< /Type /XObject /Subtype /Image /Width 320 /Height 90 " + space + b" /BitsPerComponent %d " % bpc
                    + b"/Filter " + filt + b" " + extra + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"]
            content = b"q 320 0 0 90 0 0 cm /Im0 Do Q"
            objs.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
            objs += list(objects)
            out = bytearray(b"%PDF-1.5\n")
            offsets = []
            for i, o in enumerate(objs):
                offsets.append(len(out)); out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
            xref = len(out)
            out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
            for off in offsets: out += b"%010d 00000 n \n" % off
            out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
            open("page.pdf", "wb").write(out)

        grey = img.convert("L")
        if kind == "pillow-bilevel": img.convert("1").save("page.pdf")
        elif kind == "pillow-rgb": img.save("page.pdf")
        elif kind == "pillow-grey": grey.save("page.pdf")
        elif kind == "pillow-palette": img.convert("P", palette=Image.ADAPTIVE, colors=8).save("page.pdf")
        elif kind == "grey8": write(grey.tobytes(), b"/ColorSpace /DeviceGray", 8)
        elif kind == "grey4": write(pack([v >> 4 for v in grey.tobytes()], 4, 320), b"/ColorSpace /DeviceGray", 4)
        elif kind == "grey2": write(pack([v >> 6 for v in grey.tobytes()], 2, 320), b"/ColorSpace /DeviceGray", 2)
        elif kind == "grey1": write(img.convert("1").tobytes(), b"/ColorSpace /DeviceGray", 1)
        elif kind == "grey1-decode": write(bytes(255 - b for b in img.convert("1").tobytes()), b"/ColorSpace /DeviceGray /Decode [1 0]", 1)
        elif kind == "mask": write(img.convert("1").tobytes(), b"/ImageMask true", 1)
        elif kind == "rgb8": write(img.tobytes(), b"/ColorSpace /DeviceRGB", 8)
        elif kind == "rgb16": write(bytes(b for v in img.tobytes() for b in (v, 0x80)), b"/ColorSpace /DeviceRGB", 16)
        elif kind == "grey16": write(bytes(b for v in grey.tobytes() for b in (v, 0)), b"/ColorSpace /DeviceGray", 16)
        elif kind == "icc3": write(img.tobytes(), b"/ColorSpace [/ICCBased 6 0 R]", 8, objects=[b"<< /N 3 /Alternate /DeviceRGB /Length 0 >>\nstream\n\nendstream"])
        elif kind == "icc1": write(grey.tobytes(), b"/ColorSpace [/ICCBased 6 0 R]", 8, objects=[b"<< /N 1 /Length 0 >>\nstream\n\nendstream"])
        elif kind == "indexed4":
            p = img.convert("P", palette=Image.ADAPTIVE, colors=16)
            lut = bytes(p.getpalette()[:48]).hex().encode()
            write(pack(list(p.tobytes()), 4, 320), b"/ColorSpace [/Indexed /DeviceRGB 15 <" + lut + b">]", 4)
        elif kind == "indexed-grey8":
            lut = bytes(range(256)).hex().encode()
            write(grey.tobytes(), b"/ColorSpace [/Indexed /DeviceGray 255 <" + lut + b">]", 8)
        elif kind == "predictor":
            raw = grey.tobytes(); rows = b""
            prev = bytes(320)
            for y in range(90):
                row = raw[y * 320:(y + 1) * 320]; rows += b"\x02" + bytes((a - b) & 255 for a, b in zip(row, prev)); prev = row
            write(b"", b"/ColorSpace /DeviceGray", 8, extra=b"/DecodeParms << /Predictor 15 /Columns 320 >>", data=zlib.compress(rows))
        elif kind == "uncompressed": write(b"", b"/ColorSpace /DeviceGray", 8, filt=b"[]", data=grey.tobytes())
        elif kind == "ascii85-dct":
            import io, base64
            b = io.BytesIO(); img.save(b, "JPEG"); data = base64.a85encode(b.getvalue(), adobe=True)[2:]
            write(b"", b"/ColorSpace /DeviceRGB", 8, filt=b"[/ASCII85Decode /DCTDecode]", data=data)
        elif kind == "cmyk": write(img.convert("CMYK").tobytes(), b"/ColorSpace /DeviceCMYK", 8)
        elif kind == "jbig2": write(b"", b"/ColorSpace /DeviceGray", 1, filt=b"/JBIG2Decode", data=b"\0" * 20)
        else: sys.exit("unknown " + kind)
        """#

    /// The kinds of image `makePDF` writes, and the file the extractor hands out for each.
    static let kinds: [(kind: String, format: ImageFormat)] = [
        ("pillow-bilevel", .tiff), ("pillow-rgb", .jpeg), ("pillow-grey", .jpeg), ("pillow-palette", .png),
        ("grey8", .png), ("grey4", .png), ("grey2", .png), ("grey1", .png), ("grey1-decode", .png), ("mask", .png),
        ("rgb8", .png), ("rgb16", .png), ("grey16", .png), ("icc3", .png), ("icc1", .png), ("indexed4", .png),
        ("indexed-grey8", .png), ("predictor", .png), ("uncompressed", .png), ("ascii85-dct", .jpeg),
    ]

    /// Makes `page.pdf` of `kind` in `folder`, and what `pdfimages -png` extracts from it (`theirs-000.png`).
    static func make(_ kind: String, in folder: TemporaryDirectory) {
        folder.file("make.py", Data(makePDF.utf8))
        let made = runShell(
            "cd '\(folder.url.path)' && '\(python!)' make.py \(kind) && pdfimages -png page.pdf theirs 2>/dev/null")
        #expect(made.status == 0, "\(made.stderr)")
    }

    @Test(
        "hands out each PDF's image as a file whose pixels are those pdfimages extracts",
        .enabled(if: tools, "poppler-utils or the documents' Python is not installed"), arguments: kinds)
    func matchesPdfimages(kind: String, format: ImageFormat) throws {
        let folder = TemporaryDirectory()
        Self.make(kind, in: folder)
        let images = try Self.images(of: folder.url.appendingPathComponent("page.pdf").path)
        try #require(images.count == 1)
        #expect(images[0].name == "page 1 image 1")
        #expect((images[0].width, images[0].height) == (320, 90))
        guard case .file(let found, let file) = images[0].content else {
            Issue.record("not handed out as a file: \(images[0].content)")
            return
        }
        #expect(found == format)
        #expect(ImageFormat.detect(file) == format)
        folder.file("ours", Data(file))
        let compared = runShell(
            """
            cd '\(folder.url.path)' && '\(Self.python!)' -c "
            from PIL import Image, ImageChops
            def load(name):
                image = Image.open(name)
                # 16 bits a sample: their top 8 bits, as pdfimages writes them.
                if image.mode.startswith('I'): image = image.convert('I').point(lambda v: v * (1 / 256))
                return image.convert('RGB')
            ours, theirs = load('ours'), load('theirs-000.png')
            # pdfimages writes a stencil mask's samples (0: painted), not what it paints.
            if '\(kind)' == 'mask': theirs = ImageChops.invert(theirs)
            print(ours.size, theirs.size, ImageChops.difference(ours, theirs).getbbox())"
            """)
        #expect(outputLines(compared.stdout) == ["(320, 90) (320, 90) None"], "\(compared.stderr)")
    }

    @Test(
        "names CMYK and JBIG2 images unread, with why",
        .enabled(if: tools, "poppler-utils or the documents' Python is not installed"),
        arguments: [("cmyk", "CMYK image"), ("jbig2", "JBIG2 image")])
    func unread(kind: String, reason: String) throws {
        let folder = TemporaryDirectory()
        Self.make(kind, in: folder)
        let images = try Self.images(of: folder.url.appendingPathComponent("page.pdf").path)
        guard images.count == 1, case .unread(let found) = images[0].content else {
            Issue.record("not named unread: \(images)")
            return
        }
        #expect(found == reason)
    }

    @Test(
        "a JPEG image is handed out as the bytes of its stream, which pdfimages -j writes as they are",
        .enabled(if: tools, "ImageMagick, poppler-utils or the documents' Python is not installed"))
    func jpegBytesAsTheyAre() throws {
        let folder = TemporaryDirectory()
        Self.make("pillow-rgb", in: folder)
        let made = runShell("cd '\(folder.url.path)' && pdfimages -j page.pdf theirs")
        #expect(made.status == 0, "\(made.stderr)")
        let images = try Self.images(of: folder.url.appendingPathComponent("page.pdf").path)
        let theirs = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("theirs-000.jpg")))
        guard case .file(.jpeg, let file)? = images.first?.content else {
            Issue.record("no JPEG: \(images)")
            return
        }
        #expect(file == theirs)
    }

    @Test(
        "images drawn by a page with text are found page by page, a form's too, each once; tiny ones are not",
        .enabled(if: tools, "ImageMagick, poppler-utils or the documents' Python is not installed"))
    func imagesOfAPageWithText() throws {
        let folder = TemporaryDirectory()
        let made = runShell(
            """
            cd '\(folder.url.path)' && convert -size 200x60 xc:white -fill black -draw 'rectangle 5,5 100,40' id.png &&
            convert -size 10x10 xc:red icon.png && '\(Self.python!)' - <<'EOF'
            from reportlab.pdfgen import canvas
            c = canvas.Canvas("page.pdf")
            c.drawString(72, 760, "Contrato")
            c.drawImage("id.png", 72, 600, 200, 60)
            c.drawImage("icon.png", 300, 600, 10, 10)
            c.showPage()
            c.drawString(72, 760, "Segunda folha")
            c.drawImage("id.png", 72, 500, 200, 60)
            c.showPage()
            c.drawString(72, 760, "Terceira folha, sem imagem")
            c.save()
            EOF
            """)
        #expect(made.status == 0, "\(made.stderr)")
        let images = try Self.images(of: folder.url.appendingPathComponent("page.pdf").path)
        // reportlab draws the same picture once, as a form XObject holding the image: one image, page 1's.
        #expect(images.map(\.name) == ["page 1 image 1"])
        #expect(images.map { [$0.width, $0.height] } == [[200, 60]])
    }

    /// Colour spaces the extractor reads, and those it names.
    static let colourSpaces: [(PDFObject, PDFImageExtractor.ColourSpace)] = [
        (.name("DeviceGray"), .read(.grey)),
        (.name("DeviceRGB"), .read(.rgb)),
        (.array([.name("CalRGB"), .dictionary([:])]), .read(.rgb)),
        (
            .array([.name("Indexed"), .name("DeviceRGB"), .integer(1), .string([1, 2, 3, 4, 5, 6])]),
            .read(.indexed(palette: [1, 2, 3, 4, 5, 6]))
        ),
        (
            .array([.name("Indexed"), .name("DeviceGray"), .integer(2), .string([0, 128])]),
            .read(.indexed(palette: [0, 0, 0, 128, 128, 128, 0, 0, 0]))
        ),
        (.name("DeviceCMYK"), .unread("CMYK image")),
        (.array([.name("Separation"), .name("Spot")]), .unread("image in the Separation colour space")),
        (.null, .unread("image without a colour space")),
    ]

    @Test("reads grey, RGB and indexed colour spaces, and names CMYK and the others", arguments: colourSpaces)
    func readsColourSpace(space: PDFObject, expected: PDFImageExtractor.ColourSpace) throws {
        let bytes = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
        let found = try bytes.withUnsafeBytes { raw in
            try PDFImageExtractor.colours(space, document: try PDFDocument(raw, limits: .default))
        }
        #expect(found == expected)
    }

    @Test("wraps samples as PNG: grey inverted by its Decode, RGB below 8 bits named, short data padded")
    func pngWrapping() throws {
        guard
            case .file(.png, let file) = PDFImageExtractor.png(
                [0b1010_0000, 0b0101_0000], width: 4, height: 2, bits: 1, colours: .grey, inverted: true)
        else {
            Issue.record("no PNG")
            return
        }
        let image = try PNGImage(file)
        #expect((0..<4).map { image.sample(x: $0, y: 0, channel: 0) } == [0, 1, 0, 1])
        #expect((0..<4).map { image.sample(x: $0, y: 1, channel: 0) } == [1, 0, 1, 0])
        guard
            case .unread(let reason) = PDFImageExtractor.png(
                [0], width: 1, height: 1, bits: 4, colours: .rgb, inverted: false)
        else {
            Issue.record("RGB of 4 bits read")
            return
        }
        #expect(reason == "image of 4 bits per component")
        guard
            case .file(.png, let padded) = PDFImageExtractor.png(
                [9], width: 1, height: 3, bits: 8, colours: .grey, inverted: false)
        else {
            Issue.record("no PNG")
            return
        }
        let short = try PNGImage(padded)
        #expect((0..<3).map { short.sample(x: 0, y: $0, channel: 0) } == [9, 0, 0])
    }

    /// CCITT parameters and the TIFF fields they make: Compression (259),
    /// PhotometricInterpretation (262), T4Options (292) or T6Options (293).
    static let ccittParameters: [(k: Int, aligned: Bool, blackIsOne: Bool, fields: [UInt16: UInt32]?)] = [
        (-1, false, false, [259: 4, 262: 0, 293: 0]),
        (-1, false, true, [259: 4, 262: 1, 293: 0]),
        (0, false, false, [259: 3, 262: 0, 292: 0]),
        (4, false, false, [259: 3, 262: 0, 292: 1]),
        (0, true, false, [259: 3, 262: 0, 292: 4]),
        (-1, true, false, nil),
    ]

    @Test("wraps CCITT data in a TIFF whose fields say its coding and colours", arguments: ccittParameters)
    func tiffHeader(k: Int, aligned: Bool, blackIsOne: Bool, fields: [UInt16: UInt32]?) throws {
        let data: [UInt8] = [1, 2, 3, 4, 5]
        let file = PDFImageExtractor.tiff(
            ccitt: data, k: k, columns: 1700, rows: 2200, isByteAligned: aligned, isBlackOne: blackIsOne)
        guard let fields else {
            #expect(file == nil)
            return
        }
        let tiff = try #require(file)
        #expect(Array(tiff.prefix(8)) == [0x49, 0x49, 42, 0, 8, 0, 0, 0])
        func number(_ at: Int, _ count: Int) -> UInt32 {
            (0..<count).reduce(0) { $0 | UInt32(tiff[at + $1]) << (8 * UInt32($1)) }
        }
        let count = Int(number(8, 2))
        var found: [UInt16: UInt32] = [:]
        for entry in 0..<count {
            let at = 10 + 12 * entry
            found[UInt16(number(at, 2))] = number(at + 4, 4) == 1 ? number(at + 8, number(at + 2, 2) == 3 ? 2 : 4) : 0
        }
        #expect(found[256] == 1700 && found[257] == 2200 && found[278] == 2200 && found[258] == 1)
        #expect(found[279] == 5)
        let offset = Int(try #require(found[273]))
        #expect(Array(tiff[offset...]) == data)
        for (tag, value) in fields { #expect(found[tag] == value, "tag \(tag)") }
        // Tags in ascending order, as TIFF 6.0 requires.
        let tags = (0..<count).map { number(10 + 12 * $0, 2) }
        #expect(tags == tags.sorted())
    }
}
