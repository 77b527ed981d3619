/// The reader behind ``OfficeXMLText``: one pass over the bytes of an XML
/// part, byte by byte, that keeps the character data of the text elements
/// of Office Open XML (ECMA-376) and OpenDocument (ODF 1.2/1.3) and where
/// each character came from.
///
/// Elements are known by namespace URI and local name: the `xmlns`
/// declarations in scope are kept on a stack and a prefix is looked up
/// there, so `w:t`, `x:t` or an unprefixed `t` under a default namespace are
/// alike. The part must be well-formed XML 1.0 in UTF-8 without a document
/// type declaration (Office parts have none; refusing it keeps entity
/// expansion out); the five predefined entities and character references
/// are decoded.
struct OfficeXMLParser {
    /// The namespaces the reader knows.
    enum Namespace: UInt8 {
        case none, other, word, drawing, sheet, presentation, threadedComments, text, table, office, svg
    }

    /// What an element does to the text.
    enum Role: UInt8 {
        case plain
        /// Character data is text (w:t, w:delText, a:t, t of shared strings).
        case textLeaf
        /// Character data is text, and a line feed follows (p:text of a comment).
        case textLeafLine
        /// A line feed always follows (w:p, a:p, text:p, text:h).
        case paragraph
        /// A line feed follows unless the text already ends with one (rows, cells, shared string items).
        case separator
        case wordRun
        case sheetCell, sheetValue, sheetFormula, sheetPhonetic
        case tableCell
        /// A tab or line break in a Word run, a DrawingML line break, ODF's space, tab and line break.
        case wordTab, wordBreak, wordNonBreakingHyphen, wordSoftHyphen, drawingBreak, odfSpace, odfTab, odfLineBreak
        /// ODF content that is not the text around it (annotations, titles of frames).
        case blocker
    }

    struct Entry {
        var nameStart: Int
        var nameEnd: Int
        var bindingCount: Int
        var role: Role
        var captures: Bool
        var collapses: Bool
        var start: Int
        var markupSegment: Int
    }

    struct Binding {
        var prefixStart: Int
        var prefixEnd: Int
        var namespace: Namespace
    }

    struct Attribute {
        var nameStart: Int
        var colon: Int
        var nameEnd: Int
        /// From the white space before the name to the closing quote.
        var whole: Range<Int>
        var value: Range<Int>
        /// The end of the prefix: the colon, or the name's start when it has none.
        var prefixEnd: Int { colon < nameEnd ? colon : nameStart }
    }

    struct SheetCell {
        var typeAttribute: Range<Int>?
        var tagClose: Int
        var capturesValue: Bool
        var isNumber: Bool
        var hasFormula = false
        var value: (element: Range<Int>, content: Range<Int>, text: Range<Int>)? = nil
    }

    struct TableCell {
        var isFloat: Bool
        var textStart: Int
        var valueType: Range<Int>?
        var valueAttribute: Attribute?
        var calcextValueType: Range<Int>?
        /// `office:string-value`: the text of a string cell without paragraphs.
        var stringValue: Range<Int>?
    }

    static let maximumDepth = 1024
    /// The most namespace declarations in scope at once (a Word document declares about 40), so that
    /// looking a prefix up stays cheap.
    static let maximumNamespaces = 512

    let bytes: UnsafeBufferPointer<UInt8>
    let metadata: Bool
    var text: [UInt8] = []
    var segments: [OfficeXMLText.Segment] = []
    var cells: [OfficeXMLText.NumericCell] = []
    var stack: [Entry] = []
    var bindings: [Binding] = []
    var attributes: [Attribute] = []
    var sheetCells: [SheetCell] = []
    var tableCells: [TableCell] = []
    var phoneticDepth = 0
    /// How many paragraphs are open.
    var paragraphDepth = 0
    /// How many more spaces `text:s` elements may stand for.
    var spaceBudget: Int
    /// In an ODF paragraph: whether the text so far ends in white space (or the paragraph starts), so
    /// that more white space is dropped (ODF 1.2 part 1, 6.1.2).
    var afterSpace = true

    init(bytes: UnsafeBufferPointer<UInt8>, metadata: Bool) {
        self.bytes = bytes
        self.metadata = metadata
        spaceBudget = bytes.count
    }

