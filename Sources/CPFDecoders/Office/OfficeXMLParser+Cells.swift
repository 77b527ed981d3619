// Spreadsheet cells as OfficeXMLParser reads them: a SpreadsheetML `c`
// element and an OpenDocument `table:table-cell` begun from their
// attributes, and an OpenDocument float cell ended as a numeric cell of
// the text (SpreadsheetML's end in `finish`, with the `v` element).

extension OfficeXMLParser {
    mutating func beginSheetCell(tagClose: Int) throws(OfficeXMLError) {
        let type = try attribute(.none, "t")
        let value = type?.value ?? 0..<0
        let isNumber = type == nil || equals(value, "n")
        sheetCells.append(
            SheetCell(
                typeAttribute: type?.whole, tagClose: tagClose, capturesValue: !equals(value, "s"),
                isNumber: isNumber))
    }

    mutating func beginTableCell() throws(OfficeXMLError) {
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

    mutating func endTableCell(_ cell: TableCell) throws(OfficeXMLError) {
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
}
