import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFRedactor")
struct PDFRedactorTests {
    /// The ranges of the text where a CPF (`ddd.ddd.ddd-dd`) or a CNPJ
    /// (`dd.ddd.ddd/dddd-dd`) is written, as the tests' stand-in for the
    /// scanner.
    static func numbers(in text: [UInt8]) -> [Range<Int>] {
        let shapes = Array("ddd.ddd.ddd-dd".utf8)
        let cnpj = Array("dd.ddd.ddd/dddd-dd".utf8)
        var found: [Range<Int>] = []
        var index = 0
        func fits(_ shape: [UInt8], at start: Int) -> Bool {
            guard start + shape.count <= text.count else { return false }
            for (offset, kind) in shape.enumerated() {
                let byte = text[start + offset]
                if kind == UInt8(ascii: "d") ? !(byte >= 0x30 && byte <= 0x39) : byte != kind { return false }
            }
            return true
        }
        while index < text.count {
            if let shape = [cnpj, shapes].first(where: { fits($0, at: index) }) {
                found.append(index..<index + shape.count)
                index += shape.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// `pdf` redacted of the text `needles` (every CPF and CNPJ by default).
    static func redact(_ pdf: [UInt8], _ needles: [String]? = nil, fill: PDFRedactor.Fill = .black)
        throws(PDFRedactionError) -> PDFRedactor.Redaction
    {
        try pdf.withUnsafeBytes { raw in
            Result { () throws(PDFRedactionError) in
                try PDFRedactor(fill: fill).redact(raw) { text in
                    guard let needles else { return numbers(in: text) }
                    return needles.flatMap { OfficeSamples.ranges(of: $0, in: text) }
                }
            }
        }.get()
    }

    /// The decoded content of the first page of `pdf`.
    static func firstPageContent(_ pdf: [UInt8]) throws -> String {
        try pdf.withUnsafeBytes { raw in
            let document = try PDFDocument(raw, limits: .default)
            let page = try #require(try PDFTextExtractor().pages(of: document).first)
            return String(decoding: try PDFTextExtractor.content(of: page, document: document), as: UTF8.self)
        }
    }

    static let cpf = "390.533.447-05"

    /// Helvetica's widths: digits 556, `.` 278, `-` 333; the CPF's 7005.
    @Test(
        "takes the CPF's glyphs out of each text operator, their advance kept as a TJ displacement",
        arguments: [
            // The spaces around the CPF are kept: they are no part of it.
            ("(CPF 390.533.447-05, fim) Tj", "[(CPF ) -7005 (, fim)] TJ", "CPF , fim\n"),
            ("[(CPF 390.) 30 (533.447-05) -250 (fim)] TJ", "[(CPF ) -1946 30 -5059 -250 (fim)] TJ", "CPF fim\n"),
            ("14 TL (390.533.447-05) '", "T* [-7005] TJ", ""),
            // `"` sets Tc 0.5: half a point more for each of the 14 glyphs at size 12.
            ("14 TL 1 0.5 (CPF 390.533.447-05) \"", "1 Tw 0.5 Tc T* [(CPF ) -7588.333333] TJ", "CPF \n"),
            // Character spacing is part of each glyph's advance: 14 glyphs of 1 point more at size 10.
            ("1 Tc (390.533.447-05 fim) Tj", "[-8405 ( fim)] TJ", " fim\n"),
        ])
    func operators(content: String, expected: String, text: String) throws {
        let size = content.hasPrefix("1 Tc") ? "10" : "12"
        let pdf = PDFSamples.page(content: "BT /F1 \(size) Tf 72 720 Td \(content) ET")
        let redaction = try Self.redact(pdf)
        #expect(redaction.removed == 1)
        let written = try Self.firstPageContent(redaction.pdf)
        #expect(written.contains(expected), "\(written)")
        #expect(!written.contains("390"))
        if text.isEmpty {
            #expect(PDFSamples.error(redaction.pdf) == .noText)
        } else {
            let read = try PDFSamples.text(redaction.pdf)
            #expect(read == text)
        }
    }

    @Test("paints the fill over the removed glyphs last, after the page's own graphics states and path are closed")
    func fills() throws {
        let pdf = PDFSamples.page(content: "q q BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj ET")
        let black = try Self.firstPageContent(try Self.redact(pdf).pdf)
        // 72 + "CPF " (722 + 667 + 611 + 278 = 2278 thousandths of 12 points); -0.3 to 1 of the size.
        #expect(black.hasPrefix("q\n"))
        #expect(black.hasSuffix("\nQ\nQ\nQ\nn\nq 0 g\n99.336 716.4 84.06 15.6 re f\nQ\n\n"), "\(black)")
        let white = try Self.firstPageContent(try Self.redact(pdf, fill: .white).pdf)
        #expect(white.contains("q 1 g\n99.336 716.4 84.06 15.6 re f\n"))
        let none = try Self.firstPageContent(try Self.redact(pdf, fill: .blank).pdf)
        #expect(!none.contains(" re f"))
    }

    @Test("removes the text a form XObject draws from the form, and paints over it on the page")
    func forms() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(
                "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> /XObject << /X0 6 0 R >> >> /Contents 5 0 R >>"
                    .utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (Recibo) Tj ET /X0 Do".utf8)),
            PDFSamples.stream(
                "/Type /XObject /Subtype /Form /BBox [0 0 600 800] /Matrix [1 0 0 1 0 -100]",
                Array("BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj ET".utf8)),
        ])
        let redaction = try Self.redact(pdf)
        #expect(redaction.removed == 1)
        let text = try PDFSamples.text(redaction.pdf)
        #expect(text == "Recibo\nCPF \n")
        let page = try Self.firstPageContent(redaction.pdf)
        #expect(page.contains("99.336 616.4 84.06 15.6 re f"), "\(page)")
        let sweep = try redaction.pdf.withUnsafeBytes { try PDFSweep.text(of: $0) }
        #expect(Self.numbers(in: sweep).isEmpty)
    }

    @Test("removes a CPF drawn over two text objects and a two-byte font's codes")
    func pieces() throws {
        let font =
            "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /UniGB-UCS2-H "
            + "/DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /DW 500 >>] >>"
        let utf16 = "390.533.447-05".utf16.map { String(format: "%04X", $0) }.joined()
        let pdf = PDFSamples.page(
            content: "BT /F1 10 Tf 72 720 Td <0043005000460020\(utf16)> Tj ET", font: font)
        let redaction = try Self.redact(pdf)
        let text = try PDFSamples.text(redaction.pdf)
        #expect(text == "CPF \n")
        #expect(try Self.firstPageContent(redaction.pdf).contains("[<0043005000460020> -7000] TJ"))
        let split = PDFSamples.page(
            content: "BT /F1 12 Tf 72 720 Td (CPF 390.533.) Tj ET BT /F1 12 Tf 145.38 720 Td (447-05) Tj ET")
        let both = try Self.redact(split)
        #expect(both.removed == 1)
        let read = try PDFSamples.text(both.pdf)
        #expect(read == "CPF \n")
    }

    @Test(
        "refuses what it cannot trust: a Type 3 font turned by its matrix, a glyph without width, vertical text",
        arguments: [
            (
                "<< /Type /Font /Subtype /Type3 /FontMatrix [0 0.001 -0.001 0 0 0] /FontBBox [0 0 1 1] "
                    + "/CharProcs << >> /FirstChar 32 /LastChar 57 /Widths [\(String(repeating: "500 ", count: 26))] >>",
                PDFRedactionError.unknownWidths
            ),
            ("<< /Type /Font /Subtype /Type1 /BaseFont /Garamond >>", .unknownWidths),
            (
                "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /UniGB-UCS2-V "
                    + "/DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /DW 1000 >>] >>",
                .verticalText
            ),
        ])
    func refusals(font: String, expected: PDFRedactionError) throws {
        // A two-byte font shows the CPF in UTF-16.
        let utf16 = "<" + Self.cpf.utf16.map { String(format: "%04X", $0) }.joined() + ">"
        let shown = font.contains("UCS2") ? utf16 : "(CPF 390.533.447-05)"
        let pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td \(shown) Tj ET", font: font)
        #expect(throws: expected) { try Self.redact(pdf) }
    }

    @Test(
        """
        takes a CPF out of a Type 3 font, its advance from the widths scaled by the font matrix, \
        whatever the sign of its height
        """,
        arguments: ["[0.01 0 0 0.01 0 0]", "[0.01 0 0.002 -0.01 0 0]"])
    func type3Font(matrix: String) throws {
        let font =
            "<< /Type /Font /Subtype /Type3 /FontMatrix \(matrix) /FontBBox [0 0 100 100] /CharProcs << >> "
            + "/FirstChar 32 /LastChar 57 /Widths [\(String(repeating: "50 ", count: 26))] >>"
        let pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05, fim) Tj ET", font: font)
        let redaction = try Self.redact(pdf)
        #expect(redaction.removed == 1)
        // 14 glyphs of 50 units, a hundredth of text space each: 7 units, 7000 thousandths.
        let written = try Self.firstPageContent(redaction.pdf)
        #expect(written.contains("[(CPF ) -7000 (, fim)] TJ"), "\(written)")
        #expect(try PDFSamples.text(redaction.pdf) == "CPF , fim\n")
    }

