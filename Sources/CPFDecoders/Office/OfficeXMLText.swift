/// The text of one XML part of an Office document as a reader sees it,
/// with a map back to the XML bytes, and the part rewritten with some of
/// that text replaced.
///
/// The text is the character data of the text elements only: `w:t` (and
/// `w:delText`, deleted text of tracked changes, which is still in the
/// file) of WordprocessingML, `a:t` of DrawingML (slides, notes, text
/// boxes), `t` of shared strings, inline strings and comments and `v` (a
/// cell's value) of SpreadsheetML, `p:text` of legacy slide comments,
/// `text` of threaded comments, and whatever stands inside `text:p` and
/// `text:h` of OpenDocument (spans, links, fields), without annotations
/// (`office:annotation`) or frame titles (`svg:title`, `svg:desc`). In
/// document property parts (docProps/…, meta.xml) the text of every element.
///
/// - The runs of a paragraph are joined with nothing between them: a CPF
///   split across a bold run and a plain one reads as one.
/// - A line feed follows each paragraph (`w:p`, `a:p`, `text:p`,
///   `text:h`); one follows each shared string item, cell and row unless
///   the text already ends with one, so no CPF runs from one cell into the next.
/// - `<w:tab/>` and `<text:tab/>` read as a tab, `<w:br/>`, `<w:cr/>`,
///   `<a:br/>` and `<text:line-break/>` as a line feed, `<text:s text:c="N"/>`
///   as N spaces; in OpenDocument paragraphs other white space collapses
///   to one space, as ODF readers show it.
/// - Entities and character references are decoded; CDATA is kept.
/// - A formula (`f`) and a shared string index (`v` of a `t="s"` cell) are not text.
///
/// The whole part is held (with its text and map, about three times its
/// size): parts over `maximumSize` bytes (256 MiB by default) are refused.
///
/// ```swift
/// let w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
/// let xml = Array(#"<w:document xmlns:w="\#(w)"><w:body><w:p><w:r><w:t>CPF 390.5</w:t></w:r>"#
///     + #"<w:r><w:rPr><w:b/></w:rPr><w:t>33.447-05</w:t></w:r></w:p></w:body></w:document>"#).utf8)
/// let part = try xml.withUnsafeBytes {
///     try OfficeXMLText(xml: $0, kind: .wordprocessing, part: Array("word/document.xml".utf8))
/// }
/// part.text                                                     // "CPF 390.533.447-05\n"
/// let redacted = try part.replacing([(range: 4..<18, with: Array("***.***.***-**".utf8))])
/// // each "*" stands where its digit stood: "CPF ***.*" in the first run, "**.***-**" in the bold one
/// ```
public struct OfficeXMLText: Sendable {
    /// The largest part read unless told otherwise: 256 MiB.
    public static let defaultMaximumSize = 256 << 20

    /// The text, UTF-8.
    public let text: [UInt8]
    /// Spreadsheet cells whose value is a number, as ranges of ``text``:
    /// SpreadsheetML `c` elements without `t` or with `t="n"` and without a
    /// formula (the value in `v`); OpenDocument cells with
    /// `office:value-type="float"` (the text of their paragraphs, or the
    /// `office:value` attribute when they have none). The range leaves out
    /// the line feed after the cell.
    public let numericCells: [Range<Int>]

    let xml: [UInt8]
    let segments: [Segment]
    let cells: [NumericCell]

    /// Text bytes `textStart..<textStart + textLength` came from XML bytes `xmlStart..<xmlEnd`.
    struct Segment: Sendable {
        enum Kind: UInt8, Sendable {
            /// Character data as written: byte i of the text is byte i of the XML.
            case identity
            /// One character from an entity or character reference (or white space ODF collapses).
            case decoded
            /// A line feed the reader puts between paragraphs, cells or rows: no XML byte.
            case separator
            /// `w:tab`, `w:br`, `w:cr` in a run: one character from the element.
            case wordRunMarkup
            /// `a:br`: a line feed from the element.
            case drawingBreak
            /// `text:tab`, `text:line-break`.
            case odfMarkup
            /// `text:s`: `textLength` spaces from one element.
            case odfSpace
        }
        var textStart: Int
        var textLength: Int
        var xmlStart: Int
        var xmlEnd: Int
        var kind: Kind
    }

    struct NumericCell: Sendable {
        enum Kind: Sendable {
            /// `typeAttribute` is the whole ` t="n"` (from the white space before it), `tagClose` the
            /// offset of the `>` or `/>` that ends the start tag, `value` the whole `v` element.
            case sheet(typeAttribute: Range<Int>?, tagClose: Int, value: Range<Int>, content: Range<Int>)
            /// Ranges of the values of `office:value-type`, of `office:value` (whole, value and prefix)
            /// and of `calcext:value-type`.
            case table(
                valueType: Range<Int>, value: (whole: Range<Int>, value: Range<Int>, prefix: Range<Int>)?,
                calcextValueType: Range<Int>?, textInAttribute: Bool)
        }
        var text: Range<Int>
        var kind: Kind
    }

    /// Reads the text of the XML part `xml`, member `part` of a document of `kind`.
    ///
    /// - Throws: ``OfficeXMLError/partTooLarge(size:limit:)`` over
    ///   `maximumSize`; ``OfficeXMLError/notUTF8(offset:)`` for a part in
    ///   UTF-16 or with bytes that are not UTF-8;
    ///   ``OfficeXMLError/malformed(offset:_:)`` and
    ///   ``OfficeXMLError/nestingTooDeep(offset:limit:)`` (deeper than 1,024 elements).
    ///
    /// ```swift
    /// let part = try bytes.withUnsafeBytes {
    ///     try OfficeXMLText(xml: $0, kind: .spreadsheet, part: Array("xl/sharedStrings.xml".utf8))
    /// }
    /// ```
    public init(
        xml: UnsafeRawBufferPointer, kind: OfficeDocumentKind, part: [UInt8], maximumSize: Int = defaultMaximumSize
    ) throws(OfficeXMLError) {
        guard xml.count <= maximumSize else { throw .partTooLarge(size: xml.count, limit: maximumSize) }
        let bytes = [UInt8](xml)
        let valid = Self.validUTF8PrefixLength(bytes)
        guard valid == bytes.count else { throw .notUTF8(offset: valid) }
        let metadata = kind.isMetadataPart(part)
        let parser = try bytes.withUnsafeBufferPointer { (buffer) throws(OfficeXMLError) -> OfficeXMLParser in
            var parser = OfficeXMLParser(bytes: buffer, metadata: metadata)
            try parser.parse()
            return parser
        }
        self.xml = bytes
        text = parser.text
        segments = parser.segments
        cells = parser.cells.sorted { $0.text.lowerBound < $1.text.lowerBound }
        numericCells = cells.map(\.text)
    }

    /// The length of the longest prefix of `bytes` that is well-formed
    /// UTF-8: ``UTF8Validation`` with runs of ASCII skipped eight bytes at a time.
    static func validUTF8PrefixLength(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index < buffer.count {
                if index + 8 <= buffer.count,
                    raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                let length = UTF8Validation.sequenceLength(buffer, at: index)
                if length <= 0 { return index }
                index += length
            }
            return index
        }
    }

    static func isXMLCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
