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

    /// The XML bytes of the character of ``text`` that holds byte `offset`:
    /// the character as written, its reference, or the element it stands
    /// for (`<w:tab/>`); an empty range where a line feed between
    /// paragraphs or cells was put; nil outside the text.
    ///
    /// ```swift
    /// part.xmlRange(ofTextOffset: 0)   // where the first character is in the XML
    /// ```
    public func xmlRange(ofTextOffset offset: Int) -> Range<Int>? {
        guard offset >= 0, offset < text.count else { return nil }
        let segment = segments[segmentIndex(of: offset)]
        switch segment.kind {
        case .identity:
            var start = offset
            while start > segment.textStart, text[start] & 0xC0 == 0x80 { start -= 1 }
            var end = offset + 1
            while end < segment.textStart + segment.textLength, text[end] & 0xC0 == 0x80 { end += 1 }
            return segment.xmlStart + start - segment.textStart..<segment.xmlStart + end - segment.textStart
        default: return segment.xmlStart..<segment.xmlEnd
        }
    }

    /// The XML bytes from the first character of `range` (a range of
    /// ``text``, such as a CPF found in it) to its last; nil when it is
    /// empty or outside the text.
    ///
    /// ```swift
    /// part.xmlRange(of: 4..<18)   // from the "3" in the first run to the "5" in the second
    /// ```
    public func xmlRange(of range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty, let first = xmlRange(ofTextOffset: range.lowerBound),
            let last = xmlRange(ofTextOffset: range.upperBound - 1)
        else { return nil }
        return min(first.lowerBound, last.lowerBound)..<max(first.upperBound, last.upperBound)
    }

    /// The number of numeric cell `index` (an index of ``numericCells``) as
    /// the file stores it: the `v` of SpreadsheetML, the `office:value` of
    /// OpenDocument (whose text may be formatted, "1.234.567.890"); empty
    /// when an OpenDocument cell has no `office:value`.
    ///
    /// ```swift
    /// part.numericValue(ofCell: 0)   // "1234567890", whatever the cell shows
    /// ```
    public func numericValue(ofCell index: Int) -> ArraySlice<UInt8> {
        switch cells[index].kind {
        case .sheet(_, _, _, let content): xml[content]
        case .table(_, let value, _, _): value.map { xml[$0.value] } ?? []
        }
    }

    /// The XML bytes of each character of `range` (a range of ``text``), in
    /// order, as ``xmlRange(ofTextOffset:)`` gives them; empty when `range`
    /// is outside the text.
    ///
    /// ```swift
    /// part.xmlRanges(of: 4..<18).count   // 14: one per character of the CPF
    /// ```
    public func xmlRanges(of range: Range<Int>) -> [Range<Int>] {
        guard range.lowerBound >= 0, range.upperBound <= text.count else { return [] }
        var ranges: [Range<Int>] = []
        for offset in range where text[offset] & 0xC0 != 0x80 {
            if let xmlRange = xmlRange(ofTextOffset: offset) { ranges.append(xmlRange) }
        }
        return ranges
    }

    func segmentIndex(of offset: Int) -> Int {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].textStart + segments[middle].textLength <= offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
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

// MARK: Replacing

extension OfficeXMLText {
    /// The changes to the XML: each replaces a range of it with bytes kept in one pool (no array per edit).
    private struct Edits {
        struct Edit {
            var range: Range<Int>
            var bytes: Range<Int>
        }
        var list: [Edit] = []
        var pool: [UInt8] = []

        mutating func add(_ range: Range<Int>, _ bytes: some Sequence<UInt8>) {
            let start = pool.count
            pool.append(contentsOf: bytes)
            list.append(Edit(range: range, bytes: start..<pool.count))
        }

        /// Adds an edit of escaped bytes, joined to the last one when it ends where this one starts
        /// (the characters of one run replaced one by one make one edit).
        mutating func addEscaped(_ range: Range<Int>, _ bytes: some Sequence<UInt8>) {
            let start = pool.count
            OfficeXMLText.escape(bytes, into: &pool)
            if let last = list.last, last.range.upperBound == range.lowerBound, !last.range.isEmpty,
                last.bytes.upperBound == start
            {
                list[list.count - 1] = Edit(
                    range: last.range.lowerBound..<range.upperBound, bytes: last.bytes.lowerBound..<pool.count)
            } else {
                list.append(Edit(range: range, bytes: start..<pool.count))
            }
        }
    }

