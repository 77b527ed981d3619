/// What kind of document a zip archive is: an Office Open XML document
/// (ECMA-376: docx, xlsx, pptx) or an OpenDocument one (ODF 1.2/1.3: odt,
/// ods, odp), and which of its members hold text.
///
/// ```swift
/// let names = [Array("[Content_Types].xml".utf8), Array("word/document.xml".utf8)]
/// let kind = OfficeDocumentKind.detect(memberNames: names, mimetype: nil)   // .wordprocessing
/// kind?.isTextPart(Array("word/header1.xml".utf8))                          // true
/// ```
public enum OfficeDocumentKind: Hashable, Sendable, CustomStringConvertible {
    /// A WordprocessingML document (docx, docm, dotx).
    case wordprocessing
    /// A SpreadsheetML workbook (xlsx, xlsm, xltx).
    case spreadsheet
    /// A PresentationML presentation (pptx, pptm, potx).
    case presentation
    /// An OpenDocument text (odt, ott).
    case openDocumentText
    /// An OpenDocument spreadsheet (ods, ots).
    case openDocumentSpreadsheet
    /// An OpenDocument presentation (odp, otp).
    case openDocumentPresentation

    /// The usual file name extension: "docx", "xlsx", "pptx", "odt", "ods", "odp".
    public var description: String {
        switch self {
        case .wordprocessing: "docx"
        case .spreadsheet: "xlsx"
        case .presentation: "pptx"
        case .openDocumentText: "odt"
        case .openDocumentSpreadsheet: "ods"
        case .openDocumentPresentation: "odp"
        }
    }

    /// Whether the kind is an OpenDocument one.
    public var isOpenDocument: Bool {
        switch self {
        case .openDocumentText, .openDocumentSpreadsheet, .openDocumentPresentation: true
        default: false
        }
    }

    /// The kind of a zip archive from the names of its members and, for
    /// OpenDocument, the bytes of its `mimetype` member (nil when it has
    /// none), or nil when it is neither.
    ///
    /// OpenDocument: the `mimetype` member says
    /// `application/vnd.oasis.opendocument.text` (or `-spreadsheet`,
    /// `-presentation`, or their `-template` forms); surrounding white space
    /// is ignored. Office Open XML: a `[Content_Types].xml` member and a
    /// member under `word/`, `xl/` or `ppt/` (part names compare without
    /// regard to ASCII case, as the Open Packaging Conventions say).
    ///
    /// ```swift
    /// let mimetype = Array("application/vnd.oasis.opendocument.spreadsheet".utf8)
    /// OfficeDocumentKind.detect(memberNames: [], mimetype: mimetype)   // .openDocumentSpreadsheet
    /// ```
    public static func detect(memberNames: [[UInt8]], mimetype: [UInt8]?) -> OfficeDocumentKind? {
        if let mimetype {
            var start = 0
            var end = mimetype.count
            while start < end, isSpace(mimetype[start]) { start += 1 }
            while end > start, isSpace(mimetype[end - 1]) { end -= 1 }
            let type = Array(mimetype[start..<end])
            let base = Array("application/vnd.oasis.opendocument.".utf8)
            for (name, kind) in [
                ("text", OfficeDocumentKind.openDocumentText), ("spreadsheet", .openDocumentSpreadsheet),
                ("presentation", .openDocumentPresentation),
            ] where type == base + Array(name.utf8) || type == base + Array("\(name)-template".utf8) {
                return kind
            }
        }
        guard memberNames.contains(where: { equalsIgnoringCase($0, "[Content_Types].xml") }) else { return nil }
        for (folder, kind) in [
            ("word/", OfficeDocumentKind.wordprocessing), ("xl/", .spreadsheet), ("ppt/", .presentation),
        ] where memberNames.contains(where: { hasPrefixIgnoringCase($0, folder) }) {
            return kind
        }
        return nil
    }

