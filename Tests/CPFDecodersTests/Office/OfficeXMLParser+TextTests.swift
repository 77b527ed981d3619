// Tests of OfficeXMLParser+Text.swift: the spaces `text:s` elements stand
// for, none for `text:c="0"` and at most as many as the part has bytes.

import CPFDecoders
import Testing

@Suite("OfficeXMLParser: text")
struct OfficeXMLParserTextTests {
    @Test("a text:s element of no spaces stands for nothing (OfficeXMLTextFuzzer's finding)")
    func noSpaces() throws {
        let xml = OfficeNamespaces.openDocument(
            #"<office:text><text:p>a<text:s text:c="0"></text:s>b<text:s text:c="0"/></text:p></office:text>"#)
        let part = try OfficeSamples.read(xml, .openDocumentText, "content.xml")
        #expect(String(decoding: part.text, as: UTF8.self) == "ab\n")
        let output = try part.replacing([(range: 0..<2, with: Array("xy".utf8))])
        #expect(String(decoding: output, as: UTF8.self).contains(#"x<text:s text:c="0"></text:s>y"#))
    }

    @Test("text:s elements together stand for at most as many spaces as the part has bytes")
    func spaceCountBounded() throws {
        let one = #"<text:s text:c="99999999999"/>"#
        let xml = OfficeNamespaces.openDocument("<office:text><text:p>\(one)</text:p></office:text>")
        #expect(throws: OfficeXMLError.self) { try OfficeSamples.read(xml, .openDocumentText, "content.xml") }
        let many = String(repeating: #"<text:s text:c="100"/>"#, count: 20)
        let bytes = OfficeNamespaces.openDocument("<office:text><text:p>\(many)</text:p></office:text>")
        #expect(bytes.utf8.count < 2000)
        #expect(throws: OfficeXMLError.self) { try OfficeSamples.read(bytes, .openDocumentText, "content.xml") }
        let fits = OfficeNamespaces.openDocument(#"<office:text><text:p><text:s text:c="100"/></text:p></office:text>"#)
        #expect(try OfficeSamples.read(fits, .openDocumentText, "content.xml").text.count == 101)
    }
}
