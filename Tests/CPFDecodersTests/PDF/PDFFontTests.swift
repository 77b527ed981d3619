import Testing

@testable import CPFDecoders

@Suite("PDFFont")
struct PDFFontTests {
    /// The font object 2 of a small document, whose other objects are `extra`.
    private func font(_ dictionary: String, extra: [[UInt8]] = []) throws -> PDFFont {
        let pdf = PDFSamples.build(
            [Array("<< /Type /Catalog /Pages 2 0 R >>".utf8), Array(dictionary.utf8)] + extra)
        let result = pdf.withUnsafeBytes { raw in
            Result { () throws(PDFError) in
                let document = try PDFDocument(raw, limits: .default)
                return try PDFFont(try document.object(2), document: document)
            }
        }
        return try result.get()
    }

    private func text(_ glyphs: [PDFFont.Glyph]) -> String {
        String(String.UnicodeScalarView(glyphs.flatMap(\.text)))
    }

    @Test("reads widths from /Widths and /FirstChar, MissingWidth for the others")
    func simpleWidths() throws {
        let font = try font(
            "<< /Subtype /TrueType /FirstChar 65 /Widths [600 700] /FontDescriptor << /MissingWidth 250 >> >>")
        let glyphs = font.glyphs(in: Array("AB C".utf8))
        #expect(glyphs.map(\.width) == [600, 700, 250, 250])
        #expect(glyphs.map(\.isWordSpace) == [false, false, true, false])
        #expect(text(glyphs) == "AB C")
    }

    @Test(
        "says whose widths are the font's own and whose are estimated, which font is Type 3, how long its codes are",
        arguments: [
            ("<< /Subtype /Type1 /BaseFont /Helvetica >>", [true, true], false, 1),
            ("<< /Subtype /Type1 /BaseFont /Garamond >>", [false, false], false, 1),
            ("<< /Subtype /TrueType /FirstChar 65 /Widths [600] >>", [true, true], false, 1),
            (
                "<< /Subtype /Type3 /FirstChar 65 /Widths [600] /FontMatrix [0.001 0 0 0.001 0 0] >>", [true, true],
                true, 1
            ),
            ("<< /Subtype /Type0 /DescendantFonts [<< /DW 1000 >>] >>", [true], false, 2),
            ("<< /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [<< /W [0 [500]] >>] >>", [true], false, 2),
            // A predefined CMap maps codes to CIDs that /W is indexed by, and cpf does not read it.
            ("<< /Subtype /Type0 /Encoding /UniJIS-UCS2-H /DescendantFonts [<< /W [0 [500]] >>] >>", [false], false, 2),
            ("<< /Subtype /Type0 /Encoding /UniJIS-UCS2-H /DescendantFonts [<< /DW 1000 >>] >>", [true], false, 2),
        ])
    func redactionFacts(dictionary: String, known: [Bool], isType3: Bool, bytesPerCode: Int) throws {
        let font = try font(dictionary)
        #expect(font.glyphs(in: Array("A3".utf8)).map(\.isWidthKnown) == known)
        #expect(font.isType3 == isType3)
        #expect(font.bytesPerCode == bytesPerCode)
    }

