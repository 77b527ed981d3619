// Tests of OfficeXMLText+Replacing.swift: runs kept, escaping, markup,
// the line feeds between paragraphs, refused ranges, numeric cells, random
// replacements of every fixture, and parts rewritten that the libraries
// which wrote them read back.

import Foundation
import Testing

@testable import CPFDecoders

@Suite("OfficeXMLText: replacing")
struct OfficeXMLTextReplacingTests {
    static func string(_ bytes: some Sequence<UInt8>) -> String { String(decoding: Array(bytes), as: UTF8.self) }

    @Test("same-length replacement keeps each character in its run, formatting kept")
    func sameLengthKeepsRuns() throws {
        let xml = try OfficeSamples.bytes("docx-word-document.xml")
        let part = try OfficeSamples.read(xml, .wordprocessing, "word/document.xml")
        let cpf = try #require(OfficeSamples.ranges(of: "012.345.678-90", in: part.text).first)
        let output = try part.replacing([(range: cpf, with: Array("***.***.***-**".utf8))])
        let expected = Self.string(xml)
            .replacingOccurrences(of: "<w:t>012.345.</w:t>", with: "<w:t>***.***.</w:t>")
            .replacingOccurrences(of: "<w:t>678-90 &amp; fim.</w:t>", with: "<w:t>***-** &amp; fim.</w:t>")
        #expect(Self.string(output) == expected)
    }

    @Test("a replacement of another length goes where the first character was")
    func otherLengthAtFirstCharacter() throws {
        let xml = try OfficeSamples.bytes("docx-word-document.xml")
        let part = try OfficeSamples.read(xml, .wordprocessing, "word/document.xml")
        let cpf = try #require(OfficeSamples.ranges(of: "012.345.678-90", in: part.text).first)
        let output = try part.replacing([(range: cpf, with: Array("[CPF]".utf8))])
        let expected = Self.string(xml)
            .replacingOccurrences(of: "<w:t>012.345.</w:t>", with: "<w:t>[CPF]</w:t>")
            .replacingOccurrences(of: "<w:t>678-90 &amp; fim.</w:t>", with: "<w:t> &amp; fim.</w:t>")
        #expect(Self.string(output) == expected)
        let reread = try OfficeSamples.read(output, .wordprocessing, "word/document.xml")
        #expect(Self.string(reread.text).hasPrefix("CPF do cliente: [CPF] & fim.Tab:"))
    }

    @Test("characters that must be escaped are; a character written as a reference becomes plain")
    func escapes() throws {
        let xml = OfficeNamespaces.wordDocument("<w:p><w:r><w:t>a&#98;c&amp;d</w:t></w:r></w:p>")
        let part = try OfficeSamples.read(xml)
        #expect(Self.string(part.text) == "abc&d\n")
        let output = try part.replacing([(range: 0..<5, with: Array("<\"b'&".utf8))])
        #expect(Self.string(output).contains("<w:t>&lt;&quot;b&apos;&amp;</w:t>"))
        let reread = try OfficeSamples.read(output)
        #expect(Self.string(reread.text) == "<\"b'&\n")
        let same = try part.replacing([(range: 1..<2, with: Array("b".utf8))])
        #expect(same == Array(xml.utf8), "a character replaced by itself stays as written")
        let plain = try part.replacing([(range: 1..<2, with: Array("B".utf8))])
        #expect(Self.string(plain).contains("<w:t>aBc&amp;d</w:t>"))
        let controls = try part.replacing([(range: 0..<1, with: Array("\t\n\r".utf8))])
        #expect(Self.string(controls).contains("<w:t>&#9;&#10;&#13;&#98;c&amp;d</w:t>"))
    }

