// Where the text of an Office XML part came from: the XML bytes of each
// character of the text, or of a range of it, and the number a numeric
// cell stores, through the segments the parser recorded.

extension OfficeXMLText {
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
}
