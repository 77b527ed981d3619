/// Why an Office XML part could not be read, or a replacement not written.
///
/// ```swift
/// do { _ = try OfficeXMLText(xml: buffer, kind: .wordprocessing, part: Array("word/document.xml".utf8)) }
/// catch { print(error) }   // "malformed XML at byte 120: an end tag that does not match its start tag"
/// ```
public enum OfficeXMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with a malformed part.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        case unexpectedEnd
        case invalidName
        case invalidAttribute
        case mismatchedEndTag
        case unknownEntity
        case invalidCharacterReference
        case undeclaredPrefix
        case documentTypeDeclaration
        case contentOutsideRootElement
        case noRootElement
        case invalidCharacter
        case tooManyNamespaceDeclarations

        /// A short English fragment.
        public var description: String {
            switch self {
            case .unexpectedEnd: "the part ends inside a tag, comment or element"
            case .invalidName: "a tag without a valid name"
            case .invalidAttribute: "an attribute without a quoted value"
            case .mismatchedEndTag: "an end tag that does not match its start tag"
            case .unknownEntity: "an entity that is not one of XML's five"
            case .invalidCharacterReference: "a character reference to no XML character"
            case .undeclaredPrefix: "a namespace prefix that is not declared"
            case .documentTypeDeclaration: "a document type declaration (Office parts have none)"
            case .contentOutsideRootElement: "text or a second element outside the root element"
            case .noRootElement: "no root element"
            case .invalidCharacter: "a character XML does not allow"
            case .tooManyNamespaceDeclarations:
                "more than \(OfficeXMLParser.maximumNamespaces) namespace declarations in scope"
            }
        }
    }

    /// The part is larger than the limit given to the reader.
    case partTooLarge(size: Int, limit: Int)
    /// The part is not UTF-8: a UTF-16 byte order mark, or bytes that are not UTF-8 at `offset`.
    case notUTF8(offset: Int)
    /// The part is not well-formed XML at byte `offset`.
    case malformed(offset: Int, Problem)
    /// Elements nested deeper than the limit, at byte `offset`.
    case nestingTooDeep(offset: Int, limit: Int)
    /// A replacement range outside the text, empty, or not on character boundaries.
    case invalidRange(Range<Int>)
    /// Two replacement ranges overlap.
    case overlappingRanges(Range<Int>, Range<Int>)
    /// A replacement that is not UTF-8 or holds a character XML 1.0 does not allow.
    case invalidReplacement(Range<Int>)
    /// A replacement that would change a line feed the reader put between
    /// paragraphs, cells or rows (there is no character in the XML to change).
    case replacesStructure(Range<Int>)

    /// A short English sentence fragment.
    public var description: String {
        switch self {
        case .partTooLarge(let size, let limit): "an XML part of \(size) bytes, over the limit of \(limit)"
        case .notUTF8(let offset): "an XML part that is not UTF-8 (at byte \(offset))"
        case .malformed(let offset, let problem): "malformed XML at byte \(offset): \(problem)"
        case .nestingTooDeep(let offset, let limit): "XML elements nested deeper than \(limit) at byte \(offset)"
        case .invalidRange(let range): "a text range \(range) outside the text or not on character boundaries"
        case .overlappingRanges(let first, let second): "text ranges \(first) and \(second) overlap"
        case .invalidReplacement(let range):
            "the replacement of \(range) is not UTF-8 or holds a character XML does not allow"
        case .replacesStructure(let range):
            "the replacement of \(range) changes a line break between paragraphs or cells"
        }
    }
}