    @Test("a character that stands for an element becomes text that may stand there")
    func replacesMarkup() throws {
        let word = try OfficeSamples.read(
            OfficeNamespaces.wordDocument("<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/></w:r></w:p>"))
        #expect(Self.string(word.text) == "a\tb\n\n")
        let tab = try word.replacing([(range: 1..<2, with: Array("X".utf8)), (range: 3..<4, with: [])])
        #expect(Self.string(tab).contains(#"<w:t>a</w:t><w:t xml:space="preserve">X</w:t><w:t>b</w:t></w:r>"#))
        #expect(Self.string(try OfficeSamples.read(tab).text) == "aXb\n")

        let hyphen = try OfficeSamples.read(
            OfficeNamespaces.wordDocument("<w:p><w:r><w:t>7</w:t><w:noBreakHyphen/><w:t>5</w:t></w:r></w:p>"))
        #expect(Self.string(hyphen.text) == "7\u{2011}5\n")
        let masked = try hyphen.replacing([(range: 0..<5, with: Array("*-*".utf8))])
        #expect(Self.string(masked).contains(#"<w:t>*</w:t><w:t xml:space="preserve">-</w:t><w:t>*</w:t>"#))

        let slide = try OfficeSamples.read(
            #"<p:sld xmlns:p="\#(OfficeNamespaces.presentation)" xmlns:a="\#(OfficeNamespaces.drawing)">"#
                + "<a:p><a:r><a:t>a</a:t></a:r><a:br/><a:r><a:t>b</a:t></a:r></a:p></p:sld>", .presentation,
            "ppt/slides/slide1.xml")
        let joined = try slide.replacing([(range: 1..<2, with: Array("-".utf8))])
        #expect(Self.string(joined).contains("<a:r><a:t>a</a:t></a:r><a:r><a:t>-</a:t></a:r><a:r>"))

        let odf = try OfficeSamples.read(
            OfficeNamespaces.openDocument(
                #"<office:text><text:p>a<text:s text:c="3"/>b<text:tab/></text:p></office:text>"#),
            .openDocumentText, "content.xml")
        #expect(Self.string(odf.text) == "a   b\t\n")
        let spaces = try odf.replacing([(range: 2..<3, with: Array("&".utf8)), (range: 5..<6, with: Array(" ".utf8))])
        #expect(Self.string(spaces).contains("<text:p>a<text:s/>&amp;<text:s/>b<text:s/></text:p>"))
        #expect(Self.string(try OfficeSamples.read(spaces, .openDocumentText, "content.xml").text) == "a & b \n")
    }

    @Test("a line feed between paragraphs is kept; changing it is refused")
    func structureKept() throws {
        let part = try OfficeSamples.read(
            OfficeNamespaces.wordDocument("<w:p><w:r><w:t>ab</w:t></w:r></w:p><w:p><w:r><w:t>cd</w:t></w:r></w:p>"))
        #expect(Self.string(part.text) == "ab\ncd\n")
        #expect(throws: OfficeXMLError.replacesStructure(1..<4)) {
            try part.replacing([(range: 1..<4, with: Array("xyz".utf8))])
        }
        let kept = try part.replacing([(range: 1..<4, with: Array("x\ny".utf8))])
        #expect(Self.string(try OfficeSamples.read(kept).text) == "ax\nyd\n")
        let shorter = try part.replacing([(range: 1..<4, with: Array("*".utf8))])
        #expect(Self.string(try OfficeSamples.read(shorter).text) == "a*\nd\n", "the paragraphs stay two")
        #expect(throws: OfficeXMLError.replacesStructure(2..<3)) {
            try part.replacing([(range: 2..<3, with: Array("*".utf8))])
        }
    }

    @Test("ranges outside the text, inside a character, empty or overlapping, and bad replacements are refused")
    func refusesBadReplacements() throws {
        let part = try OfficeSamples.read(OfficeNamespaces.wordDocument("<w:p><w:r><w:t>aéb</w:t></w:r></w:p>"))
        #expect(throws: OfficeXMLError.invalidRange(0..<99)) { try part.replacing([(range: 0..<99, with: [])]) }
        #expect(throws: OfficeXMLError.invalidRange(2..<3)) { try part.replacing([(range: 2..<3, with: [])]) }
        #expect(throws: OfficeXMLError.invalidRange(0..<2)) { try part.replacing([(range: 0..<2, with: [])]) }
        #expect(throws: OfficeXMLError.invalidRange(1..<1)) { try part.replacing([(range: 1..<1, with: [])]) }
        #expect(throws: OfficeXMLError.overlappingRanges(0..<3, 1..<4)) {
            try part.replacing([(range: 1..<4, with: []), (range: 0..<3, with: [])])
        }
        #expect(throws: OfficeXMLError.invalidReplacement(0..<1)) { try part.replacing([(range: 0..<1, with: [0])]) }
        #expect(throws: OfficeXMLError.invalidReplacement(0..<1)) { try part.replacing([(range: 0..<1, with: [0xC3])]) }
        #expect(throws: OfficeXMLError.invalidReplacement(0..<1)) {
            try part.replacing([(range: 0..<1, with: [0xEF, 0xBF, 0xBF])])
        }
        let both = try part.replacing([(range: 3..<4, with: Array("B".utf8)), (range: 0..<1, with: Array("A".utf8))])
        #expect(Self.string(try OfficeSamples.read(both).text) == "AéB\n", "ranges in any order")
        #expect(
            try part.replacing([]) == Array(OfficeNamespaces.wordDocument("<w:p><w:r><w:t>aéb</w:t></w:r></w:p>").utf8))
    }

    @Test("a SpreadsheetML number cell stays a number for digits and becomes an inline string otherwise")
    func sheetNumberCells() throws {
        let xml = try OfficeSamples.bytes("xlsx-xl-worksheets-sheet1.xml")
        let part = try OfficeSamples.read(xml, .spreadsheet, "xl/worksheets/sheet1.xml")
        let cell = part.numericCells[0]
        let digits = try part.replacing([(range: cell, with: Array("99999999999".utf8))])
        #expect(Self.string(digits).contains(#"<c r="A2" t="n"><v>99999999999</v></c>"#))
        let masked = try part.replacing([(range: cell, with: Array("*********<0".utf8))])
        #expect(
            Self.string(masked).contains(
                #"<c r="A2" t="inlineStr"><is><t xml:space="preserve">*********&lt;0</t></is></c>"#))
        let reread = try OfficeSamples.read(masked, .spreadsheet, "xl/worksheets/sheet1.xml")
        #expect(Self.string(reread.text) == "CPF 390.533.447-05\nnome & sobrenome\n*********<0\n42\n")
        #expect(reread.numericCells.map { Self.string(reread.text[$0]) } == ["42"])

        let shared = try OfficeSamples.read(
            OfficeSamples.bytes("shared-xl-worksheets-sheet1.xml"), .spreadsheet, "xl/worksheets/sheet1.xml")
        let string = try shared.replacing([(range: shared.numericCells[0], with: Array("***********".utf8))])
        #expect(
            Self.string(string).contains(#"<c r="A3" t="inlineStr"><is><t xml:space="preserve">***********</t></is>"#))
        let prefixed = try OfficeSamples.read(
            #"<x:worksheet xmlns:x="\#(OfficeNamespaces.sheet)"><x:sheetData><x:row><x:c r="A1"><x:v>123</x:v></x:c>"#
                + "</x:row></x:sheetData></x:worksheet>", .spreadsheet, "xl/worksheets/sheet1.xml")
        let inline = try prefixed.replacing([(range: 0..<3, with: Array("abc".utf8))])
        #expect(
            Self.string(inline).contains(
                #"<x:c r="A1" t="inlineStr"><x:is><x:t xml:space="preserve">abc</x:t></x:is></x:c>"#))
    }

    @Test("an OpenDocument float cell stays a number for digits and becomes a string cell otherwise")
    func tableNumberCells() throws {
        let xml = try OfficeSamples.bytes("ods-content.xml")
        let part = try OfficeSamples.read(xml, .openDocumentSpreadsheet, "content.xml")
        let (withText, valueOnly) = (part.numericCells[0], part.numericCells[1])
        let digits = try part.replacing([
            (range: withText, with: Array("0000000000".utf8)), (range: valueOnly, with: Array("99999999999".utf8)),
        ])
        #expect(
            Self.string(digits).contains(
                #"<table:table-cell office:value-type="float" office:value="0000000000"><text:p>0000000000</text:p>"#
                    + #"</table:table-cell><table:table-cell office:value-type="float" office:value="99999999999"/>"#))
        let masked = try part.replacing([
            (range: withText, with: Array("**********".utf8)), (range: valueOnly, with: Array("***".utf8)),
        ])
        #expect(
            Self.string(masked).contains(
                #"<table:table-cell office:value-type="string"><text:p>**********</text:p></table:table-cell>"#
                    + #"<table:table-cell office:value-type="string" office:string-value="***"/>"#))
        let reread = try OfficeSamples.read(masked, .openDocumentSpreadsheet, "content.xml")
        #expect(Self.string(reread.text) == "CPF 390.533.447-05\n**********\n***\n42\n", "a string-value is text")
        let calc = try OfficeSamples.read(
            OfficeNamespaces.openDocument(
                #"<office:spreadsheet><table:table><table:table-row><table:table-cell "#
                    + #"xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" "#
                    + #"office:value-type="float" office:value="123" calcext:value-type="float"><text:p>123</text:p>"#
                    + "</table:table-cell></table:table-row></table:table></office:spreadsheet>"),
            .openDocumentSpreadsheet, "content.xml")
        let string = try calc.replacing([(range: calc.numericCells[0], with: Array("x".utf8))])
        #expect(
            Self.string(string).contains(
                #"office:value-type="string" calcext:value-type="string"><text:p>x</text:p>"#))
    }

    @Test("replacing characters with as many changes those characters only", arguments: OfficeXMLTextTests.fixtures)
    func sameLengthRoundTrip(_ fixture: OfficeXMLTextTests.Fixture) throws {
        let xml = try OfficeSamples.bytes(fixture.file)
        let part = try fixture.read()
        var random = SeededRandom(seed: 24)
        for _ in 0..<20 {
            var (replacements, expected) = OfficeXMLTextTests.randomReplacements(part, &random)
            // Numeric cells are rewritten as cells (tested above): keep out of their text here.
            replacements.removeAll { replacement in
                part.numericCells.contains { $0 == replacement.range }
            }
            expected = part.text
            for replacement in replacements.reversed() {
                expected.replaceSubrange(replacement.range, with: replacement.with)
            }
            let output = try part.replacing(replacements.shuffled(using: &random))
            let reread = try OfficeSamples.read(output, fixture.kind, fixture.part)
            #expect(reread.text == expected)
            // Every other byte as it was: the output is the input with each replaced character's bytes swapped.
            var rebuilt = xml
            for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                var offset = replacement.range.upperBound
                for new in replacement.with.reversed() {
                    offset -= 1
                    while part.text[offset] & 0xC0 == 0x80 { offset -= 1 }
                    guard part.text[offset] != new, let range = part.xmlRange(ofTextOffset: offset) else { continue }
                    rebuilt.replaceSubrange(range, with: OfficeXMLText.escaped([new]))
                }
            }
            #expect(output == rebuilt)
        }
    }

    struct Document: CustomTestStringConvertible, Sendable {
        var document: String
        var fixture: String
        var kind: OfficeDocumentKind
        var member: String
        /// Each CPF (or cell) and what replaces it.
        var replacements: [(String, String)]
        var reader: String
        var expected: String
        var testDescription: String { "\(document) \(member)" }
    }

    /// Prints the text of the document `sys.argv[1]` as the library that wrote it reads it.
    static let readers = [
        "docx": """
        import docx
        d = docx.Document(sys.argv[1])
        for p in d.paragraphs: print(repr(p.text))
        for t in d.tables:
            for c in t._cells: print(repr(c.text))
        """,
        "xlsx": """
        import openpyxl
        for row in openpyxl.load_workbook(sys.argv[1]).active.iter_rows():
            for c in row: print(repr(c.value))
        """,
        "pptx": """
        import pptx
        for shape in pptx.Presentation(sys.argv[1]).slides[0].shapes: print(repr(shape.text_frame.text))
        """,
        "odf": """
        from odf.opendocument import load
        from odf import table, teletype, text
        d = load(sys.argv[1])
        for p in d.getElementsByType(text.P): print(repr(teletype.extractText(p)))
        for c in d.getElementsByType(table.TableCell):
            print(c.getAttribute("valuetype"), c.getAttribute("value"), c.getAttribute("stringvalue"))
        """,
    ]

    static let documents: [Document] = [
        Document(
            document: "sample.docx", fixture: "docx-word-document.xml", kind: .wordprocessing,
            member: "word/document.xml",
            replacements: [("012.345.678-90", "***.***.***-**"), ("390.533.447-05", "[CPF]")], reader: "docx",
            expected: """
                'CPF do cliente: ***.***.***-** & fim.Tab:\\tdepois\\nlinha 2'
                '[CPF]'
                'fim da tabela'

                """),
        Document(
            document: "sample.xlsx", fixture: "xlsx-xl-worksheets-sheet1.xml", kind: .spreadsheet,
            member: "xl/worksheets/sheet1.xml",
            replacements: [("390.533.447-05", "***.***.***-**"), ("1234567890", "012.345.678-90")], reader: "xlsx",
            expected: """
                'CPF ***.***.***-**'
                'nome & sobrenome'
                '012.345.678-90'
                '=A2+1'
                42
                None

                """),
        Document(
            document: "shared.xlsx", fixture: "shared-xl-sharedStrings.xml", kind: .spreadsheet,
            member: "xl/sharedStrings.xml", replacements: [("012.345.678-90", "***.***.***-**")], reader: "xlsx",
            expected: """
                'CPF 390.533.447-05'
                "<nome> & 'sobrenome'"
                'CPF ***.***.***-**'
                None
                52998224725
                None

                """),
        Document(
            document: "sample.pptx", fixture: "pptx-ppt-slides-slide1.xml", kind: .presentation,
            member: "ppt/slides/slide1.xml", replacements: [("390.533.447-05", "XXX.XXX.XXX-XX")], reader: "pptx",
            expected: """
                'Título'
                'CPF XXX.XXX.XXX-XX no slide'

                """),
        Document(
            document: "sample.odt", fixture: "odt-content.xml", kind: .openDocumentText, member: "content.xml",
            replacements: [("012.345.678-90", "***.***.***-**"), ("390.533.447-05", "[CPF]")], reader: "odf",
            expected: """
                'CPF do cliente: ***.***.***-** & fim.   três espaços\\ttab\\nlinha 2'
                'Outro [CPF]'
                'Cabeçalho 529.982.247-25'
                'Rodapé 111.444.777-35'

                """),
        Document(
            document: "sample.odp", fixture: "odp-content.xml", kind: .openDocumentPresentation, member: "content.xml",
            replacements: [("390.533.447-05", "***.***.***-**")], reader: "odf",
            expected: """
                'CPF ***.***.***-** no slide'

                """),
        Document(
            document: "sample.ods", fixture: "ods-content.xml", kind: .openDocumentSpreadsheet, member: "content.xml",
            replacements: [("390.533.447-05", "***.***.***-**"), ("1234567890", "*********90"), ("11144477735", "1")],
            reader: "odf",
            expected: """
                'CPF ***.***.***-**'
                '*********90'
                '42'
                string None None
                string None None
                float 1 None
                float 42 None

                """),
    ]

    @Test(
        "parts rewritten here, put back in their documents, read the same in the libraries that wrote them",
        .enabled(if: OfficeSamples.python != nil, "the Python with the Office libraries is not installed"),
        arguments: documents)
    func librariesReadRewrittenDocuments(_ document: Document) throws {
        let part = try OfficeSamples.read(OfficeSamples.bytes(document.fixture), document.kind, document.member)
        var replacements: [(range: Range<Int>, with: [UInt8])] = []
        for (needle, replacement) in document.replacements {
            let range = try #require(OfficeSamples.ranges(of: needle, in: part.text).first)
            replacements.append((range: range, with: Array(replacement.utf8)))
        }
        let output = try part.replacing(replacements)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-office-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rewritten = folder.appendingPathComponent(document.document).path
        let program = """
            import sys, zipfile
            source, member, rewritten = sys.argv[1:4]
            part = sys.stdin.buffer.read()
            with zipfile.ZipFile(source) as old, zipfile.ZipFile(rewritten, "w") as new:
                for item in old.infolist():
                    new.writestr(item, part if item.filename == member else old.read(item.filename))
            """
        let python = try #require(OfficeSamples.python)
        _ = try toolOutput(
            "'\(python)' -c '\(program)' '\(OfficeSamples.path(document.document))' '\(document.member)' '\(rewritten)'",
            input: output)
        let reader = "import sys\n" + Self.readers[document.reader]!
        let text = try toolOutput("'\(python)' -c '\(reader)' '\(rewritten)'")
        #expect(Self.string(text) == document.expected)
    }
}
