import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFRedactor: embedded files")
struct PDFRedactorAttachmentsTests {
    /// A page with a file attachment annotation (its file `annotated`,
    /// object 10) and an /EmbeddedFiles name tree of one text file (object
    /// 7, with a /CheckSum).
    static func attached(annotated: [UInt8] = Array("sem dados\n".utf8)) -> [UInt8] {
        PDFSamples.build([
            Array(
                "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(dados 390.533.447-05.txt) 6 0 R] >> >> >>"
                    .utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(
                "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [8 0 R] >>"
                    .utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (Recibo) Tj ET".utf8)),
            Array(
                ("<< /Type /Filespec /F (dados 390.533.447-05.txt) /UF (dados 390.533.447-05.txt) "
                    + "/Desc (de 390.533.447-05) /EF << /F 7 0 R >> >>").utf8),
            PDFSamples.stream(
                "/Type /EmbeddedFile /Params << /Size 19 /CheckSum <00112233445566778899AABBCCDDEEFF> >>",
                Array("CPF 390.533.447-05\n".utf8)),
            Array("<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 1 1] /FS 9 0 R /Contents (anexo) >>".utf8),
            Array("<< /Type /Filespec /F (b 111.444.777-35.bin) /EF << /F 10 0 R >> >>".utf8),
            PDFSamples.stream("/Type /EmbeddedFile", annotated),
        ])
    }

    @Test("rewrites an embedded text file, its size set and its checksum dropped, and the names of its file")
    func text() throws {
        let redaction = try PDFSamples.redactEverything(Self.attached())
        let sweep = try PDFSamples.sweep(redaction.pdf)
        #expect(PDFRedactorTests.numbers(in: Array(sweep.utf8)).isEmpty, "\(sweep)")
        #expect(sweep.contains("CPF ***.***.***-**\n"))
        #expect(sweep.contains("b ***.***.***-**.bin"))
        try redaction.pdf.withUnsafeBytes { raw in
            let document = try PDFDocument(raw, limits: .default)
            let catalog = try document.resolve(document.trailer["Root"] ?? .null)
            let tree = try document.resolve(try document.resolve(catalog["Names"] ?? .null)["EmbeddedFiles"] ?? .null)
            let names = try #require(tree["Names"]?.array)
            #expect(names.first == .string(Array("dados ***.***.***-**.txt".utf8)))
            let specification = try document.resolve(names[1])
            #expect(specification["Desc"] == .string(Array("de ***.***.***-**".utf8)))
            let file = try document.resolve(try document.resolve(specification["EF"] ?? .null)["F"] ?? .null)
            #expect(try document.decodeStream(file) == Array("CPF ***.***.***-**\n".utf8))
            #expect(file["Params"] == .dictionary(["Size": .integer(19)]))
        }
    }

    @Test("refuses an embedded file holding a match that is not text")
    func binary() {
        #expect(throws: PDFRedactionError.binaryAttachment) {
            try PDFSamples.redactEverything(Self.attached(annotated: [0x00, 0x01] + Array(" 390.533.447-05".utf8)))
        }
    }

    @Test(
        "takes for plain text what has no control character but tab, line feed, form feed and carriage return",
        arguments: [
            (Array("CPF 390.533.447-05\r\n\t\u{0C}".utf8), true),
            (Array("Ação".utf8), true),
            ([0x41, 0xE7], true),
            ([0x50, 0x4B, 0x03, 0x04], false),
            ([0x41, 0x00], false),
            ([0x41, 0x7F], false),
        ] as [([UInt8], Bool)])
    func plainText(data: [UInt8], expected: Bool) {
        #expect(PDFRedactor.isPlainText(data) == expected)
    }
}
