// Tests of Input/CSVColumns.swift: records are CSV records only when a field is read.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("CSVColumns")
struct CSVColumnsTests {
    @Test func wholeLinesByDefault() {
        let columns = CSVColumns()
        #expect(columns.field == nil && columns.delimiter == 0x2C && !columns.skipsHeader)
        #expect(columns.recordDelimiter == nil)
    }

    @Test func aFieldMakesRecordsCSVRecords() {
        #expect(CSVColumns(field: 2, delimiter: 0x09).recordDelimiter == 0x09)
    }

    @Test func aFieldNameMakesRecordsCSVRecordsToo() {
        let columns = CSVColumns(fieldName: Array("cpf".utf8), skipsHeader: true)
        #expect(columns.readsField && columns.recordDelimiter == 0x2C)
    }

    @Test(
        "a name is looked up in the header, its quotes undone, byte for byte",
        arguments: [
            ("id,cpf,notes", "cpf", 1), ("\"cpf\",x", "cpf", 0), ("a,\"c,\"\"d\"\"\"", "c,\"d\"", 1),
            ("a,b,CPF", "cpf", nil), ("a,b", "", nil), ("a,,b", "", 1), ("cpf,cpf", "cpf", 0), ("a,cpf ", "cpf", nil),
        ] as [(String, String, Int?)])
    func fieldNames(header: String, name: String, index: Int?) {
        #expect(CSVColumns.index(of: Array(name.utf8), inHeader: Array(header.utf8), delimiter: 0x2C) == index)
    }

    @Test func aHeaderCaptureKeepsAtMostItsLimit() {
        var capture = HeaderCapture()
        let big = [UInt8](repeating: 0x61, count: HeaderCapture.limit - 1)
        big.withUnsafeBytes { capture.append($0) }
        #expect(!capture.isTruncated)
        [0x62, 0x63].withUnsafeBytes { capture.append($0) }
        #expect(capture.isTruncated && capture.bytes.count == HeaderCapture.limit && capture.bytes.last == 0x62)
        capture.reset()
        #expect(capture.bytes.isEmpty && !capture.isTruncated)
    }
}
