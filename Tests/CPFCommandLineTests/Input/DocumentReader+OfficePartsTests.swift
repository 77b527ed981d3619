// Tests of Input/DocumentReader+OfficeParts.swift: the members of an Office
// document read whole for their sweep, and the workbook part.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader+OfficeParts")
struct DocumentReaderOfficePartsTests {
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
        let kind = MemberKind.of(name: Array(name.utf8), head: head, office: .wordprocessing, depth: 1)
        #expect((kind == .officeXML) == swept)
        #expect(!swept || DocumentReader.isXML(Array(name.utf8), head: head))
    }

    @Test("the workbook part is xl/workbook.xml, in any case")
    func workbookPart() {
        #expect(DocumentReader.isWorkbookPart(Array("xl/workbook.xml".utf8)))
        #expect(DocumentReader.isWorkbookPart(Array("XL/Workbook.xml".utf8)))
        #expect(!DocumentReader.isWorkbookPart(Array("xl/workbook.xml.rels".utf8)))
        #expect(!DocumentReader.isWorkbookPart(Array("xl/worksheets/sheet1.xml".utf8)))
    }
}
