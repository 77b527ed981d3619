import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFWriter")
struct PDFWriterTests {
    /// `pdf` written again by the writer.
    static func rewrite(_ pdf: [UInt8]) throws -> [UInt8] {
        try pdf.withUnsafeBytes { try PDFWriter.rewrite($0, limits: .default) }
    }

    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        !OfficeSamples.ranges(of: needle, in: bytes).isEmpty
    }

    @Test(
        "writes each kind of object in PDF syntax, references numbered again",
        arguments: [
            (PDFObject.null, "null"), (.bool(true), "true"), (.bool(false), "false"), (.integer(-42), "-42"),
            (.real(0.5), "0.5"), (.string(Array("a(b)\\c".utf8)), "(a\\(b\\)\\\\c)"),
            (.string([0xFE, 0xFF, 0x00, 0x41]), "<FEFF0041>"), (.string([0x0A]), "<0A>"), (.string([]), "()"),
            (.name("Type"), "/Type"), (.name("A B#C/\u{E9}"), "/A#20B#23C#2F#E9"),
            (.array([.integer(1), .reference(7, 0), .reference(9, 3)]), "[1 2 0 R null]"),
            (.dictionary(["B": .integer(2), "A": .array([])]), "<</A [] /B 2 >>"),
            (.stream(["Length": .integer(3)], 0..<3), "<</Length 3 >>"),
        ] as [(PDFObject, String)])
    func serializes(object: PDFObject, expected: String) {
        var output: [UInt8] = []
        PDFWriter.serialize(object, numbers: [7: 2], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    @Test(
        "writes real numbers without an exponent, to six decimals",
        arguments: [
            (0.0, "0"), (1.0, "1"), (-2.5, "-2.5"), (0.000001, "0.000001"), (0.0000001, "0"), (-0.0000001, "0"),
            (1e-5, "0.00001"), (123456.125, "123456.125"), (1e20, "1000000000000000000"), (-1e16, "-10000000000000000"),
            (Double.nan, "0"),
            (2.0 / 3.0, "0.666667"),
        ])
    func reals(value: Double, expected: String) {
        #expect(PDFWriter.real(value) == expected)
        var parsed: PDFObject?
        Array(expected.utf8).withUnsafeBytes { parsed = PDFParser.number($0) }
        #expect(abs((parsed?.number ?? .nan) - (value.isFinite ? value : 0)) < 1e-6 || abs(value) > 1e15)
    }

    @Test(
        "writes each fixture again as one file whose text reads the same, without object streams or updates",
        arguments: [
            "helvetica.pdf", "helvetica-compressed.pdf", "pieces.pdf", "truetype.pdf", "incremental.pdf",
            "objstm.pdf",
        ])
    func fixtures(name: String) throws {
        let original = try PDFSamples.fixture(name)
        let written = try Self.rewrite(original)
        #expect(try PDFSamples.text(written) == (try PDFSamples.text(original)))
        #expect(OfficeSamples.ranges(of: "\nxref\n", in: written).count == 1)
        #expect(OfficeSamples.ranges(of: "startxref", in: written).count == 1)
        for word in ["/Prev", "/ObjStm", "/XRefStm", "/Type /XRef"] { #expect(!Self.contains(written, word)) }
        // Read by the table alone: no object is found by the scan.
        try written.withUnsafeBytes { raw in
            let document = try PDFDocument(raw, limits: .default)
            #expect(document.scanned == nil)
            #expect(document.trailer["ID"]?.array?.count == 2)
            #expect(document.trailer["Size"]?.integer == document.entries.count)
        }
        // Written again, it is the same file.
        #expect(try Self.rewrite(written) == written)
    }

    @Test("leaves out objects nothing references, earlier revisions and missing ones")
    func reachableOnly() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R /Missing 40 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (Recibo) Tj ET".utf8)),
            Array("(segredo 390.533.447-05)".utf8),
        ])
        let written = try Self.rewrite(pdf)
        #expect(!Self.contains(written, "segredo"))
        #expect(Self.contains(written, "/Missing null"))
        #expect(try PDFSamples.text(written) == "Recibo\n")
    }

    @Test("writes a replaced stream compressed with FlateDecode, and a new object after the others")
    func replacement() throws {
        let pdf = PDFSamples.page(content: "BT /F1 12 Tf 72 720 Td (Recibo) Tj ET")
        let written = try pdf.withUnsafeBytes { raw in
            let document = try PDFDocument(raw, limits: .default)
            var writer = PDFWriter(document: document)
            let content = Array("BT /F1 12 Tf 72 720 Td (Outro texto) Tj ET".utf8)
            let number = writer.add(.stream(["DecodeParms": .integer(1)], data: content))
            #expect(number == 6)
            var page = try document.object(3).dictionary ?? [:]
            page["Contents"] = .reference(number, 0)
            writer.replacements[3] = .object(.dictionary(page))
            return try writer.write()
        }
        #expect(try PDFSamples.text(written) == "Outro texto\n")
        #expect(Self.contains(written, "/Filter /FlateDecode"))
        #expect(!Self.contains(written, "DecodeParms"))
        #expect(!Self.contains(written, "Recibo"))
    }

    @Test("compresses as zlib that the inflater reads back")
    func zlib() throws {
        let data = Array(String(repeating: "BT /F1 12 Tf (CPF) Tj ET\n", count: 200).utf8)
        let compressed = PDFWriter.zlib(data)
        #expect(compressed.count < data.count / 4)
        #expect(try ZlibDecoder.decompress(compressed) == data)
    }

    static let tools =
        OfficeSamples.python != nil && InstalledTool.areInstalled("qpdf", "pdftotext", "soffice")

    /// Real producers: reportlab (standard and TrueType fonts, compressed)
    /// and LibreOffice (`soffice --convert-to pdf`, subset fonts with
    /// ToUnicode, object streams off): qpdf --check passes on what the
    /// writer writes, and pdftotext reads the same text.
    @Test(
        "writes PDFs of reportlab and LibreOffice that qpdf checks and pdftotext reads as the originals",
        .enabled(if: tools, "reportlab, qpdf, pdftotext or soffice is not installed"))
    func realProducers() throws {
        let python = try #require(OfficeSamples.python)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-pdf-writer-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try PDFSamples.writeRealProducerPDFs(
            in: folder, python: python, letter: "Recibo\nCPF 390.533.447-05 de Ana\nAção: São Paulo, 111.444.777-35\n")
        #expect(names.count == 15)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let written = try Self.rewrite([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            try Data(written).write(to: URL(fileURLWithPath: path + ".new"))
            let check = try runTool("qpdf --check '\(path).new'")
            #expect(check.status == 0, "qpdf --check \(name): \(String(decoding: check.output, as: UTF8.self))")
            let before = try toolOutput("pdftotext '\(path)' -")
            #expect(!before.isEmpty)
            #expect(try toolOutput("pdftotext '\(path).new' -") == before, "pdftotext reads \(name) otherwise")
        }
    }

    @Test(
        "sets entries in a dictionary as written, over the document's or over an earlier replacement; numbers new objects in turn"
    )
    func setsEntries() throws {
        let pdf = PDFSamples.page(content: "BT /F1 12 Tf (old) Tj ET")
        try PDFDocumentTests.withDocument(pdf) { document throws(PDFError) in
            var writer = PDFWriter(document: document)
            let first = writer.add(.compressedStream([:], data: PDFWriter.zlib(Array("BT /F1 12 Tf (new) Tj ET".utf8))))
            let second = writer.add(.object(.integer(7)))
            #expect(first == 6 && second == 7)
            try writer.setEntries(["Contents": .reference(first, 0)], of: 3)
            #expect(try writer.object(3)["Contents"] == .reference(first, 0))
            #expect(try writer.object(3)["Type"] == .name("Page"))
            try writer.setEntries(["Rotate": .integer(90)], of: 3)
            #expect(try writer.object(3)["Contents"] == .reference(first, 0))
            #expect(try writer.object(3)["Rotate"] == .integer(90))
            // Over an object replaced whole, the entries join it.
            writer.replacements[4] = .object(.dictionary(["Type": .name("Font"), "Subtype": .name("Type1")]))
            try writer.setEntries(["BaseFont": .name("Courier")], of: 4)
            #expect(try writer.object(4)["Subtype"] == .name("Type1"))
            #expect(try writer.object(4)["BaseFont"] == .name("Courier"))
            let written = try writer.write()
            #expect(try PDFSamples.text(written) == "new\n")
        }
    }
}
