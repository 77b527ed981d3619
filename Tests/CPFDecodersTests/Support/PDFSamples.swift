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
