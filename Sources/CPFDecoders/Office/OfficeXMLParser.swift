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

    func matches(_ literal: StaticString, at index: Int) -> Bool {
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

    func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// The end of the name starting at `index`, and the index of its first colon (or its end).
    func name(at index: Int) throws(OfficeXMLError) -> (end: Int, colon: Int) {
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

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && matches(literal, at: range.lowerBound)
    }

    func equalBytes(_ range: Range<Int>, _ other: Int) -> Bool {
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != bytes[other + offset] { return false }
        return true
    }
}
