// Tests of OfficeXMLParser.swift: which elements are text, namespaces by
// URI, references, CDATA, white space, and malformed parts refused with
// the byte where they go wrong.

import Testing

@testable import CPFDecoders

@Suite("OfficeXMLParser")
struct OfficeXMLParserTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        var name: String
        var xml: String
        var kind: OfficeDocumentKind = .wordprocessing
        var part: String = "word/document.xml"
        var text: String
        var testDescription: String { name }
    }

    static let w = OfficeNamespaces.word

    static let samples: [Sample] = [
        Sample(
            name: "runs of a paragraph are joined, paragraphs end in a line feed",
            xml: OfficeNamespaces.wordDocument(
                "<w:p><w:r><w:t>390.5</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>33.447-05</w:t></w:r></w:p><w:p/>"),
            text: "390.533.447-05\n\n"),
        Sample(
            name: "any prefix bound to the WordprocessingML namespace",
            xml: #"<x:document xmlns:x="\#(w)"><x:body><x:p><x:r><x:t>a</x:t></x:r></x:p></x:body></x:document>"#,
            text: "a\n"),
        Sample(
            name: "the default namespace, redeclared inside",
            xml: #"<document xmlns="\#(w)"><p><r><t>a</t></r></p><p xmlns="urn:other"><r><t>b</t></r></p></document>"#,
            text: "a\n"),
        Sample(
            name: "a w prefix bound to another namespace is not Word's",
            xml: #"<w:document xmlns:w="urn:other"><w:p><w:r><w:t>a</w:t></w:r></w:p></w:document>"#, text: ""),
        Sample(
            name: "tab stops are not tabs; tabs and breaks in runs are",
            xml: OfficeNamespaces.wordDocument(
                #"<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>"#
                    + "<w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t><w:cr/></w:r></w:p>"),
            text: "a\tb\nc\n\n"),
        Sample(
            name: "Word's non-breaking hyphen is U+2011, its soft hyphen U+00AD",
            xml: OfficeNamespaces.wordDocument(
                "<w:p><w:r><w:t>390.533.447</w:t><w:noBreakHyphen/><w:t>05</w:t><w:softHyphen/></w:r></w:p>"),
            text: "390.533.447\u{2011}05\u{AD}\n"),
        Sample(
            name: "deleted text is text; field instructions are not",
            xml: OfficeNamespaces.wordDocument(
                "<w:p><w:r><w:instrText>PAGE 12</w:instrText></w:r><w:del><w:r><w:delText>x</w:delText></w:r></w:del></w:p>"
            ),
            text: "x\n"),
        Sample(
            name: "references and CDATA",
            xml: OfficeNamespaces.wordDocument(
                "<w:p><w:r><w:t>&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#xe9;&#128512;<![CDATA[<x>&amp;]]></w:t></w:r></w:p>"
            ),
            text: "<>&\"'ABé😀<x>&amp;\n"),
        Sample(
            name: "comments, processing instructions and a UTF-8 byte order mark are skipped",
            xml:
                "\u{FEFF}<?xml version=\"1.0\"?><!-- c --><w:document xmlns:w=\"\(w)\"><?pi x?><w:p><w:r><w:t>a<!-- b -->c"
                + "</w:t></w:r></w:p></w:document><!-- end -->\n",
            text: "ac\n"),
        Sample(
            name: "DrawingML paragraphs and breaks",
            xml: #"<p:sld xmlns:p="\#(OfficeNamespaces.presentation)" xmlns:a="\#(OfficeNamespaces.drawing)">"#
                + "<a:p><a:r><a:t>a</a:t></a:r><a:br><a:rPr/></a:br><a:r><a:t>b</a:t></a:r></a:p></p:sld>",
            kind: .presentation, part: "ppt/slides/slide1.xml", text: "a\nb\n"),
        Sample(
            name: "legacy slide comments",
            xml:
                #"<p:cmLst xmlns:p="\#(OfficeNamespaces.presentation)"><p:cm><p:text>nota 1</p:text></p:cm></p:cmLst>"#,
            kind: .presentation, part: "ppt/comments/comment1.xml", text: "nota 1\n"),
        Sample(
            name: "shared strings without their phonetic runs",
            xml: #"<sst xmlns="\#(OfficeNamespaces.sheet)"><si><t>a</t><rPh sb="0" eb="1"><t>ア</t></rPh></si>"#
                + "<si><r><t>b</t></r><r><t>c</t></r></si></sst>",
            kind: .spreadsheet, part: "xl/sharedStrings.xml", text: "a\nbc\n"),
        Sample(
            name: "cell values but not shared string indexes or formulas",
            xml: #"<worksheet xmlns="\#(OfficeNamespaces.sheet)"><sheetData><row r="1">"#
                + #"<c r="A1" t="s"><v>0</v></c><c r="B1"><v>12</v></c><c r="C1"><f>B1*2</f><v>24</v></c>"#
                + #"<c r="D1" t="inlineStr"><is><t>x</t></is></c><c r="E1" t="str"><v>y</v></c></row></sheetData></worksheet>"#,
            kind: .spreadsheet, part: "xl/worksheets/sheet1.xml", text: "12\n24\nx\ny\n"),
        Sample(
            name: "a sheet's printed header and footer",
            xml: #"<worksheet xmlns="\#(OfficeNamespaces.sheet)"><headerFooter><oddHeader>&amp;CCPF 390.533.447-05"#
                + "</oddHeader><oddFooter>&amp;P</oddFooter></headerFooter></worksheet>",
            kind: .spreadsheet, part: "xl/worksheets/sheet1.xml", text: "&CCPF 390.533.447-05\n&P\n"),
        Sample(
            name: "ODF spans, spaces, tabs and line breaks; white space collapses",
            xml: OfficeNamespaces.openDocument(
                "<office:text><text:p>  a  <text:span>b\n c</text:span><text:s text:c=\"2\"/>d<text:tab/>e"
                    + "<text:line-break/>f</text:p><text:h>g</text:h></office:text>"),
            kind: .openDocumentText, part: "content.xml", text: "a b c  d\te\nf\ng\n"),
        Sample(
            name: "ODF annotations are not the paragraph's text; their paragraphs are text",
            xml: OfficeNamespaces.openDocument(
                #"<office:text><text:p>a<office:annotation xmlns:dc="http://purl.org/dc/elements/1.1/">"#
                    + "<dc:creator>Ana</dc:creator><text:p>nota</text:p></office:annotation>b</text:p></office:text>"),
            kind: .openDocumentText, part: "content.xml", text: "a\nnota\nb\n"),
        Sample(
            name: "an ODF footnote's number is not text; its body starts a line of its own",
            xml: OfficeNamespaces.openDocument(
                #"<office:text><text:p>CPF 390.533.447-05<text:note text:note-class="footnote">"#
                    + "<text:note-citation>1</text:note-citation><text:note-body><text:p>Nota</text:p>"
                    + "</text:note-body></text:note> fim</text:p></office:text>"),
            kind: .openDocumentText, part: "content.xml", text: "CPF 390.533.447-05\nNota\nfim\n"),
        Sample(
            name: "a Word text box inside a run starts a line of its own",
            xml: OfficeNamespaces.wordDocument(
                "<w:p><w:r><w:t>a</w:t></w:r><w:r><w:pict><w:txbxContent><w:p><w:r><w:t>b</w:t></w:r></w:p>"
                    + "</w:txbxContent></w:pict></w:r><w:r><w:t>c</w:t></w:r></w:p><w:p/>"),
            text: "a\nb\nc\n\n"),
        Sample(
            name: "ODF cells and rows end in a line feed",
            xml: OfficeNamespaces.openDocument(
                "<office:spreadsheet><table:table><table:table-row><table:table-cell><text:p>a</text:p>"
                    + "</table:table-cell><table:table-cell/><table:table-cell><text:p>b</text:p><text:p>c</text:p>"
                    + "</table:table-cell></table:table-row></table:table></office:spreadsheet>"),
            kind: .openDocumentSpreadsheet, part: "content.xml", text: "a\nb\nc\n"),
        Sample(
            name: "document properties: every element's text",
            xml: #"<cp:coreProperties xmlns:cp="urn:cp" xmlns:dc="urn:dc">"#
                + "\n  <dc:title>Contrato</dc:title>\n  <dc:creator>Ana &amp; Bia</dc:creator>\n</cp:coreProperties>",
            part: "docProps/core.xml", text: "Contrato\nAna & Bia\n"),
    ]

    @Test("reads the text elements", arguments: samples)
    func readsText(_ sample: Sample) throws {
        let part = try OfficeSamples.read(Array(sample.xml.utf8), sample.kind, sample.part)
        #expect(String(decoding: part.text, as: UTF8.self) == sample.text)
    }

    @Test("more namespace declarations in scope than the limit are refused")
    func namespaceLimit() throws {
        let limit = OfficeXMLParser.maximumNamespaces
        let declarations = (0...limit).map { #" xmlns:p\#($0)="urn:\#($0)""# }.joined()
        let tooMany = "<a\(declarations)><b/></a>"
        #expect(throws: OfficeXMLError.malformed(offset: 0, .tooManyNamespaceDeclarations)) {
            try OfficeSamples.read(tooMany)
        }
        let fits = "<a\(declarations.dropLast(#" xmlns:p\#(limit)="urn:\#(limit)""#.count))><b/></a>"
        #expect(try OfficeSamples.read(fits).text.isEmpty)
    }

    static let malformed: [(String, OfficeXMLError)] = [
        ("", .malformed(offset: 0, .noRootElement)),
        ("<a>", .malformed(offset: 0, .unexpectedEnd)),
        ("<a></b>", .malformed(offset: 3, .mismatchedEndTag)),
        ("<a></ab>", .malformed(offset: 3, .mismatchedEndTag)),
        ("<a/><b/>", .malformed(offset: 4, .contentOutsideRootElement)),
        ("x<a/>", .malformed(offset: 0, .contentOutsideRootElement)),
        ("<a/>x", .malformed(offset: 4, .contentOutsideRootElement)),
        ("</a>", .malformed(offset: 0, .contentOutsideRootElement)),
        ("<a b></a>", .malformed(offset: 3, .invalidAttribute)),
        ("<a b=c></a>", .malformed(offset: 3, .invalidAttribute)),
        ("<a b=\"<\"></a>", .malformed(offset: 6, .invalidAttribute)),
        ("<a b=\"c\"d=\"e\"/>", .malformed(offset: 8, .invalidAttribute)),
        ("<a>&nbsp;</a>", .malformed(offset: 3, .unknownEntity)),
        ("<a>&amp</a>", .malformed(offset: 3, .unknownEntity)),
        ("<a>&#0;</a>", .malformed(offset: 3, .invalidCharacterReference)),
        ("<a>&#xD800;</a>", .malformed(offset: 3, .invalidCharacterReference)),
        ("<a>&#x110000;</a>", .malformed(offset: 3, .invalidCharacterReference)),
        ("<a>&#12a;</a>", .malformed(offset: 3, .invalidCharacterReference)),
        ("<x:a/>", .malformed(offset: 1, .undeclaredPrefix)),
        ("<:a/>", .malformed(offset: 1, .invalidName)),
        ("<a:/>", .malformed(offset: 1, .invalidName)),
        ("< a/>", .malformed(offset: 1, .invalidName)),
        ("<!DOCTYPE a [<!ENTITY b \"c\">]><a>&b;</a>", .malformed(offset: 0, .documentTypeDeclaration)),
        ("<a><!-- x </a>", .malformed(offset: 3, .unexpectedEnd)),
        ("<a><![CDATA[x</a>", .malformed(offset: 3, .unexpectedEnd)),
        ("<a>\u{1}</a>", .malformed(offset: 3, .invalidCharacter)),
        ("<a", .malformed(offset: 1, .unexpectedEnd)),
        ("<a b=\"c", .malformed(offset: 0, .unexpectedEnd)),
        ("<a/", .malformed(offset: 0, .unexpectedEnd)),
        ("<a></a", .malformed(offset: 5, .unexpectedEnd)),
    ]

    @Test("malformed parts are refused with the byte where they go wrong", arguments: malformed)
    func refusesMalformed(_ xml: String, _ error: OfficeXMLError) {
        #expect(throws: error) { try OfficeSamples.read(xml) }
    }

    @Test("a UTF-16 part and bytes that are not UTF-8 are refused")
    func refusesOtherEncodings() {
        #expect(throws: OfficeXMLError.notUTF8(offset: 0)) {
            try OfficeSamples.read([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00], .wordprocessing, "word/document.xml")
        }
        #expect(throws: OfficeXMLError.notUTF8(offset: 3)) {
            try OfficeSamples.read(Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8), .spreadsheet, "x.xml")
        }
    }

    @Test("elements nested deeper than the limit are refused, at the limit read")
    func nestingLimit() throws {
        let depth = OfficeXMLParser.maximumDepth
        let deep = String(repeating: "<a>", count: depth + 1) + String(repeating: "</a>", count: depth + 1)
        #expect(throws: OfficeXMLError.nestingTooDeep(offset: 3 * depth, limit: depth)) { try OfficeSamples.read(deep) }
        let fits = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(try OfficeSamples.read(fits).text.isEmpty)
    }

    @Test("parts larger than the limit are refused before they are read")
    func sizeLimit() throws {
        let xml = Array(OfficeNamespaces.wordDocument("").utf8)
        #expect(throws: OfficeXMLError.partTooLarge(size: xml.count, limit: 10)) {
            try OfficeSamples.read(xml, .wordprocessing, "word/document.xml", maximumSize: 10)
        }
        #expect(try OfficeSamples.read(xml, .wordprocessing, "word/document.xml", maximumSize: xml.count).text.isEmpty)
    }
}
