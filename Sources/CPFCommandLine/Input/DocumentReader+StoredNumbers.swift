import CPFDecoders
import CPFKit

/// The numbers a spreadsheet stores in its cells that are CPFs or CNPJs
/// though its text does not show them so: leading zeros lost, or written
/// in exponent form.
extension DocumentReader {
    /// A spreadsheet cell holding a number that is a CPF or a numeric CNPJ
    /// as the sheet stores it: 9 or 10 digits that, padded with zeros, are a
    /// valid CPF (`1234567890` for 012.345.678-90: its leading zeros lost),
    /// or 12 or 13 that so padded are a valid CNPJ, reported at low
    /// confidence; or 11 or 14 digits written otherwise than as those digits
    /// (`3.9053344705E10`, as Apache POI writes every number, or
    /// `39053344705.0`), reported at medium confidence as bare digits are.
    struct StoredNumber {
        /// The cell's number in the part's text.
        var range: Range<Int>
        /// Its line and byte column (from 1) in the part's text.
        var line: Int
        var column: Int
        /// The number as written.
        var written: [UInt8]
        /// The CPF or CNPJ it is, leading zeros put back.
        var id: TaxpayerID
        var confidence: CPFScanner.Confidence
    }

    /// The numeric cells of a part that are CPFs or CNPJs as ``StoredNumber`` says.
    static func storedNumbers(in part: OfficeXMLText) -> [StoredNumber] {
        storedNumbers(
            text: part.text, cells: part.numericCells.enumerated().map { ($1, part.numericValue(ofCell: $0)) })
    }

    /// The numeric cells of a text that are CPFs or CNPJs as ``StoredNumber`` says:
    /// each cell's range in `text` and the number as stored.
    static func storedNumbers(text: [UInt8], cells: [(Range<Int>, ArraySlice<UInt8>)]) -> [StoredNumber] {
        var found: [StoredNumber] = []
        var line = 1
        var lineStart = 0
        var counted = 0
        for (range, stored) in cells {
            guard let value = integerDigits(of: stored), (9...14).contains(value.count) else { continue }
            let whole = value.count == 11 || value.count == 14
            // A whole number shown as it is stored is found in the text already.
            if whole, text[range].elementsEqual(value) { continue }
            let digits = String(decoding: value, as: UTF8.self)
            let id: TaxpayerID
            if value.count <= 11 {
                guard let cpf = try? CPF(validating: digits, options: .init(format: .lenient, padsLeadingZeros: true))
                else { continue }
                id = .cpf(cpf)
            } else {
                guard let cnpj = try? CNPJ(validating: digits, options: .init(padsLeadingZeros: true)) else { continue }
                id = .cnpj(cnpj)
            }
            let written = Array(text[range])
            for offset in counted..<range.lowerBound where text[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            counted = range.lowerBound
            found.append(
                StoredNumber(
                    range: range, line: line, column: range.lowerBound - lineStart + 1, written: written, id: id,
                    confidence: whole ? .medium : .low))
        }
        return found
    }

    /// The digits of the whole number `number` is written as, without
    /// leading zeros: `39053344705`, `39053344705.0`, `3.9053344705E10`,
    /// `3.9053344705e+10`; nil for anything else, a fraction or more than
    /// 20 digits.
    ///
    /// ```swift
    /// DocumentReader.integerDigits(of: Array("3.9053344705E10".utf8)[...])   // "39053344705"
    /// ```
    static func integerDigits(of number: ArraySlice<UInt8>) -> [UInt8]? {
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        var digits: [UInt8] = []
        var index = number.startIndex
        while index < number.endIndex, isDigit(number[index]) {
            digits.append(number[index])
            index += 1
        }
        guard !digits.isEmpty else { return nil }
        var places = 0
        if index < number.endIndex, number[index] == UInt8(ascii: ".") {
            index += 1
            while index < number.endIndex, isDigit(number[index]) {
                digits.append(number[index])
                places += 1
                index += 1
            }
        }
        var exponent = 0
        if index < number.endIndex, number[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < number.endIndex, number[index] == UInt8(ascii: "+") { index += 1 }
            let start = index
            while index < number.endIndex, isDigit(number[index]), index - start < 3 {
                exponent = exponent * 10 + Int(number[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index == number.endIndex else { return nil }
        let shift = exponent - places
        if shift < 0 {
            guard digits.suffix(-shift).allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
            digits.removeLast(-shift)
        } else {
            guard digits.count + shift <= 40 else { return nil }
            digits += repeatElement(UInt8(ascii: "0"), count: shift)
        }
        let significant = Array(digits.drop { $0 == UInt8(ascii: "0") })
        guard significant.count <= 20 else { return nil }
        return significant
    }
}