    @Test("estimates the widths of standard fonts used without /Widths")
    func estimates() throws {
        #expect(
            try font("<< /Subtype /Type1 /BaseFont /Courier >>").glyphs(in: [0x41, 0x2E]).map(\.width) == [600, 600])
        #expect(
            try font("<< /Subtype /Type1 /BaseFont /Helvetica >>").glyphs(in: [0x33, 0x20]).map(\.width) == [556, 278])
    }

    @Test(
        "gives a standard font without /Widths its real widths, estimating only the others",
        arguments: [
            ("/Type1 /BaseFont /Helvetica", "Do 5.", [722.0, 556, 278, 556, 278], 278.0),
            ("/Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding", "A\u{E7}", [722, 444], 250),
            ("/Type1 /BaseFont /Courier", "a ", [600, 600], 600),
            ("/TrueType /BaseFont /Garamond", "Da", [667, 500], 278),  // estimated
            ("/TrueType /BaseFont /Helvetica /FirstChar 32 /Widths [300 500]", "! ", [500, 300], 300),
        ] as [(String, String, [Double], Double)])
    func standardWidths(subtype: String, text: String, widths: [Double], space: Double) throws {
        let font = try font("<< /Subtype \(subtype) >>")
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        #expect(font.glyphs(in: bytes).map(\.width) == widths)
        #expect(font.spaceWidth == space)
    }

    @Test("takes a quarter of the size for a word space when the font has none or an implausible one")
    func spaceWidthFallback() throws {
        #expect(try font("<< /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [] >>").spaceWidth == 250)
        #expect(try font("<< /Subtype /TrueType /FirstChar 32 /Widths [0] >>").spaceWidth == 250)
        #expect(try font("<< /Subtype /TrueType /FirstChar 32 /Widths [5000] >>").spaceWidth == 250)
    }

    @Test("reads a Type0 font's two-byte codes and its /W widths, U+FFFD without ToUnicode")
    func type0() throws {
        let font = try font(
            "<< /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [3 0 R] >>",
            extra: [Array("<< /Subtype /CIDFontType2 /DW 900 /W [1 [500 510] 10 12 300] >>".utf8)])
        let glyphs = font.glyphs(in: [0, 1, 0, 2, 0, 11, 0, 20, 7])
        #expect(glyphs.map(\.width) == [500, 510, 300, 900, 900])
        #expect(text(glyphs) == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test("reads a Type0 font with a Unicode CMap as UTF-16")
    func unicodeCMap() throws {
        let font = try font("<< /Subtype /Type0 /Encoding /UniGB-UCS2-H /DescendantFonts [] >>")
        #expect(text(font.glyphs(in: [0x00, 0x41, 0x4E, 0x2D])) == "A中")
    }

    @Test("prefers /ToUnicode over the encoding of a simple font")
    func toUnicodeWins() throws {
        let cmap = Array("1 beginbfchar <41> <0042> endbfchar".utf8)
        let font = try font(
            "<< /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 3 0 R >>",
            extra: [PDFSamples.stream("", cmap)])
        #expect(text(font.glyphs(in: Array("AA!".utf8))) == "BB!")
    }

    @Test("reads the built-in encoding of an embedded Type 1 font program without /Encoding")
    func builtInEncoding() throws {
        let program =
            Array(
                """
                %!PS-AdobeFont-1.0: CMMI10
                /Encoding 256 array 0 1 255 {1 index exch /.notdef put} for
                dup 58 /period put dup 59 /comma put dup 65 /A put
                readonly def currentdict end currentfile eexec
                """.utf8) + [0x80, 0x01, 0xFF, 0x3A]
        let cmmi = try font(
            "<< /Subtype /Type1 /BaseFont /CMMI10 /FontDescriptor << /FontFile 3 0 R >> >>",
            extra: [PDFSamples.stream("/Length1 \(program.count - 4) /Length2 4 /Length3 0", program)])
        #expect(text(cmmi.glyphs(in: Array(":;AB".utf8))) == ".,A")
        let standard = try font(
            "<< /Subtype /Type1 /BaseFont /X /FontDescriptor << /FontFile 3 0 R >> >>",
            extra: [PDFSamples.stream("", Array("/Encoding StandardEncoding def currentfile eexec".utf8))])
        #expect(text(standard.glyphs(in: Array("'A".utf8))) == "\u{2019}A")
    }

    @Test("reads a symbolic font's codes as they are, and scales a Type3 font's widths by its FontMatrix")
    func symbolicAndType3() throws {
        #expect(text(try font("<< /Subtype /Type1 /BaseFont /Symbol >>").glyphs(in: [0x61, 0x10])) == "a")
        let type3 = try font("<< /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FirstChar 0 /Widths [5] >>")
        #expect(type3.glyphs(in: [0]).map(\.width) == [50])
    }
}