    /// What becomes of one character of a markup element.
    private enum Fate {
        case keep
        case replace([UInt8])
    }

    /// A new XML part: every byte as it was except the characters of the
    /// given ranges of ``text``, each replaced by the given UTF-8 text.
    ///
    /// - When a replacement has as many characters as its range, character
    ///   i replaces character i where it stands in the XML: a CPF split
    ///   across runs stays split, formatting kept. A character the same as
    ///   the one it replaces is left as written; another one is written
    ///   plain, escaped if it must be (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
    ///   `&apos;`, and tab, line feed and carriage return as references).
    /// - Otherwise the whole replacement goes where the first character was
    ///   and the others are removed.
    /// - A character that stands for an element (`<w:tab/>`, `<a:br/>`,
    ///   `<text:s/>`) is replaced by text that may stand there: `<w:t>` in
    ///   a Word run, `<a:r><a:t>` in a DrawingML paragraph, the text itself
    ///   (a space as `<text:s/>`) in OpenDocument.
    /// - The line feeds put between paragraphs, cells and rows have no
    ///   character in the XML: they are kept, and a replacement that
    ///   changes one into something else is refused
    ///   (``OfficeXMLError/replacesStructure(_:)``).
    /// - A range that is exactly one of ``numericCells`` changes the cell:
    ///   a replacement of ASCII digits stays a number (the `v` of
    ///   SpreadsheetML, `office:value` and the text of OpenDocument); any
    ///   other makes it a string cell holding the replacement (SpreadsheetML:
    ///   `t="inlineStr"` and `<is><t>…</t></is>` in place of `<v>`;
    ///   OpenDocument: `office:value-type="string"`, without `office:value`).
    ///
    /// Ranges must not overlap; they may come in any order.
    ///
    /// - Throws: ``OfficeXMLError/invalidRange(_:)``,
    ///   ``OfficeXMLError/overlappingRanges(_:_:)``,
    ///   ``OfficeXMLError/invalidReplacement(_:)``,
    ///   ``OfficeXMLError/replacesStructure(_:)``.
    ///
    /// ```swift
    /// let redacted = try part.replacing([(range: 4..<18, with: Array("***.***.***-**".utf8))])
    /// ```
    public func replacing(_ replacements: [(range: Range<Int>, with: [UInt8])]) throws(OfficeXMLError) -> [UInt8] {
        let sorted = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var edits = Edits()
        var fates: [Int: [Fate]] = [:]
        var previous: Range<Int>?
        for (range, replacement) in sorted {
            guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.count,
                text[range.lowerBound] & 0xC0 != 0x80,
                range.upperBound == text.count || text[range.upperBound] & 0xC0 != 0x80
            else { throw .invalidRange(range) }
            if let previous, previous.upperBound > range.lowerBound { throw .overlappingRanges(previous, range) }
            previous = range
            guard let characters = Self.characters(of: replacement) else { throw .invalidReplacement(range) }
            if let cell = cellIndex(exactly: range) {
                try cellEdits(cells[cell], replacement, characters, &edits, &fates)
            } else {
                try characterEdits(range, characters, &edits, &fates)
            }
        }
        for (index, segmentFates) in fates {
            edits.add(segments[index].xmlStart..<segments[index].xmlEnd, markupBytes(segments[index], segmentFates))
        }
        let isOrdered: (Edits.Edit, Edits.Edit) -> Bool = {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
        if zip(edits.list, edits.list.dropFirst()).contains(where: { !isOrdered($0, $1) }) {
            edits.list.sort(by: isOrdered)
        }
        var output: [UInt8] = []
        output.reserveCapacity(xml.count + edits.pool.count)
        var position = 0
        for edit in edits.list {
            // Edits come from characters that do not overlap, so neither do they.
            precondition(edit.range.lowerBound >= position, "overlapping edits of an XML part")
            output.append(contentsOf: xml[position..<edit.range.lowerBound])
            output.append(contentsOf: edits.pool[edit.bytes])
            position = edit.range.upperBound
        }
        output.append(contentsOf: xml[position...])
        return output
    }

    /// The UTF-8 bytes of each character of `bytes`, or nil when it is not
    /// UTF-8 or holds a character XML does not allow.
    private static func characters(of bytes: [UInt8]) -> [ArraySlice<UInt8>]? {
        guard UTF8Validation.validPrefixLength(bytes) == bytes.count else { return nil }
        var characters: [ArraySlice<UInt8>] = []
        var index = 0
        while index < bytes.count {
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            var scalar = UInt32(bytes[index])
            if end - index > 1 {
                scalar &= 0x7F >> UInt32(end - index)
                for position in index + 1..<end { scalar = scalar << 6 | UInt32(bytes[position] & 0x3F) }
            }
            guard isXMLCharacter(scalar) else { return nil }
            characters.append(bytes[index..<end])
            index = end
        }
        return characters
    }

    private func cellIndex(exactly range: Range<Int>) -> Int? {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) / 2
            if cells[middle].text.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < cells.count && cells[low].text == range ? low : nil
    }

