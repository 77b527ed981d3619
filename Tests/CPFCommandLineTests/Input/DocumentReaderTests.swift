// Tests of Input/DocumentReader.swift's rules on the text of a document:
// numbers as a sheet stores them, what the sweep adds to a part's text, the
// workbook part, and a PNG image told by its signature with its text chunks
// handed over as members. Reading whole documents is tested end to end
// (DocumentEndToEndTests, DocumentSweepEndToEndTests, PNGEndToEndTests).

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader")
struct DocumentReaderTests {
    static let numbers: [(String, String?)] = [
        ("39053344705", "39053344705"),
        ("39053344705.0", "39053344705"),
        ("39053344705.000", "39053344705"),
        ("3.9053344705E10", "39053344705"),
        ("3.9053344705e+10", "39053344705"),
        ("3.9053344705E+010", "39053344705"),
        ("1.23456789E9", "1234567890"),
        ("1.2345678909E9", nil),  // 1234567890.9
        ("012345678909", "12345678909"),
        ("5E3", "5000"),
        ("0", ""),
        ("3.9053344705E9", nil),  // a fraction
        ("39053344705.5", nil),
        ("-39053344705", nil),
        ("3.9E-10", nil),
        ("1E999", nil),
        ("39 053", nil),
        ("", nil),
        ("E10", nil),
        ("3.9053344705E", nil),
    ]

    @Test("the whole number a cell stores, in any of the forms spreadsheets write", arguments: numbers)
    func integerDigits(_ written: String, _ digits: String?) {
        let found = DocumentReader.integerDigits(of: Array(written.utf8)[...])
        #expect(found.map { String(decoding: $0, as: UTF8.self) } == digits)
    }

    @Test("stored numbers: 11 digits in exponent form at medium confidence, 9 or 10 padded at low, plain 11 not again")
    func storedNumbers() throws {
        let xml = Array(
            """
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\
            <row r="1"><c r="A1"><v>3.9053344705E10</v></c><c r="B1"><v>1234567890</v></c>\
            <c r="C1"><v>39053344705</v></c><c r="D1"><v>12345</v></c><c r="E1"><v>3.9053344706E10</v></c></row>\
            </sheetData></worksheet>
            """.utf8)
        let part = try xml.withUnsafeBytes {
            try OfficeXMLText(xml: $0, kind: .spreadsheet, part: Array("xl/worksheets/sheet1.xml".utf8))
        }
        let found = DocumentReader.storedNumbers(in: part)
        #expect(found.map(\.id.characters) == ["39053344705", "01234567890"])
        #expect(found.map(\.confidence) == [.medium, .low])
        #expect(found.map { String(decoding: $0.written, as: UTF8.self) } == ["3.9053344705E10", "1234567890"])
    }

    @Test("the sweep keeps only the lines whose CPFs and CNPJs the text does not hold, each line once")
    func unplacedLines() {
        let sweep = Array(
            """
            A1
            CPF 390.533.447-05
            529.982.247-25 e 111.444.777-35
            nada
            12.ABC.345/01DE-35
            000.000.000-00

            """.utf8)
        let placed = DocumentReader.characters(in: Array("CPF 390.533.447-05 e 111.444.777-35".utf8))
        #expect(placed == ["39053344705", "11144477735"])
        let kept = DocumentReader.unplaced(sweep, placed: placed)
        #expect(String(decoding: kept, as: UTF8.self) == "529.982.247-25 e 111.444.777-35\n12.ABC.345/01DE-35\n")
        #expect(DocumentReader.unplaced(sweep, placed: placed.union(["52998224725", "12ABC34501DE35"])).isEmpty)
    }

