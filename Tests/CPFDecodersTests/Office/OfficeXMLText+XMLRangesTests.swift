// Tests of OfficeXMLText+XMLRanges.swift: each character of the text
// mapped to its bytes in the XML, and the number a numeric cell stores.

import CPFDecoders
import Testing

@Suite("OfficeXMLText: the map back to the XML")
struct OfficeXMLTextXMLRangesTests {
    static func string(_ bytes: some Sequence<UInt8>) -> String { String(decoding: Array(bytes), as: UTF8.self) }

    @Test("each character of a CPF split across runs maps to its own run")
    func mapsSplitCPF() throws {
        let xml = try OfficeSamples.bytes("docx-word-document.xml")
        let part = try OfficeSamples.read(xml, .wordprocessing, "word/document.xml")
        let cpf = try #require(OfficeSamples.ranges(of: "012.345.678-90", in: part.text).first)
        for offset in cpf {
            let range = try #require(part.xmlRange(ofTextOffset: offset))
            #expect(xml[range].elementsEqual(part.text[offset...offset]))
        }
        let bold = try #require(part.xmlRange(ofTextOffset: cpf.lowerBound))
        #expect(Self.string(xml[bold.lowerBound - 5..<bold.lowerBound + 14]) == "<w:t>012.345.</w:t>")
        let each = part.xmlRanges(of: cpf)
        #expect(each.count == 14)
        #expect(each.map { Self.string(xml[$0]) }.joined() == "012.345.678-90")
        #expect(each[7].upperBound < each[8].lowerBound, "the bold run ends after the 8th character")
        #expect(part.xmlRanges(of: 0..<(part.text.count + 1)).isEmpty)
        let whole = try #require(part.xmlRange(of: cpf))
        #expect(Self.string(xml[whole]).hasPrefix("012.345.</w:t></w:r>"))
        #expect(Self.string(xml[whole]).hasSuffix("<w:t>678-90"))
        let ampersand = try #require(OfficeSamples.ranges(of: "&", in: part.text).first)
        #expect(part.xmlRange(ofTextOffset: ampersand.lowerBound).map { Self.string(xml[$0]) } == "&amp;")
        let accented = try OfficeSamples.read(OfficeNamespaces.wordDocument("<w:p><w:r><w:t>é</w:t></w:r></w:p>"))
        let both = try #require(accented.xmlRange(ofTextOffset: 1))
        #expect(accented.xmlRange(ofTextOffset: 0) == both, "both bytes of é map to the whole character")
        #expect(Array(OfficeNamespaces.wordDocument("<w:p><w:r><w:t>é</w:t></w:r></w:p>").utf8)[both] == [0xC3, 0xA9])
        #expect(accented.xmlRange(ofTextOffset: 2).map(\.isEmpty) == true, "the paragraph's line feed")
        #expect(part.xmlRange(ofTextOffset: part.text.count) == nil)
        #expect(part.xmlRange(of: 3..<3) == nil)
    }

    @Test("a number cell's value is the number as stored, whatever the cell shows")
    func numericValues() throws {
        let sheet = try OfficeSamples.read(
            OfficeSamples.bytes("xlsx-xl-worksheets-sheet1.xml"), .spreadsheet, "xl/worksheets/sheet1.xml")
        #expect(
            (0..<sheet.numericCells.count).map { Self.string(sheet.numericValue(ofCell: $0)) } == ["1234567890", "42"])
        let table = try OfficeSamples.read(
            OfficeNamespaces.openDocument(
                "<office:spreadsheet><table:table><table:table-row><table:table-cell office:value-type=\"float\" "
                    + "office:value=\"1234567890\"><text:p>1.234.567.890</text:p></table:table-cell>"
                    + "<table:table-cell office:value-type=\"float\"><text:p>7</text:p></table:table-cell>"
                    + "</table:table-row></table:table></office:spreadsheet>"),
            .openDocumentSpreadsheet, "content.xml")
        #expect(table.numericCells.map { Self.string(table.text[$0]) } == ["1.234.567.890", "7"])
        #expect(Self.string(table.numericValue(ofCell: 0)) == "1234567890")
        #expect(table.numericValue(ofCell: 1).isEmpty)
        let digits = try table.replacing([(range: table.numericCells[0], with: Array("01234567890".utf8))])
        #expect(Self.string(digits).contains(#"office:value="01234567890"><text:p>01234567890</text:p>"#))
    }
}
