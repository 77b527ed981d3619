// Tests of OfficeDocumentKind.swift: telling the kinds apart by member
// names and the ODF mimetype, and which members are searched.

import Testing

@testable import CPFDecoders

@Suite("OfficeDocumentKind")
struct OfficeDocumentKindTests {
    static let detections: [([String], String?, OfficeDocumentKind?)] = [
        (["[Content_Types].xml", "_rels/.rels", "word/document.xml"], nil, .wordprocessing),
        (["[content_types].xml", "XL/workbook.xml"], nil, .spreadsheet),
        (["[Content_Types].xml", "ppt/presentation.xml"], nil, .presentation),
        (["word/document.xml"], nil, nil),
        (["[Content_Types].xml", "docProps/core.xml"], nil, nil),
        (["mimetype", "content.xml"], "application/vnd.oasis.opendocument.text", .openDocumentText),
        (["mimetype"], "application/vnd.oasis.opendocument.spreadsheet\n", .openDocumentSpreadsheet),
        (["mimetype"], "application/vnd.oasis.opendocument.presentation-template", .openDocumentPresentation),
        (["mimetype"], "application/vnd.oasis.opendocument.graphics", nil),
        (["mimetype"], "application/zip", nil),
        ([], nil, nil),
    ]

    @Test("the kind comes from the member names, or the ODF mimetype", arguments: detections)
    func detects(_ names: [String], _ mimetype: String?, _ kind: OfficeDocumentKind?) {
        #expect(
            OfficeDocumentKind.detect(
                memberNames: names.map { Array($0.utf8) }, mimetype: mimetype.map { Array($0.utf8) }) == kind)
    }

    static let parts: [(OfficeDocumentKind, String, Bool)] = [
        (.wordprocessing, "word/document.xml", true),
        (.wordprocessing, "word/header2.xml", true),
        (.wordprocessing, "word/footer1.xml", true),
        (.wordprocessing, "word/comments.xml", true),
        (.wordprocessing, "word/footnotes.xml", true),
        (.wordprocessing, "word/endnotes.xml", true),
        (.wordprocessing, "docProps/core.xml", true),
        (.wordprocessing, "word/styles.xml", false),
        (.wordprocessing, "word/_rels/document.xml.rels", false),
        (.wordprocessing, "word/media/document.xml.png", false),
        (.spreadsheet, "xl/sharedStrings.xml", true),
        (.spreadsheet, "xl/worksheets/sheet12.xml", true),
        (.spreadsheet, "xl/worksheets/_rels/sheet1.xml.rels", false),
        (.spreadsheet, "xl/comments1.xml", true),
        (.spreadsheet, "xl/comments/comment1.xml", true),
        (.spreadsheet, "xl/threadedComments/threadedComment1.xml", true),
        (.spreadsheet, "xl/styles.xml", false),
        (.spreadsheet, "word/document.xml", false),
        (.presentation, "ppt/slides/slide3.xml", true),
        (.presentation, "ppt/notesSlides/notesSlide1.xml", true),
        (.presentation, "ppt/comments/comment1.xml", true),
        (.presentation, "ppt/slides/_rels/slide1.xml.rels", false),
        (.presentation, "ppt/presentation.xml", false),
        (.wordprocessing, "word/glossary/document.xml", true),
        (.wordprocessing, "word/charts/chart1.xml", true),
        (.wordprocessing, "word/diagrams/data1.xml", true),
        (.wordprocessing, "word/charts/_rels/chart1.xml.rels", false),
        (.spreadsheet, "xl/charts/chart2.xml", true),
        (.spreadsheet, "xl/diagrams/drawing1.xml", true),
        (.spreadsheet, "xl/workbook.xml", false),
        (.presentation, "ppt/notesMasters/notesMaster1.xml", true),
        (.presentation, "ppt/handoutMasters/handoutMaster1.xml", true),
        (.presentation, "ppt/charts/chart1.xml", true),
        (.openDocumentText, "content.xml", true),
        (.openDocumentSpreadsheet, "styles.xml", true),
        (.openDocumentPresentation, "meta.xml", true),
        (.openDocumentText, "settings.xml", false),
        (.openDocumentText, "Content.xml", false),
        (.openDocumentText, "META-INF/manifest.xml", false),
    ]

    @Test("the parts with text are searched, the others not", arguments: parts)
    func textParts(_ kind: OfficeDocumentKind, _ name: String, _ searched: Bool) {
        #expect(kind.isTextPart(Array(name.utf8)) == searched)
    }

    @Test("document properties are docProps/ in Office Open XML and meta.xml in OpenDocument")
    func metadataParts() {
        #expect(OfficeDocumentKind.wordprocessing.isMetadataPart(Array("docProps/core.xml".utf8)))
        #expect(OfficeDocumentKind.spreadsheet.isMetadataPart(Array("docprops/custom.xml".utf8)))
        #expect(!OfficeDocumentKind.presentation.isMetadataPart(Array("meta.xml".utf8)))
        #expect(OfficeDocumentKind.openDocumentText.isMetadataPart(Array("meta.xml".utf8)))
        #expect(!OfficeDocumentKind.openDocumentText.isMetadataPart(Array("docProps/core.xml".utf8)))
    }

    @Test("each kind is named by its usual extension")
    func names() {
        let kinds: [OfficeDocumentKind] = [
            .wordprocessing, .spreadsheet, .presentation, .openDocumentText, .openDocumentSpreadsheet,
            .openDocumentPresentation,
        ]
        #expect(kinds.map(\.description) == ["docx", "xlsx", "pptx", "odt", "ods", "odp"])
        #expect(kinds.map(\.isOpenDocument) == [false, false, false, true, true, true])
    }
}