    @Test("a PDF's decoded streams are bounded by what is held whole, or by a lower limit the run sets")
    func pdfLimits() {
        let loose = DocumentReader.pdfLimits(DecodingReader.defaultLimits)
        #expect(loose.maximumOutputSize == DocumentReader.maximumHeldSize)
        #expect(loose.maximumRatio == DecodingReader.defaultLimits.maximumRatio)
        let tight = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 10, ratioAllowance: 1 << 10)
        #expect(DocumentReader.pdfLimits(tight).maximumOutputSize == 1 << 20)
    }

    @Test("a tar inside gzip is told from the first bytes of the gzip file; other gzip data is not one")
    func gzippedTar() throws {
        var header = [UInt8](repeating: 0, count: 512)
        header.replaceSubrange(0..<5, with: Array("a.txt".utf8))
        header.replaceSubrange(257..<263, with: Array("ustar\0".utf8))
        header.replaceSubrange(263..<265, with: Array("00".utf8))
        for (offset, field) in [
            (100, "0000644\0"), (108, "0000000\0"), (116, "0000000\0"), (124, "00000000005\0"),
            (136, "00000000000\0"),
        ] {
            header.replaceSubrange(offset..<offset + field.utf8.count, with: Array(field.utf8))
        }
        header.replaceSubrange(148..<156, with: Array("        ".utf8))
        let sum = header.reduce(0) { $0 + Int($1) }
        let checksum = String(sum, radix: 8)
        header.replaceSubrange(
            148..<156, with: Array((String(repeating: "0", count: 6 - checksum.count) + checksum + "\0 ").utf8))
        let tar = header + Array("nada\n".utf8) + [UInt8](repeating: 0, count: 507 + 1024)
        #expect(TarArchive.isTar(tar))
        let gzipped = GzipWriter.compress(tar)
        #expect(DocumentFormat.isGzippedTar(gzipped.prefix(1024)))
        #expect(!DocumentFormat.isGzippedTar(GzipWriter.compress(Array("CPF 390.533.447-05\n".utf8))[...]))
        let (bytes, texts) = try DocumentReader.gunzip(
            size: gzipped.count, read: DocumentReader.reader(of: gzipped), limits: .default)
        #expect(bytes == tar)
        #expect(texts.isEmpty)
    }

    static let sweptMembers: [(name: String, head: [UInt8], swept: Bool)] = [
        ("_rels/.rels", Array("<?xml version".utf8), true),
        ("word/_rels/document.xml.rels", Array("<Relationships".utf8), true),
        ("[Content_Types].xml", Array("<?xml".utf8), true),
        ("customXml/item1.xml", Array("<root/>".utf8), true),
        ("META-INF/manifest.xml", Array("<?xml".utf8), true),
        ("manifest.rdf", Array("<?xml".utf8), true),
        ("xl/drawings/vmlDrawing1.VML", Array("<xml".utf8), true),
        ("word/item", [0xEF, 0xBB, 0xBF] + Array("<?xml version".utf8), true),
        ("docProps/thumbnail.jpeg", [0xFF, 0xD8, 0xFF, 0xE0], false),
        ("word/media/notes.txt", Array("CPF 390".utf8), false),
        ("word/settings.xml", [0xFF, 0xFE, 0x3C, 0x00, 0x3F, 0x00], false),
    ]

    @Test(
        "an Office member is XML read whole for its sweep by its name or its start, when it is UTF-8",
        arguments: sweptMembers)
    func sweptXMLMember(name: String, head: [UInt8], swept: Bool) {
        #expect(DocumentReader.isSweptXMLMember(Array(name.utf8), head: head) == swept)
    }

    @Test("the workbook part is xl/workbook.xml, in any case")
    func workbookPart() {
        #expect(DocumentReader.isWorkbookPart(Array("xl/workbook.xml".utf8)))
        #expect(DocumentReader.isWorkbookPart(Array("XL/Workbook.xml".utf8)))
        #expect(!DocumentReader.isWorkbookPart(Array("xl/workbook.xml.rels".utf8)))
        #expect(!DocumentReader.isWorkbookPart(Array("xl/worksheets/sheet1.xml".utf8)))
    }

    @Test("tells a PNG image by its 8-byte signature")
    func detectsPNG() {
        #expect(DocumentFormat.detect(PNGTextChunks.signature + [0, 0]) == .png)
        #expect(DocumentFormat.detect(PNGTextChunks.signature.dropLast()) == nil)
        #expect(DocumentFormat.png.name == "PNG image")
    }

    /// What the reader hands over for `bytes`: each member's path and text, the names looked at, the failures.
    static func read(_ bytes: [UInt8]) throws -> (members: [String], names: [String], failures: [String]) {
        let reader = DocumentReader(decoding: RedactEngine(style: .hidden(.full), context: Context()).decoding)
        var members: [String] = []
        var names: [String] = []
        reader.memberNamed = { names.append(String(decoding: $0, as: UTF8.self)) }
        try withFileDescriptor(containing: bytes) { descriptor in
            try reader.read(
                descriptor, format: .png, begin: { members.append(String(decoding: $0, as: UTF8.self) + "=") },
                text: { members[members.count - 1] += String(decoding: UnsafeRawBufferPointer($0), as: UTF8.self) },
                end: { _ in })
        }
        return (members, names, reader.failures.map(\.reason))
    }

    @Test("hands over each text chunk as TYPE:KEYWORD, other chunks by their type, not the image data")
    func readsPNG() throws {
        let png =
            samplePNG([
                ("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]), ("tEXt", Array("Author\u{0}Jos".utf8) + [0xE9]),
                ("prVt", Array("private".utf8)), ("IDAT", Array("pixels".utf8)), ("IEND", []),
            ]) + Array("tail".utf8)
        let read = try Self.read(png)
        #expect(read.members == ["tEXt:Author=José", "prVt=private", "IEND+=tail"])
        #expect(read.names == ["tEXt:Author"])
        #expect(read.failures.isEmpty)
        let cut = try Self.read(Array(png.prefix(40)))
        #expect(cut.members.isEmpty)
        #expect(cut.failures == ["PNG cut short (a chunk runs past the end of the file)"])
    }

    @Test("a compound file is a document by its signature: a legacy Office document, read whole")
    func compoundFileFormat() {
        let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        #expect(DocumentFormat.detect(signature + [0, 0]) == .compoundFile)
        #expect(DocumentFormat.detect(signature.prefix(7)) == nil)
        #expect(DocumentFormat.compoundFile.name == "legacy Office document")
    }

    @Test("numbers of a text's cells: 9 or 10 digits that are CPFs once padded, at low confidence, with their line")
    func storedNumbersOfText() {
        let text = Array("Nome\n1234567890\n52998224725\n42\n".utf8)
        let cells = [5..<15, 16..<27, 28..<30].map { ($0, text[$0]) }
        let numbers = DocumentReader.storedNumbers(text: text, cells: cells)
        #expect(numbers.map(\.id.characters) == ["01234567890"])
        #expect(numbers.map(\.line) == [2])
        #expect(numbers.map(\.confidence) == [.low])
    }
}
