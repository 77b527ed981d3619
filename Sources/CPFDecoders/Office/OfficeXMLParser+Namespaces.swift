// Elements and attributes known by namespace URI and local name: the
// namespaces OfficeXMLParser knows, a prefix resolved through the
// declarations in scope, the role of each known element, and an attribute
// of the current start tag looked up by namespace and name.

extension OfficeXMLParser {
    func namespace(uri range: Range<Int>) -> Namespace {
        let table: [(StaticString, Namespace)] = [
            ("http://schemas.openxmlformats.org/wordprocessingml/2006/main", .word),
            ("http://purl.oclc.org/ooxml/wordprocessingml/main", .word),
            ("http://schemas.openxmlformats.org/drawingml/2006/main", .drawing),
            ("http://purl.oclc.org/ooxml/drawingml/main", .drawing),
            ("http://schemas.openxmlformats.org/spreadsheetml/2006/main", .sheet),
            ("http://purl.oclc.org/ooxml/spreadsheetml/main", .sheet),
            ("http://schemas.openxmlformats.org/presentationml/2006/main", .presentation),
            ("http://purl.oclc.org/ooxml/presentationml/main", .presentation),
            ("http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments", .threadedComments),
            ("urn:oasis:names:tc:opendocument:xmlns:text:1.0", .text),
            ("urn:oasis:names:tc:opendocument:xmlns:table:1.0", .table),
            ("urn:oasis:names:tc:opendocument:xmlns:office:1.0", .office),
            ("urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0", .svg),
        ]
        if range.isEmpty { return .none }
        for (uri, namespace) in table where equals(range, uri) { return namespace }
        return .other
    }

    /// The namespace of a name whose prefix is `nameStart..<prefixEnd`: the innermost declaration of its prefix
    /// (`xml` is XML's own; an element without a prefix takes the default
    /// namespace, an attribute none).
    func resolve(_ nameStart: Int, _ prefixEnd: Int, element: Bool) throws(OfficeXMLError) -> Namespace {
        let prefixLength = prefixEnd - nameStart
        if prefixLength == 3, matches("xml", at: nameStart) { return .other }
        if prefixLength == 0 && !element { return .none }
        var index = bindings.count - 1
        while index >= 0 {
            let binding = bindings[index]
            if binding.prefixEnd - binding.prefixStart == prefixLength,
                prefixLength == 0 || equalBytes(binding.prefixStart..<binding.prefixEnd, nameStart)
            {
                return binding.namespace
            }
            index -= 1
        }
        if prefixLength == 0 { return .none }
        throw .malformed(offset: nameStart, .undeclaredPrefix)
    }

    func role(of namespace: Namespace, _ local: Range<Int>, parent: Role?) -> Role {
        switch namespace {
        case .word:
            if equals(local, "t") || equals(local, "delText") { return .textLeaf }
            if equals(local, "p") { return .paragraph }
            if equals(local, "r") { return .wordRun }
            if parent == .wordRun {
                if equals(local, "tab") { return .wordTab }
                if equals(local, "br") || equals(local, "cr") { return .wordBreak }
                if equals(local, "noBreakHyphen") { return .wordNonBreakingHyphen }
                if equals(local, "softHyphen") { return .wordSoftHyphen }
            }
        case .drawing:
            if equals(local, "t") { return .textLeaf }
            if equals(local, "p") { return .paragraph }
            if equals(local, "br") { return .drawingBreak }
        case .sheet:
            if equals(local, "t") { return .textLeaf }
            if equals(local, "si") || equals(local, "row") || equals(local, "comment") { return .separator }
            if equals(local, "c") { return .sheetCell }
            if equals(local, "v") && parent == .sheetCell { return .sheetValue }
            if equals(local, "f") && parent == .sheetCell { return .sheetFormula }
            if equals(local, "rPh") { return .sheetPhonetic }
            // A sheet's printed headers and footers (with their &-codes, such as &C for the centre).
            for name: StaticString in [
                "oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter",
            ]
            where equals(local, name) {
                return .textLeafLine
            }
        case .presentation:
            if equals(local, "text") { return .textLeafLine }
        case .threadedComments:
            if equals(local, "text") { return .textLeafLine }
        case .text:
            if equals(local, "p") || equals(local, "h") { return .paragraph }
            if equals(local, "s") { return .odfSpace }
            if equals(local, "tab") { return .odfTab }
            if equals(local, "line-break") { return .odfLineBreak }
            // A footnote's number is made by the application, not part of the text around it.
            if equals(local, "note-citation") { return .blocker }
        case .table:
            if equals(local, "table-cell") || equals(local, "covered-table-cell") { return .tableCell }
            if equals(local, "table-row") { return .separator }
        case .office:
            if equals(local, "annotation") { return .blocker }
        case .svg:
            if equals(local, "title") || equals(local, "desc") { return .blocker }
        case .none, .other: break
        }
        return .plain
    }

    func attribute(_ namespace: Namespace, _ local: StaticString) throws(OfficeXMLError) -> Attribute? {
        for attribute in attributes {
            let localStart = attribute.colon < attribute.nameEnd ? attribute.colon + 1 : attribute.nameStart
            guard equals(localStart..<attribute.nameEnd, local) else { continue }
            if try resolve(attribute.nameStart, attribute.prefixEnd, element: false) == namespace { return attribute }
        }
        return nil
    }
}
