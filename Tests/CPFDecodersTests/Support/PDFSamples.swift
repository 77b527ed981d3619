// Support for the PDF tests: the committed fixtures (written by
// Scripts/fixtures/make-pdf-fixtures.py) and small PDFs built in the tests,
// with a correct cross-reference table.

import CPFDecoders
import Foundation

enum PDFSamples {
    /// The folder of the committed PDF fixtures.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pdf")

    /// The names of the committed fixtures.
    static let fixtureNames = [
        "helvetica.pdf", "helvetica-compressed.pdf", "pieces.pdf", "truetype.pdf", "image-only.pdf",
        "encrypted.pdf", "incremental.pdf", "objstm.pdf",
    ]

    /// The bytes of fixture `name`.
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A PDF whose objects 1, 2, ... are `objects` (the text between
    /// `N 0 obj` and `endobj`), object 1 the catalog, with a cross-reference
    /// table and a trailer holding `trailer` besides /Size and /Root.
    static func build(_ objects: [[UInt8]], trailer: String = "") -> [UInt8] {
        var file = Array("%PDF-1.7\n%\u{e2}\u{e3}\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(file.count)
            file += Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let start = file.count
        file += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            file += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
        }
        file += Array(
            "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailer) >>\nstartxref\n\(start)\n%%EOF\n".utf8)
        return file
    }

    /// A stream object: `dictionary` (without /Length) and `data`.
    static func stream(_ dictionary: String, _ data: [UInt8]) -> [UInt8] {
        Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }

    /// A one-page PDF showing `content` with font /F1 = `font` (object 4).
    static func page(content: String, font: String = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        -> [UInt8]
    {
        build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".utf8),
            Array(font.utf8),
            stream("", Array(content.utf8)),
        ])
    }

    /// A Python program for the documents' Python (reportlab) that writes,
    /// in the current folder, one PDF per layout a line can be drawn in:
    /// a value split in two drawings, the second where the first ends, in
    /// Helvetica, Times, Courier, an embedded TrueType font and for a CNPJ;
    /// one drawing per character; a text object changing size and character
    /// spacing; a table; rotated and scaled pages; sizes side by side; a
    /// split on a second page; two words a word space apart.
    static let reportlabLayouts = #"""
        import os
        from reportlab.pdfgen import canvas
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont
        import reportlab
        pdfmetrics.registerFont(TTFont("Vera", os.path.join(os.path.dirname(reportlab.__file__), "fonts", "Vera.ttf")))

        def split(c, x, y, head, tail, font="Helvetica", size=12):
            c.setFont(font, size)
            c.drawString(x, y, head)
            c.drawString(x + c.stringWidth(head, font, size), y, tail)

        def doc(name, draw, **options):
            c = canvas.Canvas(name + ".pdf", pageCompression=1, **options)
            draw(c)
            c.showPage()
            c.save()

        doc("split-helvetica", lambda c: split(c, 72, 700, "Documento 554.15", "1.396-05"))
        doc("split-times", lambda c: split(c, 72, 700, "CPF 390.533.", "447-05", "Times-Roman", 11))
        doc("split-bold-italic", lambda c: split(c, 72, 700, "CPF 529.9", "82.247-25", "Times-BoldItalic", 10))
        doc("split-courier", lambda c: split(c, 72, 700, "CPF 111.444.7", "77-35", "Courier", 9))
        doc("split-truetype", lambda c: split(c, 72, 700, "Ação 390.53", "3.447-05", "Vera", 12))
        doc("split-cnpj", lambda c: split(c, 72, 700, "CNPJ 11.222.333/", "0001-81", "Helvetica-Bold", 12))

        def each_character(c):
            c.setFont("Helvetica", 12)
            x = 72
            for ch in "CPF 554.151.396-05":
                c.drawString(x, 700, ch)
                x += c.stringWidth(ch, "Helvetica", 12)
        doc("each-character", each_character)

        def text_object(c):
            t = c.beginText(72, 700)
            t.setFont("Helvetica", 12)
            t.setCharSpace(0.5)
            t.textOut("CPF 390.533.")
            t.setFont("Helvetica", 14)
            t.textOut("447-05")
            t.textLine("")
            t.textLine("segunda linha 529.982.247-25")
            c.drawText(t)
        doc("text-object", text_object)