    @Test("refuses a page whose other glyphs map to no text, and an encrypted file")
    func unreadable() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(
                "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R /F2 6 0 R >> >> /Contents 5 0 R >>"
                    .utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj /F2 12 Tf <0001> Tj ET".utf8)),
            Array(
                "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [<< /DW 500 >>] >>"
                    .utf8),
        ])
        #expect(throws: PDFRedactionError.unmappedGlyphs) { try Self.redact(pdf) }
        #expect(throws: PDFRedactionError.unreadable(.encrypted)) {
            try Self.redact(try PDFSamples.fixture("encrypted.pdf"))
        }
    }

    @Test("writes the file again without removing anything when the pages hold no match")
    func nothingToRemove() throws {
        let pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td (Recibo) Tj ET")
        let redaction = try Self.redact(pdf)
        #expect(redaction.removed == 0)
        #expect(try PDFSamples.text(redaction.pdf) == "Recibo\n")
        #expect(try Self.firstPageContent(redaction.pdf) == "BT /F1 12 Tf 72 720 Td (Recibo) Tj ET\n")
    }

    @Test("rewrites the strings of the information dictionary, annotations and bookmarks, and the XMP packet")
    func besideThePages() throws {
        let xmp = "<x:xmpmeta><dc:creator>Ana 390.533.447-05</dc:creator></x:xmpmeta>"
        let pdf = PDFSamples.build(
            [
                Array("<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R /Outlines 7 0 R >>".utf8),
                Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
                Array(
                    "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [9 0 R] >>"
                        .utf8),
                Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
                PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (Recibo) Tj ET".utf8)),
                PDFSamples.stream("/Type /Metadata /Subtype /XML", Array(xmp.utf8)),
                Array("<< /Type /Outlines /First 8 0 R /Last 8 0 R >>".utf8),
                Array("<< /Title (Fiador 390.533.447-05) /Parent 7 0 R >>".utf8),
                Array(
                    "<< /Type /Annot /Subtype /Text /Rect [0 0 1 1] /Contents (nota 390.533.447-05) /T (Ana) >>".utf8),
                Array(
                    "<< /Author <FEFF004100E700E3006F0020003300390030002E003500330033002E003400340037002D00300035> /CreationDate (D:20261127061523) >>"
                        .utf8),
            ], trailer: "/Info 10 0 R")
        let redaction = try pdf.withUnsafeBytes { raw in
            try Result { () throws(PDFRedactionError) in
                try PDFRedactor().redact(raw) { _ in
                    []
                } rewriting: { text in
                    let ranges = OfficeSamples.ranges(of: Self.cpf, in: text)
                    guard !ranges.isEmpty else { return nil }
                    var copy = text
                    for range in ranges { copy.replaceSubrange(range, with: Array("***.***.***-**".utf8)) }
                    return copy
                }
            }.get()
        }
        #expect(redaction.removed == 0)
        #expect(redaction.rewritten == 4)
        let sweep = String(decoding: try redaction.pdf.withUnsafeBytes { try PDFSweep.text(of: $0) }, as: UTF8.self)
        #expect(!sweep.contains("390"))
        for text in ["Ação ***.***.***-**", "nota ***.***.***-**", "Fiador ***.***.***-**", "Ana ***.***.***-**"] {
            #expect(sweep.contains(text), "\(sweep)")
        }
        // The XMP packet stays readable, uncompressed; the date is no text and stays.
        #expect(OfficeSamples.ranges(of: "<dc:creator>Ana ***.***.***-**</dc:creator>", in: redaction.pdf).count == 1)
        #expect(OfficeSamples.ranges(of: "D:20261127061523", in: redaction.pdf).count == 1)
    }

    @Test(
        "reads PDF text strings as UTF-8 and writes them back in their form",
        arguments: [
            ([0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE7], "A\u{E7}", [0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE7]),
            ([0x41, 0xE7], "A\u{E7}", [0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE7]),
            ([0x41, 0x42], "AB", [0x41, 0x42]),
            ([0xEF, 0xBB, 0xBF, 0xC3, 0xA7], "\u{E7}", [0xEF, 0xBB, 0xBF, 0xC3, 0xA7]),
        ] as [([UInt8], String, [UInt8])])
    func textStrings(bytes: [UInt8], text: String, written: [UInt8]) {
        #expect(PDFSweep.textUTF8(bytes) == Array(text.utf8))
        #expect(PDFRedactor.textString(Array(text.utf8), like: bytes) == written)
    }

    @Test(
        "splits strings around removed glyphs, runs of them one displacement",
        arguments: [
            ("abcdef", [2: (3, -500.0), 3: (4, -250.0)], "[(ab) -750 (ef)]"),
            ("abc", [0: (1, -10.0)], "[-10 (bc)]"),
            ("abc", [2: (3, -10.0)], "[(ab) -10]"),
            ("abc", [:], "[(abc)]"),
        ] as [(String, [Int: PDFRedactor.Removal], String)])
    func splits(string: String, removed: [Int: PDFRedactor.Removal], expected: String) {
        var output: [UInt8] = []
        PDFWriter.serialize(
            .array(PDFRedactor.pieces(of: Array(string.utf8), removing: removed)), numbers: [:], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    static let tools = OfficeSamples.python != nil && InstalledTool.areInstalled("qpdf", "pdftotext", "soffice")

    /// Real producers: every layout reportlab draws a CPF or CNPJ in
    /// (``PDFSamples/reportlabLayouts``: split drawings, kerning, one
    /// drawing per character, rotated and scaled pages, an embedded
    /// TrueType subset, two pages) and a letter LibreOffice converts.
    @Test(
        "removes every CPF and CNPJ of PDFs reportlab and LibreOffice write: pdftotext reads none, qpdf checks the file",
        .enabled(if: tools, "reportlab, qpdf, pdftotext or soffice is not installed"))
    func realProducers() throws {
        let python = try #require(OfficeSamples.python)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-pdf-redactor-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try PDFSamples.writeRealProducerPDFs(
            in: folder, python: python,
            letter: "Recibo\nCPF 390.533.447-05 de Ana\nAção: São Paulo, 111.444.777-35\nCNPJ 11.222.333/0001-81\n")
        #expect(names.count == 15)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let before = try toolOutput("pdftotext '\(path)' -")
            #expect(!Self.numbers(in: before).isEmpty, "\(name) shows no number")
            let redaction = try Self.redact([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(redaction.removed >= 1)
            try Data(redaction.pdf).write(to: URL(fileURLWithPath: path + ".new"))
            let check = try runTool("qpdf --check '\(path).new'")
            #expect(check.status == 0, "qpdf --check \(name): \(String(decoding: check.output, as: UTF8.self))")
            let after = try toolOutput("pdftotext '\(path).new' -")
            #expect(Self.numbers(in: after).isEmpty, "pdftotext still reads a number in \(name)")
            let ours = try PDFSamples.text(redaction.pdf)
            #expect(Self.numbers(in: Array(ours.utf8)).isEmpty, "our reader still reads a number in \(name)")
        }
    }
}
