// Tests of Input/DocumentReader+StoredNumbers.swift: the whole number a
// cell stores in any of the forms spreadsheets write, and the cells that are
// CPFs or CNPJs as the sheet stores them.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader+StoredNumbers")
struct DocumentReaderStoredNumbersTests {
    static let numbers: [(String, String?)] = [
        ("39053344705", "39053344705"),
        ("39053344705.0", "39053344705"),
        ("39053344705.000", "39053344705"),
        ("3.9053344705E10", "39053344705"),
        ("3.9053344705e+10", "39053344705"),
        ("3.9053344705E+010", "39053344705"),
        ("1.23456789E9", "1234567890"),
        ("1.2345678909E9", nil),  // 1234567890.9
        ("012345678909", "12345678909"),
        ("5E3", "5000"),
        ("0", ""),
        ("3.9053344705E9", nil),  // a fraction
        ("39053344705.5", nil),
        ("-39053344705", nil),
        ("3.9E-10", nil),
        ("1E999", nil),
        ("39 053", nil),
        ("", nil),
        ("E10", nil),
        ("3.9053344705E", nil),
    ]

    @Test("the whole number a cell stores, in any of the forms spreadsheets write", arguments: numbers)
    func integerDigits(_ written: String, _ digits: String?) {
        let found = DocumentReader.integerDigits(of: Array(written.utf8)[...])
        #expect(found.map { String(decoding: $0, as: UTF8.self) } == digits)
    }

    @Test("stored numbers: 11 digits in exponent form at medium confidence, 9 or 10 padded at low, plain 11 not again")
    func storedNumbers() throws {
        let xml = Array(
            """
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\
            <row r="1"><c r="A1"><v>3.9053344705E10</v></c><c r="B1"><v>1234567890</v></c>\
            <c r="C1"><v>39053344705</v></c><c r="D1"><v>12345</v></c><c r="E1"><v>3.9053344706E10</v></c></row>\
            </sheetData></worksheet>
            """.utf8)
        let part = try xml.withUnsafeBytes {
            try OfficeXMLText(xml: $0, kind: .spreadsheet, part: Array("xl/worksheets/sheet1.xml".utf8))
        }
        let found = DocumentReader.storedNumbers(in: part)
        #expect(found.map(\.id.characters) == ["39053344705", "01234567890"])
        #expect(found.map(\.confidence) == [.medium, .low])
        #expect(found.map { String(decoding: $0.written, as: UTF8.self) } == ["3.9053344705E10", "1234567890"])
    }

    @Test("numbers of a text's cells: 9 or 10 digits that are CPFs once padded, at low confidence, with their line")
    func storedNumbersOfText() {
        let text = Array("Nome\n1234567890\n52998224725\n42\n".utf8)
        let cells = [5..<15, 16..<27, 28..<30].map { ($0, text[$0]) }
        let numbers = DocumentReader.storedNumbers(text: text, cells: cells)
        #expect(numbers.map(\.id.characters) == ["01234567890"])
        #expect(numbers.map(\.line) == [2])
        #expect(numbers.map(\.confidence) == [.low])
    }
}