    /// The text offsets of the characters of `range`, with their ends.
    private func characterRanges(_ range: Range<Int>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = range.lowerBound
        var index = start + 1
        while index <= range.upperBound {
            if index == range.upperBound || text[index] & 0xC0 != 0x80 {
                ranges.append(start..<index)
                start = index
            }
            index += 1
        }
        return ranges
    }

    private func characterEdits(
        _ range: Range<Int>, _ replacement: [ArraySlice<UInt8>], _ edits: inout Edits, _ fates: inout [Int: [Fate]]
    ) throws(OfficeXMLError) {
        let originals = characterRanges(range)
        if originals.count == replacement.count {
            for (original, new) in zip(originals, replacement) where !text[original].elementsEqual(new) {
                if segments[segmentIndex(of: original.lowerBound)].kind == .separator {
                    throw .replacesStructure(range)
                }
                set(original, to: new, &edits, &fates)
            }
            return
        }
        let anchor = originals.firstIndex { segments[segmentIndex(of: $0.lowerBound)].kind != .separator }
        guard let anchor else {
            if replacement.isEmpty { return }
            throw .replacesStructure(range)
        }
        for (index, original) in originals.enumerated()
        where segments[segmentIndex(of: original.lowerBound)].kind != .separator {
            set(original, to: index == anchor ? ArraySlice(replacement.joined()) : [], &edits, &fates)
        }
    }

    /// Character `original` of the text (not a separator) becomes `new` (nothing: removed).
    private func set(
        _ original: Range<Int>, to new: ArraySlice<UInt8>, _ edits: inout Edits, _ fates: inout [Int: [Fate]]
    ) {
        let index = segmentIndex(of: original.lowerBound)
        let segment = segments[index]
        switch segment.kind {
        case .identity:
            let start = segment.xmlStart + original.lowerBound - segment.textStart
            edits.addEscaped(start..<start + original.count, new)
        case .decoded:
            edits.addEscaped(segment.xmlStart..<segment.xmlEnd, new)
        case .separator:
            break
        case .wordRunMarkup, .drawingBreak, .odfMarkup, .odfSpace:
            // text:s stands for textLength spaces; the others for one character.
            let characters = segment.kind == .odfSpace ? segment.textLength : 1
            var segmentFates = fates[index] ?? Array(repeating: .keep, count: characters)
            segmentFates[original.lowerBound - segment.textStart] = .replace(Array(new))
            fates[index] = segmentFates
        }
    }

