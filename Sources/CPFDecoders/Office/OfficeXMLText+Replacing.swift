// An Office XML part written again with some of its text replaced: each
// character where it stands in the XML (runs and formatting kept), markup
// elements replaced by text that may stand there, numeric cells kept
// numbers or made strings, the line feeds between paragraphs and cells
// kept.

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
}
