import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFTextExtractor")
struct PDFTextExtractorTests {
    static let onePage = "CPF: 390.533.447-05\nNome: Joao da Silva\n"
    static let twoPages = onePage + "\u{0C}\nPage two: 111.444.777-35\n"

    /// The fixtures written by reportlab and pypdf, with their text.
    @Test(
        "extracts the text of PDFs written by reportlab and pypdf",
        arguments: [
            ("helvetica.pdf", onePage),  // Helvetica, WinAnsiEncoding, no compression
            ("helvetica-compressed.pdf", twoPages),  // FlateDecode, two pages
            ("pieces.pdf", "CPF: 390.533.447-05\nsecond line\nthird line 111.444.777-35\n"),
            ("truetype.pdf", "CPF: 390.533.447-05\nAção: São Paulo\n"),  // embedded subset, ToUnicode
            ("incremental.pdf", twoPages),  // an xref stream with /Prev to a table
            ("objstm.pdf", onePage),  // object stream, xref stream with PNG Up predictor
        ])
    func fixtures(name: String, expected: String) throws {
        #expect(try PDFSamples.text(PDFSamples.fixture(name)) == expected)
    }

    @Test("hands the text over a page at a time: the pages joined are the whole text, each after its form feed line")
    func pageByPage() throws {
        let pdf = try PDFSamples.fixture("helvetica-compressed.pdf")
        var pages: [String] = []
        try pdf.withUnsafeBytes { raw in
            try PDFTextExtractor().extractText(from: raw) { pages.append(String(decoding: $0, as: UTF8.self)) }
        }
        #expect(pages == [Self.onePage, "\u{0C}\n" + "Page two: 111.444.777-35\n"])
        #expect(pages.joined() == (try PDFSamples.text(pdf)))
        // No page shows text: every page is handed over, then the error.
        var imagePages = 0
        let image = try PDFSamples.fixture("image-only.pdf")
        #expect(throws: PDFError.noText) {
            try image.withUnsafeBytes { raw in try PDFTextExtractor().extractText(from: raw) { _ in imagePages += 1 } }
        }
        #expect(imagePages == 1)
    }

    @Test("reports an encrypted PDF and one that holds only an image")
    func encryptedAndImageOnly() throws {
        #expect(PDFSamples.error(try PDFSamples.fixture("encrypted.pdf")) == .encrypted)
        #expect(PDFSamples.error(try PDFSamples.fixture("image-only.pdf")) == .noText)
    }

    /// Every line pdftotext finds a CPF on is a line of ours too (spaces
    /// collapsed: pdftotext -layout pads columns).
    @Test(
        "agrees with pdftotext on the lines that hold CPFs",
        .enabled(if: InstalledTool.areInstalled("pdftotext"), "pdftotext (poppler-utils) is not installed"))
    func agreesWithPdftotext() throws {
        for name in ["helvetica.pdf", "helvetica-compressed.pdf", "pieces.pdf", "truetype.pdf", "objstm.pdf"] {
            let path = PDFSamples.folder.appendingPathComponent(name).path
            let ours = Set(try PDFSamples.text(PDFSamples.fixture(name)).split(separator: "\n").map(String.init))
            for mode in ["", "-layout"] {
                let theirs = String(decoding: try toolOutput("pdftotext \(mode) '\(path)' -"), as: UTF8.self)
                let lines = theirs.split(whereSeparator: { $0 == "\n" || $0 == "\u{0C}" })
                    .map { $0.split(separator: " ").joined(separator: " ") }
                    .filter { $0.contains("-05") || $0.contains("-35") }
                #expect(!lines.isEmpty, "pdftotext found no CPF in \(name)")
                for line in lines { #expect(ours.contains(line), "\(name): pdftotext \(mode) has \(line)") }
            }
        }
    }

    /// The CPFs and CNPJs, punctuated, in `text`.
    private static func numbers(in text: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    /// pdftotext as the oracle: on PDFs reportlab writes in many layouts
    /// (``PDFSamples/reportlabLayouts``), every CPF and CNPJ pdftotext shows
    /// whole, ours shows whole too.
    @Test(
        "shows every CPF pdftotext shows in PDFs reportlab writes in many layouts",
        .enabled(if: OfficeSamples.python != nil, "the documents' Python (reportlab) is not installed"),
        .enabled(if: InstalledTool.areInstalled("pdftotext"), "pdftotext (poppler-utils) is not installed"))
    func holdsWhatPdftotextShows() throws {
        let python = try #require(OfficeSamples.python)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-pdf-layouts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try toolOutput("cd '\(folder.path)' && '\(python)' -", input: Array(PDFSamples.reportlabLayouts.utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }
        #expect(names.count == 14)
        for name in names.sorted() {
            let path = folder.appendingPathComponent(name).path
            let theirs = try Self.numbers(in: String(decoding: try toolOutput("pdftotext '\(path)' -"), as: UTF8.self))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let ours = try Self.numbers(in: try PDFSamples.text(bytes))
            #expect(!theirs.isEmpty, "pdftotext shows no number in \(name)")
            for number in theirs { #expect(ours.contains(number), "\(name): pdftotext shows \(number), we do not") }
        }
    }

    @Test(
        "recognizes a PDF by %PDF- in its first 1024 bytes",
        arguments: [
            ("%PDF-1.7\n", true), ("junk\n%PDF-1.4", true), ("%%PDF-1.4", true), ("%PDF", false), ("", false),
            (String(repeating: " ", count: 1020) + "%PDF-", false),
            (String(repeating: " ", count: 1019) + "%PDF-", true),
            ("%PDx-%PDF-", true), ("PK\u{3}\u{4}", false),
        ])
    func isPDF(prefix: String, expected: Bool) {
        #expect(PDFTextExtractor.isPDF(Array(prefix.utf8)) == expected)
    }

    @Test("reads a PDF after a byte order mark or lines, its offsets counted from %PDF- as poppler counts them")
    func headerAfterJunk() throws {
        let pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj ET")
        #expect(PDFTextExtractor.headerOffset(Array("\u{FEFF}%PDF-1.7".utf8)) == 3)
        for junk in [[0xEF, 0xBB, 0xBF], Array("\nX-Gateway: lixo\n".utf8)] as [[UInt8]] {
            #expect(try PDFSamples.text(junk + pdf) == "CPF 390.533.447-05\n")
        }
    }

    /// Content streams with their text: the line and space rules.
    @Test(
        "lays out text lines from the text operators",
        arguments: [
            ("BT /F1 12 Tf 72 720 Td (CPF: 390.533.447-05) Tj ET", "CPF: 390.533.447-05\n"),
            // TJ: a kerning of -200 thousandths or more is a space, a small one is not.
            ("BT /F1 12 Tf 72 720 Td [(CPF:) -250 (390.) 30 (533.447-05)] TJ ET", "CPF: 390.533.447-05\n"),
            // Td with a vertical move, T* with TL, ' and ": new lines.
            (
                "BT /F1 10 Tf 14 TL 72 720 Td (one) Tj 0 -14 Td (two) Tj T* (three) Tj (four) ' 1 0 (five) \" ET",
                "one\ntwo\nthree\nfour\nfive\n"
            ),
            // TD sets the leading that T* uses.
            ("BT /F1 10 Tf 72 720 Td (a) Tj 0 -20 TD (b) Tj T* (c) Tj ET", "a\nb\nc\n"),
            // Tm to the same baseline: one line; a gap: a space; another baseline: a new line.
            ("BT /F1 10 Tf 1 0 0 1 72 700 Tm (390.533) Tj 1 0 0 1 108.14 700 Tm (.447-05) Tj ET", "390.533.447-05\n"),
            ("BT /F1 10 Tf 1 0 0 1 72 700 Tm (CPF:) Tj 1 0 0 1 120 700 Tm (x) Tj ET", "CPF: x\n"),
            ("BT /F1 10 Tf 1 0 0 1 72 700 Tm (a) Tj 1 0 0 1 72 680 Tm (b) Tj ET", "a\nb\n"),
            // cm and a scaled text matrix are followed; q/Q restores the CTM.
            ("q 2 0 0 2 0 0 cm BT /F1 5 Tf 36 360 Td (big) Tj ET Q BT /F1 10 Tf 200 720 Td (same) Tj ET", "big same\n"),
            // Inline images are skipped, even with operator-like bytes in their data.
            (
                "BT /F1 12 Tf 72 720 Td (a) Tj ET BI /W 2 /H 1 /BPC 8 /CS /G ID (x) Tj\u{1}\u{2} EI BT (b) Tj ET",
                "a\nb\n"
            ),
            // Rotated text: pieces along one rotated baseline make one line.
            (
                "q 0 1 -1 0 500 0 cm BT /F1 10 Tf 1 0 0 1 72 700 Tm (390.533) Tj 1 0 0 1 108.14 700 Tm (.447-05) Tj 1 0 0 1 72 680 Tm (next) Tj ET Q",
                "390.533.447-05\nnext\n"
            ),
            ("BT /F1 10 Tf 0 1 -1 0 100 100 Tm (up) Tj 1 0 0 1 100 100 Tm (across) Tj ET", "up\nacross\n"),
            // Word and character spacing move the pen.
            ("BT /F1 10 Tf 5 Tc 72 700 Td (ab) Tj ET", "ab\n"),
        ])
    func layout(content: String, expected: String) throws {
        let text = try PDFSamples.text(PDFSamples.page(content: content))
        #expect(text == expected)
    }

    @Test("maps codes through /Differences, MacRomanEncoding and StandardEncoding")
    func simpleFontEncodings() throws {
        let differences = """
            << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding \
            /BaseEncoding /WinAnsiEncoding /Differences [ 1 /C /P /F /colon /space /three /nine /zero /period \
            /five /four /seven /hyphen 128 /ccedilla /atilde /uni00E9 /Eacute.sc ] >> >>
            """
        let text = try PDFSamples.text(
            PDFSamples.page(
                content: "BT /F1 12 Tf 72 720 Td <0102030405 06070809 0a0606090b0b0c0d080a 05 80818283> Tj ET",
                font: differences))
        #expect(text == "CPF: 390.533.447-05 çãéÉ\n")
        let macRoman = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /MacRomanEncoding >>"
        #expect(
            try PDFSamples.text(PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td <8d8b8e> Tj ET", font: macRoman))
                == "çãé\n")
        let standard = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>"
        #expect(
            try PDFSamples.text(PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td <2761e1> Tj ET", font: standard))
                == "\u{2019}aÆ\n")
    }

    /// A Type0 font with Identity-H codes and a /ToUnicode CMap using bfchar,
    /// a bfrange with a counting string, one with an array, and a surrogate pair.
    @Test("maps two-byte codes of a Type0 font through its ToUnicode CMap")
    func type0WithToUnicode() throws {
        let cmap = """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            5 beginbfchar <0001> <0043> <0002> <0050> <0003> <D83DDE00> <0030> <002E> <0031> <002D> endbfchar
            2 beginbfrange <0010> <0019> <0030> <0020> <0022> [<0046> <003A> <0020>] endbfrange
            1 beginbfrange <0040> <0041> <D835DC00> endbfrange
            endcmap CMapName currentdict /CMap defineresource pop end end
            """
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".utf8),
            Array(
                """
                << /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /ToUnicode 7 0 R \
                /DescendantFonts [6 0 R] >>
                """.utf8),
            PDFSamples.stream(
                "",
                Array(
                    """
                    BT /F1 12 Tf 72 720 Td <0001000200200021 0022001300190010 0030001500130013 0030001400140017 \
                    003100100015 0003 0041> Tj ET
                    """.utf8)),
            Array("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /DW 500 /W [1 [600 600] 16 25 556] >>".utf8),
            PDFSamples.stream("", Array(cmap.utf8)),
        ])
        let text = try PDFSamples.text(pdf)
        #expect(text == "CPF: 390.533.447-05😀𝐁\n")
    }

    @Test("draws form XObjects, nested, and stops at a form that draws itself")
    func formXObjects() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources 6 0 R >>".utf8),  // inherited resources
            Array("<< /Type /Page /Parent 2 0 R /Contents [5 0 R 8 0 R] >>".utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (before) Tj ET /X1 Do".utf8)),
            Array("<< /Font << /F1 4 0 R >> /XObject << /X1 7 0 R /X2 9 0 R >> >>".utf8),
            PDFSamples.stream(
                "/Type /XObject /Subtype /Form /Matrix [1 0 0 1 0 -100]",
                Array("BT /F1 12 Tf 72 720 Td (in the form) Tj ET /X2 Do /X1 Do".utf8)),
            PDFSamples.stream("", Array("BT /F1 12 Tf 72 400 Td (after) Tj ET".utf8)),
            PDFSamples.stream(
                "/Type /XObject /Subtype /Form /Resources << /Font << /F1 4 0 R >> >>",
                Array("BT /F1 12 Tf 72 600 Td (nested) Tj ET".utf8)),
        ])
        let text = try PDFSamples.text(pdf)
        #expect(text == "before\nin the form\nnested\nafter\n")
    }

    @Test("decodes ASCIIHexDecode, ASCII85Decode and chains of filters")
    func filters() throws {
        let content = "BT /F1 12 Tf 72 720 Td (CPF) Tj ET"
        let hex = content.utf8.map { String(format: "%02x", $0) }.joined() + ">"
        let base85 = try toolOutput(
            "python3 -c 'import base64,sys; sys.stdout.write(base64.a85encode(sys.stdin.buffer.read(), adobe=True).decode())'",
            input: Array(content.utf8))
        let runLength = [UInt8(content.utf8.count - 1)] + Array(content.utf8) + [128]
        let hexOfRunLength = Array((runLength.map { String(format: "%02X", $0) }.joined() + ">").utf8)
        for (filter, data) in [
            ("/ASCIIHexDecode", Array(hex.utf8)), ("/A85", base85), ("/RunLengthDecode", runLength),
            ("/AHx /RL", hexOfRunLength),
        ] {
            let pdf = PDFSamples.build([
                Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
                Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
                Array("<< /Type /Page /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".utf8),
                Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
                PDFSamples.stream("/Filter [\(filter)]", data),
            ])
            #expect(try PDFSamples.text(pdf) == "CPF\n", "\(filter)")
        }
    }

    @Test(
        "names a filter it cannot decode on a content stream, and only a known one",
        arguments: [("/DCTDecode", "DCTDecode"), ("/JBIG2Decode", "JBIG2Decode"), ("/Made#20Up", "(unknown)")])
    func unsupportedFilter(filter: String, name: String) {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Contents 4 0 R >>".utf8),
            PDFSamples.stream("/Filter \(filter)", [1, 2, 3]),
        ])
        #expect(PDFSamples.error(pdf) == .unsupportedFilter(name))
    }

    @Test("reads a file whose cross-reference data is broken by scanning for objects")
    func brokenCrossReferences() throws {
        let good = try PDFSamples.fixture("helvetica.pdf")
        let text = String(decoding: good, as: UTF8.self)
        // Every offset of the table moved: the objects are found by the scan.
        let shifted = Array(text.replacingOccurrences(of: " 00000 n", with: "7 00000 n").utf8)
        #expect(try PDFSamples.text(shifted) == Self.onePage)
        // No startxref at all.
        let cut = Array(text.components(separatedBy: "xref")[0].utf8)
        #expect(try PDFSamples.text(cut) == Self.onePage)
        // startxref pointing into the middle of an object.
        let wrong = Array(text.replacingOccurrences(of: "startxref\n", with: "startxref\n1").utf8)
        #expect(try PDFSamples.text(wrong) == Self.onePage)
    }

    @Test("takes an indirect /Length, and finds endstream when /Length is wrong")
    func streamLengths() throws {
        let content = Array("BT /F1 12 Tf 72 720 Td (CPF) Tj ET".utf8)
        var objects = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            Array("<< /Length 6 0 R >>\nstream\n".utf8) + content + Array("\nendstream".utf8),
            Array("\(content.count)".utf8),
        ]
        #expect(try PDFSamples.text(PDFSamples.build(objects)) == "CPF\n")
        objects[4] = Array("<< /Length 9999 >>\nstream\r\n".utf8) + content + Array("\r\nendstream".utf8)
        #expect(try PDFSamples.text(PDFSamples.build(objects)) == "CPF\n")
    }

    @Test("keeps the pages in page tree order, through nested page tree nodes")
    func pageOrder() throws {
        let font = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"
        func page(_ content: Int) -> [UInt8] {
            Array("<< /Type /Page /Resources \(font) /Contents \(content) 0 R >>".utf8)
        }
        func show(_ text: String) -> [UInt8] { PDFSamples.stream("", Array("BT /F1 9 Tf (\(text)) Tj ET".utf8)) }
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [4 0 R 3 0 R 2 0 R] /Count 3 >>".utf8),  // a cycle to itself
            page(7),
            Array("<< /Type /Pages /Kids [5 0 R 6 0 R] /Count 2 >>".utf8),
            page(8), page(9), show("third"), show("first"), show("second"),
        ])
        #expect(try PDFSamples.text(pdf) == "first\n\u{0C}\nsecond\n\u{0C}\nthird\n")
    }

    @Test("a page list holds numbers: each page parsed again when asked, with its own or its ancestors' resources")
    func pagesHoldNumbers() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R << /Type /Page /Resources 5 0 R >>] /Resources 4 0 R /Count 2 >>".utf8),
            Array("<< /Type /Page >>".utf8), Array("<< /Font << >> >>".utf8), Array("<< /XObject << >> >>".utf8),
        ])
        try PDFDocumentTests.withDocument(pdf) { document throws(PDFError) in
            let pages = try PDFTextExtractor().pages(of: document)
            #expect(pages.map(\.number) == [3, nil])
            #expect(try pages[0].dictionary(in: document) == document.object(3))
            #expect(try pages[0].resources(in: document) == .reference(4, 0))
            #expect(try pages[1].dictionary(in: document)["Type"] == .name("Page"))
            #expect(try pages[1].resources(in: document) == .reference(5, 0))
        }
    }

    @Test("stops a decompression bomb at the limits")
    func decompressionLimit() throws {
        let limits = DecompressionLimits(maximumOutputSize: 100, maximumRatio: 10, ratioAllowance: 50)
        let error = PDFSamples.error(try PDFSamples.fixture("helvetica-compressed.pdf"), limits: limits)
        guard case .decompressionLimit? = error else {
            Issue.record("expected a decompression limit error, got \(String(describing: error))")
            return
        }
    }

    @Test(
        "throws on malformed files without crashing",
        arguments: [
            "", "%PDF-1.7", "%PDF-1.7\nstartxref\n0\n%%EOF", "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj",
            "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 1 0 R >> endobj trailer << /Root 1 0 R >>",
            "%PDF-1.7\n1 0 obj " + String(repeating: "[", count: 100_000) + " endobj",
            "%PDF-1.7\n1 0 obj " + String(repeating: "<< /A ", count: 10_000) + " endobj",
            "%PDF-1.7\nxref\n0 99999999999\ntrailer << >>\nstartxref\n9\n%%EOF",
        ])
    func malformed(file: String) {
        #expect(PDFSamples.error(Array(file.utf8)) != nil)
    }

    /// Numbers near Int.max where the file gives counts, codes and offsets.
    @Test(
        "survives numbers near Int.max in counts, codes and offsets",
        arguments: [
            "xref\n9223372036854775000 5\n", "xref\n0 9223372036854775807\n", "xref\n-1 1\n",
        ])
    func hugeNumbersInTables(table: String) {
        let good = String(decoding: (try? PDFSamples.fixture("helvetica.pdf")) ?? [], as: UTF8.self)
        let bad = good.replacingOccurrences(of: "xref\n0 8\n", with: table)
        // The scan still finds the objects.
        #expect((try? PDFSamples.text(Array(bad.utf8))) == Self.onePage)
    }

    @Test(
        "survives numbers near Int.max in fonts",
        arguments: [
            "<< /Subtype /Type1 /FirstChar 9223372036854775807 /Widths [1 2] >>",
            "<< /Subtype /Type1 /Encoding << /Differences [9223372036854775807 /a /b] >> >>",
            "<< /Subtype /Type0 /DescendantFonts [<< /W [9223372036854775807 [1 2] 9223372036854775806 9223372036854775807 5] >>] >>",
            "<< /Subtype /Type0 /DescendantFonts [<< /W [0 9223372036854775807 5] >>] >>",
        ])
    func hugeNumbersInFonts(font: String) throws {
        let text = try PDFSamples.text(PDFSamples.page(content: "BT /F1 12 Tf (ab) Tj ET", font: font))
        #expect(!text.isEmpty)
    }

    @Test("never crashes on every cut of every fixture, nor on random bytes")
    func truncationsAndNoise() throws {
        for name in PDFSamples.fixtureNames {
            let bytes = try PDFSamples.fixture(name)
            for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
                _ = PDFSamples.error(Array(bytes[..<end]))
            }
            var random = SeededRandom(seed: 0x5044_4624)
            for _ in 0..<200 {
                var damaged = bytes
                for _ in 0..<8 {
                    damaged[Int.random(in: 0..<damaged.count, using: &random)] = .random(in: 0...255, using: &random)
                }
                _ = PDFSamples.error(damaged)
            }
        }
        for seed in 0..<50 as Range<UInt64> {
            #expect(PDFSamples.error(Array("%PDF-1.4\n".utf8) + SampleData.random(2000, seed: seed)) != nil)
        }
    }
}