    /// The new bytes of a markup element some of whose characters change.
    private func markupBytes(_ segment: Segment, _ fates: [Fate]) -> [UInt8] {
        // The element's prefix as written, colon included: its replacement is in the same namespace.
        var nameEnd = segment.xmlStart + 1
        var prefix: [UInt8] = []
        while nameEnd < segment.xmlEnd, ![0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E].contains(xml[nameEnd]) {
            if xml[nameEnd] == UInt8(ascii: ":") && prefix.isEmpty {
                prefix = Array(xml[segment.xmlStart + 1...nameEnd])
            }
            nameEnd += 1
        }
        var bytes: [UInt8] = []
        let space = [UInt8(ascii: "<")] + prefix + Array("s/>".utf8)
        for fate in fates {
            switch (fate, segment.kind) {
            case (.keep, .odfSpace): bytes += space
            case (.keep, _): bytes += xml[segment.xmlStart..<segment.xmlEnd]
            case (.replace(let new), _) where new.isEmpty: break
            case (.replace(let new), .wordRunMarkup):
                bytes += Array("<".utf8) + prefix + Array("t xml:space=\"preserve\">".utf8) + Self.escaped(new)
                bytes += Array("</".utf8) + prefix + Array("t>".utf8)
            case (.replace(let new), .drawingBreak):
                bytes += Array("<".utf8) + prefix + Array("r><".utf8) + prefix + Array("t>".utf8) + Self.escaped(new)
                bytes += Array("</".utf8) + prefix + Array("t></".utf8) + prefix + Array("r>".utf8)
            case (.replace(let new), _):
                for byte in new {
                    if byte == 0x20 { bytes += space } else { bytes += Self.escaped([byte]) }
                }
            }
        }
        return bytes
    }

    private func cellEdits(
        _ cell: NumericCell, _ replacement: [UInt8], _ characters: [ArraySlice<UInt8>], _ edits: inout Edits,
        _ fates: inout [Int: [Fate]]
    ) throws(OfficeXMLError) {
        let isNumber =
            !replacement.isEmpty && replacement.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        switch cell.kind {
        case .sheet(let typeAttribute, let tagClose, let value, let content):
            if isNumber {
                edits.add(content, replacement)
                return
            }
            if let typeAttribute { edits.add(typeAttribute, [UInt8]()) }
            edits.add(tagClose..<tagClose, Array(#" t="inlineStr""#.utf8))
            var prefix: [UInt8] = []
            if let colon = xml[value].firstIndex(of: UInt8(ascii: ":")), colon < content.lowerBound {
                prefix = Array(xml[value.lowerBound + 1...colon])
            }
            var bytes = Array("<".utf8) + prefix + Array("is><".utf8) + prefix
            bytes += Array("t xml:space=\"preserve\">".utf8) + Self.escaped(replacement)
            bytes += Array("</".utf8) + prefix + Array("t></".utf8) + prefix + Array("is>".utf8)
            edits.add(value, bytes)
        case .table(let valueType, let value, let calcextValueType, let textInAttribute):
            if isNumber {
                if let value, !textInAttribute { edits.add(value.value, replacement) }
                try characterEdits(cell.text, characters, &edits, &fates)
                return
            }
            edits.add(valueType, Array("string".utf8))
            if let calcextValueType { edits.add(calcextValueType, Array("string".utf8)) }
            if let value, textInAttribute {
                var bytes = Array(" ".utf8) + xml[value.prefix]
                bytes += Array(":string-value=\"".utf8) + Self.escaped(replacement) + Array("\"".utf8)
                edits.add(value.whole, bytes)
                return
            }
            if let value { edits.add(value.whole, [UInt8]()) }
            try characterEdits(cell.text, characters, &edits, &fates)
        }
    }

    /// `bytes` with what cannot stand as itself in character data or an attribute value written as a reference.
    static func escaped<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var output: [UInt8] = []
        escape(bytes, into: &output)
        return output
    }

    /// Appends `bytes` to `output`, escaped as ``escaped(_:)`` says.
    static func escape<Bytes: Sequence<UInt8>>(_ bytes: Bytes, into output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output += Array("&amp;".utf8)
            case UInt8(ascii: "<"): output += Array("&lt;".utf8)
            case UInt8(ascii: ">"): output += Array("&gt;".utf8)
            case UInt8(ascii: "\""): output += Array("&quot;".utf8)
            case UInt8(ascii: "'"): output += Array("&apos;".utf8)
            case 0x09: output += Array("&#9;".utf8)
            case 0x0A: output += Array("&#10;".utf8)
            case 0x0D: output += Array("&#13;".utf8)
            default: output.append(byte)
            }
        }
    }
}