    /// Whether member `name` of a document of this kind is an XML part
    /// whose text is searched (``OfficeXMLText``).
    ///
    /// - docx: `word/document.xml`, `word/header*.xml`, `word/footer*.xml`,
    ///   `word/comments*.xml`, `word/footnotes.xml`, `word/endnotes.xml`,
    ///   `word/glossary/document.xml` (building blocks);
    /// - xlsx: `xl/sharedStrings.xml`, `xl/worksheets/*.xml`,
    ///   `xl/comments*.xml`, `xl/comments/*.xml` (openpyxl's), `xl/threadedComments/*.xml`, `xl/drawings/*.xml`
    ///   (text boxes);
    /// - pptx: `ppt/slides/*.xml`, `ppt/notesSlides/*.xml`,
    ///   `ppt/comments/*.xml`, `ppt/slideLayouts/*.xml`, `ppt/slideMasters/*.xml`, `ppt/notesMasters/*.xml`,
    ///   `ppt/handoutMasters/*.xml`;
    /// - charts and SmartArt of all three: `word/charts/*.xml`, `xl/charts/*.xml`, `ppt/charts/*.xml`,
    ///   `…/diagrams/*.xml`, so that a title or a SmartArt node split into runs reads as one text;
    /// - all three: `docProps/core.xml`, `docProps/app.xml`, `docProps/custom.xml`;
    /// - OpenDocument: `content.xml`, `styles.xml` (headers, footers, master
    ///   pages), `meta.xml`.
    ///
    /// ```swift
    /// OfficeDocumentKind.spreadsheet.isTextPart(Array("xl/worksheets/sheet1.xml".utf8))   // true
    /// OfficeDocumentKind.spreadsheet.isTextPart(Array("xl/styles.xml".utf8))              // false
    /// ```
    public func isTextPart(_ name: [UInt8]) -> Bool {
        if isOpenDocument {
            return name == Array("content.xml".utf8) || name == Array("styles.xml".utf8)
                || name == Array("meta.xml".utf8)
        }
        guard hasSuffixIgnoringCase(name, ".xml") else { return false }
        for property in ["docProps/core.xml", "docProps/app.xml", "docProps/custom.xml"]
        where equalsIgnoringCase(name, property) {
            return true
        }
        let files: [String]
        let folders: [String]
        switch self {
        case .wordprocessing:
            files = [
                "word/document", "word/header", "word/footer", "word/comments", "word/footnotes", "word/endnotes",
                "word/glossary/document",
            ]
            folders = ["word/charts/", "word/diagrams/"]
        case .spreadsheet:
            files = ["xl/sharedStrings", "xl/comments"]
            folders = [
                "xl/worksheets/", "xl/comments/", "xl/threadedComments/", "xl/drawings/", "xl/charts/",
                "xl/diagrams/",
            ]
        default:
            files = []
            folders = [
                "ppt/slides/", "ppt/notesSlides/", "ppt/comments/", "ppt/slideLayouts/", "ppt/slideMasters/",
                "ppt/notesMasters/", "ppt/handoutMasters/", "ppt/charts/", "ppt/diagrams/",
            ]
        }
        // A file of a folder, not of a folder below it (`_rels/…` are relationships).
        for folder in folders where hasPrefixIgnoringCase(name, folder) {
            return !name[folder.utf8.count...].contains(UInt8(ascii: "/"))
        }
        for file in files where hasPrefixIgnoringCase(name, file) {
            return !name[file.utf8.count...].contains(UInt8(ascii: "/"))
        }
        return false
    }

    /// Whether the part holds document properties (`docProps/…` of Office
    /// Open XML, `meta.xml` of OpenDocument), whose every element's text is searched.
    func isMetadataPart(_ name: [UInt8]) -> Bool {
        isOpenDocument ? name == Array("meta.xml".utf8) : hasPrefixIgnoringCase(name, "docProps/")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

private func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
}

private func hasPrefixIgnoringCase(_ name: [UInt8], _ prefix: String) -> Bool {
    let prefix = Array(prefix.utf8)
    guard name.count >= prefix.count else { return false }
    for index in 0..<prefix.count where lowercased(name[index]) != lowercased(prefix[index]) { return false }
    return true
}

private func hasSuffixIgnoringCase(_ name: [UInt8], _ suffix: String) -> Bool {
    let suffix = Array(suffix.utf8)
    guard name.count >= suffix.count else { return false }
    let start = name.count - suffix.count
    for index in 0..<suffix.count where lowercased(name[start + index]) != lowercased(suffix[index]) { return false }
    return true
}

private func equalsIgnoringCase(_ name: [UInt8], _ other: String) -> Bool {
    name.count == other.utf8.count && hasPrefixIgnoringCase(name, other)
}