    // MARK: The document

    mutating func parse() throws(OfficeXMLError) {
        var index = 0
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw .notUTF8(offset: 0)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var sawRoot = false
        let count = bytes.count
        while index < count {
            if bytes[index] != UInt8(ascii: "<") {
                var end = index
                while end < count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                if let top = stack.last {
                    try characterData(index..<end, captures: top.captures, collapses: top.collapses)
                } else {
                    for position in index..<end where !isSpace(bytes[position]) {
                        throw .malformed(offset: position, .contentOutsideRootElement)
                    }
                }
                index = end
                continue
            }
            guard index + 1 < count else { throw .malformed(offset: index, .unexpectedEnd) }
            switch bytes[index + 1] {
            case UInt8(ascii: "?"):
                index = try skip(past: "?>", from: index + 2, start: index)
            case UInt8(ascii: "!"):
                if matches("<!--", at: index) {
                    index = try skip(past: "-->", from: index + 4, start: index)
                } else if matches("<![CDATA[", at: index) {
                    guard !stack.isEmpty else { throw .malformed(offset: index, .contentOutsideRootElement) }
                    let end = try skip(past: "]]>", from: index + 9, start: index)
                    if stack[stack.count - 1].captures { try cdata(index + 9..<end - 3) }
                    index = end
                } else if matches("<!DOCTYPE", at: index) {
                    throw .malformed(offset: index, .documentTypeDeclaration)
                } else {
                    throw .malformed(offset: index, .invalidName)
                }
            case UInt8(ascii: "/"):
                index = try endTag(at: index)
            default:
                if stack.isEmpty {
                    if sawRoot { throw .malformed(offset: index, .contentOutsideRootElement) }
                    sawRoot = true
                }
                index = try startTag(at: index)
            }
        }
        if let open = stack.last { throw .malformed(offset: open.start, .unexpectedEnd) }
        if !sawRoot { throw .malformed(offset: count, .noRootElement) }
    }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    /// The index after the first `terminator` at or after `from`.
    private func skip(past terminator: StaticString, from: Int, start: Int) throws(OfficeXMLError) -> Int {
        let first = terminator.utf8Start[0]
        var index = from
        while index < bytes.count {
            if bytes[index] == first, matches(terminator, at: index) { return index + terminator.utf8CodeUnitCount }
            index += 1
        }
        throw .malformed(offset: start, .unexpectedEnd)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// The end of the name starting at `index`, and the index of its first colon (or its end).
    private func name(at index: Int) throws(OfficeXMLError) -> (end: Int, colon: Int) {
        var end = index
        var colon = -1
        while end < bytes.count, !isNameEnd(bytes[end]) {
            if colon < 0, bytes[end] == UInt8(ascii: ":") { colon = end }
            end += 1
        }
        guard end < bytes.count else { throw .malformed(offset: index, .unexpectedEnd) }
        guard end > index, colon != index, colon != end - 1 else { throw .malformed(offset: index, .invalidName) }
        return (end, colon < 0 ? end : colon)
    }

    // MARK: Tags

    private mutating func startTag(at tagStart: Int) throws(OfficeXMLError) -> Int {
        let nameStart = tagStart + 1
        let (nameEnd, colon) = try name(at: nameStart)
        attributes.removeAll(keepingCapacity: true)
        var index = nameEnd
        let count = bytes.count
        var isEmpty = false
        while true {
            let spaceStart = index
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count else { throw .malformed(offset: tagStart, .unexpectedEnd) }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < count else { throw .malformed(offset: tagStart, .unexpectedEnd) }
                guard bytes[index + 1] == UInt8(ascii: ">") else { throw .malformed(offset: index, .invalidName) }
                isEmpty = true
                index += 2
                break
            }
            guard index > spaceStart else { throw .malformed(offset: index, .invalidAttribute) }
            let attributeStart = index
            let (attributeEnd, attributeColon) = try name(at: index)
            index = attributeEnd
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "=") else {
                throw .malformed(offset: attributeStart, .invalidAttribute)
            }
            index += 1
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw .malformed(offset: attributeStart, .invalidAttribute)
            }
            let quote = bytes[index]
            let valueStart = index + 1
            index = valueStart
            while index < count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw .malformed(offset: index, .invalidAttribute) }
                index += 1
            }
            guard index < count else { throw .malformed(offset: tagStart, .unexpectedEnd) }
            attributes.append(
                Attribute(
                    nameStart: attributeStart, colon: attributeColon, nameEnd: attributeEnd,
                    whole: spaceStart..<index + 1, value: valueStart..<index))
            index += 1
        }
        let tagClose = isEmpty ? index - 2 : index - 1

        // Declarations first: they apply to the element's own name and attributes.
        let bindingCount = bindings.count
        for attribute in attributes {
            if equals(attribute.nameStart..<attribute.nameEnd, "xmlns") {
                bindings.append(
                    Binding(prefixStart: 0, prefixEnd: 0, namespace: namespace(uri: attribute.value)))
            } else if attribute.colon < attribute.nameEnd, equals(attribute.nameStart..<attribute.colon, "xmlns") {
                bindings.append(
                    Binding(
                        prefixStart: attribute.colon + 1, prefixEnd: attribute.nameEnd,
                        namespace: namespace(uri: attribute.value)))
            }
        }
        guard bindings.count <= Self.maximumNamespaces else {
            throw .malformed(offset: tagStart, .tooManyNamespaceDeclarations)
        }
        guard stack.count < Self.maximumDepth else {
            throw .nestingTooDeep(offset: tagStart, limit: Self.maximumDepth)
        }
        let elementNamespace = try resolve(nameStart, colon < nameEnd ? colon : nameStart, element: true)
        let local = colon < nameEnd ? colon + 1..<nameEnd : nameStart..<nameEnd
        let parent = stack.last
        var role = role(of: elementNamespace, local, parent: parent?.role)
        if role == .sheetPhonetic { phoneticDepth += 1 }
        if role == .textLeaf, elementNamespace == .sheet, phoneticDepth > 0 { role = .plain }

        var captures: Bool
        var collapses = parent?.collapses ?? false
        switch role {
        case .textLeaf, .textLeafLine: captures = true
        case .sheetValue: captures = sheetCells.last?.capturesValue ?? false
        case .paragraph:
            captures = elementNamespace == .text
            collapses = elementNamespace == .text
            if collapses { afterSpace = true }
            // A paragraph inside another (a footnote's body, a text box in a run) starts on a line
            // of its own, so its text does not run into the words around it.
            if paragraphDepth > 0 { lineFeed(at: tagStart, always: false) }
            if !isEmpty { paragraphDepth += 1 }
        case .blocker:
            captures = false
            collapses = false
        default:
            switch elementNamespace {
            case .word, .drawing, .sheet, .presentation, .threadedComments: captures = false
            default: captures = parent?.captures ?? false
            }
        }
        if metadata { captures = parent != nil }

        var markupSegment = -1
        switch role {
        case .sheetCell:
            try beginSheetCell(tagClose: tagClose)
        case .sheetFormula:
            if !sheetCells.isEmpty { sheetCells[sheetCells.count - 1].hasFormula = true }
        case .tableCell:
            try beginTableCell()
        case .wordTab, .wordBreak, .wordNonBreakingHyphen, .wordSoftHyphen, .drawingBreak, .odfTab, .odfLineBreak,
            .odfSpace:
            // Word's and DrawingML's come from their parents (runs, paragraphs); ODF's count in paragraphs only.
            guard parent?.captures == true || elementNamespace != .text else { break }
            // `<text:s text:c="0"/>` stands for nothing and has no segment.
            let before = segments.count
            try markup(role, start: tagStart, end: index)
            if segments.count > before { markupSegment = before }
        default: break
        }

        let entry = Entry(
            nameStart: nameStart, nameEnd: nameEnd, bindingCount: bindingCount, role: role, captures: captures,
            collapses: collapses, start: tagStart, markupSegment: markupSegment)
        if isEmpty {
            stack.append(entry)
            try finish(stack.removeLast(), tagStart: tagStart, end: index)
        } else {
            stack.append(entry)
            if role == .sheetValue, !sheetCells.isEmpty {
                sheetCells[sheetCells.count - 1].value = (tagStart..<tagStart, index..<index, text.count..<text.count)
            }
        }
        return index
    }

    private mutating func endTag(at tagStart: Int) throws(OfficeXMLError) -> Int {
        let nameStart = tagStart + 2
        let (nameEnd, _) = try name(at: nameStart)
        var index = nameEnd
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { throw .malformed(offset: tagStart, .unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: ">") else { throw .malformed(offset: index, .invalidName) }
        guard let open = stack.popLast() else { throw .malformed(offset: tagStart, .contentOutsideRootElement) }
        guard open.nameEnd - open.nameStart == nameEnd - nameStart,
            equalBytes(open.nameStart..<open.nameEnd, nameStart)
        else { throw .malformed(offset: tagStart, .mismatchedEndTag) }
        if open.role == .sheetValue, !sheetCells.isEmpty, let value = sheetCells[sheetCells.count - 1].value {
            sheetCells[sheetCells.count - 1].value = (
                value.element.lowerBound..<index + 1, value.content.lowerBound..<tagStart,
                value.text.lowerBound..<text.count
            )
        }
        try finish(open, tagStart: tagStart, end: index + 1)
        return index + 1
    }

    /// What an element's end does: line feeds, cells, markup characters, scopes.
    private mutating func finish(_ entry: Entry, tagStart: Int, end: Int) throws(OfficeXMLError) {
        bindings.removeSubrange(entry.bindingCount...)
        if entry.markupSegment >= 0 { segments[entry.markupSegment].xmlEnd = end }
        switch entry.role {
        case .paragraph, .textLeafLine:
            if entry.role == .paragraph, tagStart != entry.start { paragraphDepth -= 1 }
            lineFeed(at: tagStart, always: true)
            if entry.collapses { afterSpace = true }
        case .separator: lineFeed(at: tagStart, always: false)
        case .sheetPhonetic: phoneticDepth -= 1
        case .sheetCell:
            if let cell = sheetCells.popLast(), cell.isNumber, !cell.hasFormula, let value = cell.value,
                !value.text.isEmpty
            {
                cells.append(
                    OfficeXMLText.NumericCell(
                        text: value.text,
                        kind: .sheet(
                            typeAttribute: cell.typeAttribute, tagClose: cell.tagClose, value: value.element,
                            content: value.content)))
            }
            lineFeed(at: tagStart, always: false)
        case .tableCell:
            if let cell = tableCells.popLast() {
                try endTableCell(cell)
            }
            lineFeed(at: tagStart, always: false)
        default:
            if metadata { lineFeed(at: tagStart, always: false) }
        }
    }

    private func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && matches(literal, at: range.lowerBound)
    }

    private func equalBytes(_ range: Range<Int>, _ other: Int) -> Bool {
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != bytes[other + offset] { return false }
        return true
    }

    private func namespace(uri range: Range<Int>) -> Namespace {
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
    private func resolve(_ nameStart: Int, _ prefixEnd: Int, element: Bool) throws(OfficeXMLError) -> Namespace {
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

    private func role(of namespace: Namespace, _ local: Range<Int>, parent: Role?) -> Role {
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

    // MARK: Cells

    private func attribute(_ namespace: Namespace, _ local: StaticString) throws(OfficeXMLError) -> Attribute? {
        for attribute in attributes {
            let localStart = attribute.colon < attribute.nameEnd ? attribute.colon + 1 : attribute.nameStart
            guard equals(localStart..<attribute.nameEnd, local) else { continue }
            if try resolve(attribute.nameStart, attribute.prefixEnd, element: false) == namespace { return attribute }
        }
        return nil
    }

    private mutating func beginSheetCell(tagClose: Int) throws(OfficeXMLError) {
        let type = try attribute(.none, "t")
        let value = type?.value ?? 0..<0
        let isNumber = type == nil || equals(value, "n")
        sheetCells.append(
            SheetCell(
                typeAttribute: type?.whole, tagClose: tagClose, capturesValue: !equals(value, "s"),
                isNumber: isNumber))
    }

    private mutating func beginTableCell() throws(OfficeXMLError) {
        let valueType = try attribute(.office, "value-type")
        let isFloat = valueType.map { equals($0.value, "float") } ?? false
        var calcext: Range<Int>?
        if isFloat {
            for attribute in attributes where attribute.colon < attribute.nameEnd {
                if equals(attribute.colon + 1..<attribute.nameEnd, "value-type"),
                    try resolve(attribute.nameStart, attribute.prefixEnd, element: false) == .other
                {
                    calcext = attribute.value
                }
            }
        }
        tableCells.append(
            TableCell(
                isFloat: isFloat, textStart: text.count, valueType: valueType?.value,
                valueAttribute: isFloat ? try attribute(.office, "value") : nil, calcextValueType: calcext,
                stringValue: try attribute(.office, "string-value")?.value))
    }

    private mutating func endTableCell(_ cell: TableCell) throws(OfficeXMLError) {
        if text.count == cell.textStart, let value = cell.stringValue {
            try characterData(value, captures: true, collapses: false)
        }
        guard cell.isFloat, let valueType = cell.valueType else { return }
        var textInAttribute = false
        if text.count == cell.textStart, let value = cell.valueAttribute {
            // A number cell without a paragraph: its text is the value.
            try characterData(value.value, captures: true, collapses: false)
            textInAttribute = true
        }
        var end = text.count
        while end > cell.textStart, text[end - 1] == 0x0A { end -= 1 }
        guard end > cell.textStart else { return }
        cells.append(
            OfficeXMLText.NumericCell(
                text: cell.textStart..<end,
                kind: .table(
                    valueType: valueType,
                    value: cell.valueAttribute.map { ($0.whole, $0.value, $0.nameStart..<$0.colon) },
                    calcextValueType: cell.calcextValueType, textInAttribute: textInAttribute)))
    }

    // MARK: Text

    private mutating func lineFeed(at position: Int, always: Bool) {
        if !always && (text.isEmpty || text[text.count - 1] == 0x0A) { return }
        segments.append(
            OfficeXMLText.Segment(
                textStart: text.count, textLength: 1, xmlStart: position, xmlEnd: position, kind: .separator))
        text.append(0x0A)
    }

    private mutating func markup(_ role: Role, start: Int, end: Int) throws(OfficeXMLError) {
        var character: [UInt8] = [0x0A]
        var count = 1
        let kind: OfficeXMLText.Segment.Kind
        switch role {
        case .wordTab:
            character = [0x09]
            kind = .wordRunMarkup
        case .wordBreak: kind = .wordRunMarkup
        case .wordNonBreakingHyphen:
            character = [0xE2, 0x80, 0x91]  // U+2011 NON-BREAKING HYPHEN, a dash to the scanner
            kind = .wordRunMarkup
        case .wordSoftHyphen:
            character = [0xC2, 0xAD]  // U+00AD SOFT HYPHEN, invisible
            kind = .wordRunMarkup
        case .drawingBreak: kind = .drawingBreak
        case .odfTab:
            character = [0x09]
            kind = .odfMarkup
        case .odfLineBreak: kind = .odfMarkup
        default:
            character = [0x20]
            kind = .odfSpace
            if let repeats = try attribute(.text, "c") {
                var value = 0
                for index in repeats.value {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { throw .malformed(offset: index, .invalidAttribute) }
                    value = value * 10 + Int(digit)
                    // All space elements together repeat at most as often as the part has bytes, which
                    // bounds the text: at most three bytes per byte of the part.
                    guard value <= spaceBudget else { throw .malformed(offset: index, .invalidAttribute) }
                }
                count = value
                spaceBudget -= value
            }
        }
        afterSpace = false
        guard count > 0 else { return }
        segments.append(
            OfficeXMLText.Segment(
                textStart: text.count, textLength: count * character.count, xmlStart: start, xmlEnd: end, kind: kind))
        if count == 1 { text += character } else { text.append(contentsOf: repeatElement(character[0], count: count)) }
    }

    private mutating func appendIdentity(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if var last = segments.last, last.kind == .identity, last.xmlEnd == range.lowerBound,
            last.textStart + last.textLength == text.count
        {
            last.textLength += range.count
            last.xmlEnd = range.upperBound
            segments[segments.count - 1] = last
        } else {
            segments.append(
                OfficeXMLText.Segment(
                    textStart: text.count, textLength: range.count, xmlStart: range.lowerBound,
                    xmlEnd: range.upperBound, kind: .identity))
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private mutating func appendDecoded(_ scalar: UInt32, from range: Range<Int>) {
        let start = text.count
        if scalar < 0x80 {
            text.append(UInt8(scalar))
        } else if scalar < 0x800 {
            text.append(UInt8(0xC0 | scalar >> 6))
            text.append(UInt8(0x80 | scalar & 0x3F))
        } else if scalar < 0x10000 {
            text.append(UInt8(0xE0 | scalar >> 12))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        } else {
            text.append(UInt8(0xF0 | scalar >> 18))
            text.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        }
        segments.append(
            OfficeXMLText.Segment(
                textStart: start, textLength: text.count - start, xmlStart: range.lowerBound,
                xmlEnd: range.upperBound, kind: .decoded))
    }

    private mutating func cdata(_ range: Range<Int>) throws(OfficeXMLError) {
        afterSpace = false
        appendIdentity(range)
    }

    /// Character data between tags (or an attribute value): references
    /// checked always, text kept when `captures`, white space collapsed in
    /// ODF paragraphs when `collapses`.
    private mutating func characterData(_ range: Range<Int>, captures: Bool, collapses: Bool) throws(OfficeXMLError) {
        if metadata && captures {
            var blank = true
            for index in range where !isSpace(bytes[index]) {
                blank = false
                break
            }
            if blank { return }
        }
        var runStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                if captures { appendIdentity(runStart..<index) }
                let (scalar, end) = try reference(at: index, limit: range.upperBound)
                if captures {
                    if collapses, scalar == 0x20 || scalar == 0x09 || scalar == 0x0A || scalar == 0x0D {
                        if !afterSpace { appendDecoded(0x20, from: index..<end) }
                        afterSpace = true
                    } else {
                        appendDecoded(scalar, from: index..<end)
                        afterSpace = false
                    }
                }
                index = end
                runStart = end
            } else if collapses && captures && isSpace(byte) {
                appendIdentity(runStart..<index)
                if !afterSpace {
                    if byte == 0x20 {
                        appendIdentity(index..<index + 1)
                    } else {
                        appendDecoded(0x20, from: index..<index + 1)
                    }
                }
                afterSpace = true
                index += 1
                runStart = index
            } else {
                if byte < 0x20 && !isSpace(byte) { throw .malformed(offset: index, .invalidCharacter) }
                if collapses { afterSpace = false }
                index += 1
            }
        }
        if captures { appendIdentity(runStart..<range.upperBound) }
    }

    /// The character of the reference at `index` and the index after its `;`.
    private func reference(at index: Int, limit: Int) throws(OfficeXMLError) -> (UInt32, Int) {
        var end = index + 1
        while end < limit, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < limit, bytes[end] == UInt8(ascii: ";") else { throw .malformed(offset: index, .unknownEntity) }
        let name = index + 1..<end
        if equals(name, "lt") { return (0x3C, end + 1) }
        if equals(name, "gt") { return (0x3E, end + 1) }
        if equals(name, "amp") { return (0x26, end + 1) }
        if equals(name, "quot") { return (0x22, end + 1) }
        if equals(name, "apos") { return (0x27, end + 1) }
        guard name.count >= 2, bytes[name.lowerBound] == UInt8(ascii: "#") else {
            throw .malformed(offset: index, .unknownEntity)
        }
        var digits = name.lowerBound + 1
        var radix: UInt32 = 10
        if bytes[digits] == UInt8(ascii: "x") {
            radix = 16
            digits += 1
        }
        guard digits < end else { throw .malformed(offset: index, .invalidCharacterReference) }
        var scalar: UInt32 = 0
        for position in digits..<end {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .malformed(offset: index, .invalidCharacterReference)
            }
            scalar = scalar * radix + digit
            guard scalar <= 0x10FFFF else { throw .malformed(offset: index, .invalidCharacterReference) }
        }
        guard OfficeXMLText.isXMLCharacter(scalar) else { throw .malformed(offset: index, .invalidCharacterReference) }
        return (scalar, end + 1)
    }
}
