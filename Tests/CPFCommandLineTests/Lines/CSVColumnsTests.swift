// Tests of Lines/CSVColumns.swift: records are CSV records only when a field is read.

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
}