        def table(c):
            rows = [("Nome", "CPF", "Cidade"), ("Ana", "554.151.396-05", "São Paulo"),
                    ("José", "390.533.447-05", "Recife")]
            for r, row in enumerate(rows):
                for k, cell in enumerate(row):
                    c.drawString(72 + 150 * k, 700 - 20 * r, cell)
        doc("table", table)

        def rotated(c):
            c.translate(500, 100)
            c.rotate(90)
            split(c, 0, 0, "Documento 529.982.", "247-25")
        doc("rotated", rotated)

        def scaled(c):
            c.scale(1.5, 1.5)
            split(c, 40, 400, "CPF 111.444", ".777-35", "Helvetica", 8)
        doc("scaled", scaled)

        def sizes(c):
            c.setFont("Helvetica-Bold", 20)
            c.drawString(72, 740, "Recibo")
            c.setFont("Helvetica", 8)
            c.drawString(72 + c.stringWidth("Recibo", "Helvetica-Bold", 20), 732, "n. 1")
            c.drawString(72, 700, "CPF")
            c.setFont("Helvetica", 12)
            c.drawString(72 + c.stringWidth("CPF ", "Helvetica", 8), 700, "554.151.396-05")
        doc("sizes", sizes)

        def two_pages(c):
            c.drawString(72, 700, "primeira página")
            c.showPage()
            split(c, 72, 700, "Pagador: 390.533.4", "47-05")
        doc("two-pages", two_pages)

        def word_gap(c):
            c.drawString(72, 700, "CPF")
            c.drawString(72 + c.stringWidth("CPF ", "Helvetica", 12), 700, "529.982.247-25")
        doc("word-gap", word_gap)
        """#

    /// Writes in `folder` the PDFs of real producers: every layout of
    /// ``reportlabLayouts`` (with `python`, reportlab's) and `letter`
    /// converted by LibreOffice (`soffice`, with a profile of its own in
    /// `folder`). Returns their names.
    static func writeRealProducerPDFs(in folder: URL, python: String, letter: String) throws -> [String] {
        _ = try toolOutput("cd '\(folder.path)' && '\(python)' -", input: Array(reportlabLayouts.utf8))
        try Data(letter.utf8).write(to: folder.appendingPathComponent("carta.txt"))
        _ = try toolOutput(
            "cd '\(folder.path)' && soffice -env:UserInstallation=file://\(folder.path)/profile --headless "
                + "--convert-to pdf carta.txt")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }.sorted()
    }

    /// The text of `pdf`, as a string.
    static func text(_ pdf: [UInt8], limits: DecompressionLimits = .default) throws(PDFError) -> String {
        let result = pdf.withUnsafeBytes { raw in
            Result { () throws(PDFError) in try PDFTextExtractor(limits: limits).extractText(from: raw) }
        }
        return String(decoding: try result.get(), as: UTF8.self)
    }

    /// The error extracting `pdf` throws, or nil.
    static func error(_ pdf: [UInt8], limits: DecompressionLimits = .default) -> PDFError? {
        do {
            _ = try text(pdf, limits: limits)
            return nil
        } catch {
            return error
        }
    }
}

extension PDFSamples {
    /// `text` with the digits of every CPF and CNPJ in it (as
    /// ``PDFRedactorTests/numbers(in:)`` finds them) written `*`, or nil
    /// when it holds none: the tests' `rewriting`.
    static func stars(_ text: [UInt8]) -> [UInt8]? {
        let ranges = PDFRedactorTests.numbers(in: text)
        guard !ranges.isEmpty else { return nil }
        var copy = text
        for range in ranges {
            for index in range where copy[index] >= 0x30 && copy[index] <= 0x39 { copy[index] = UInt8(ascii: "*") }
        }
        return copy
    }

    /// `pdf` redacted of every CPF and CNPJ, on its pages and beside them
    /// (``stars(_:)``).
    static func redactEverything(_ pdf: [UInt8]) throws(PDFRedactionError) -> PDFRedactor.Redaction {
        try pdf.withUnsafeBytes { raw in
            Result { () throws(PDFRedactionError) in
                try PDFRedactor().redact(raw, matches: PDFRedactorTests.numbers(in:), rewriting: stars)
            }
        }.get()
    }

    /// The sweep of `pdf` (every string of every object and stream), as a
    /// string.
    static func sweep(_ pdf: [UInt8]) throws -> String {
        String(decoding: try pdf.withUnsafeBytes { try PDFSweep.text(of: $0) }, as: UTF8.self)
    }
}
