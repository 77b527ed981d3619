// The tags of an XML part as OfficeXMLParser reads them: a start tag's
// attributes and namespace declarations, the role of its element and what
// it opens; an end tag matched to its start tag, and what the element's end
// does (line feeds, cells, markup characters, scopes).

extension OfficeXMLParser {
    mutating func startTag(at tagStart: Int) throws(OfficeXMLError) -> Int {
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

    mutating func endTag(at tagStart: Int) throws(OfficeXMLError) -> Int {
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
}
