// Tests of ExcelBinaryText.swift on BIFF8 records written here as [MS-XLS]
// lays them out: a shared string whose characters change width in a
// Continue record, string and number cells, and an encrypted workbook.
// Workbooks LibreOffice writes are read end to end (LegacyOfficeEndToEndTests).

import CPFTestSupport
import Testing

@testable import CPFDecoders

@Suite("ExcelBinaryText")
struct ExcelBinaryTextTests {
    static func record(_ type: UInt16, _ data: [UInt8]) -> [UInt8] {
        [UInt8(type & 0xFF), UInt8(type >> 8), UInt8(data.count & 0xFF), UInt8(data.count >> 8)] + data
    }
    static func le(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
    static let cell = le(0, 2) + le(0, 2) + le(15, 2)

    static func workbook(_ records: [UInt8]) throws -> CompoundFile {
        let bof = record(0x0809, le(0x0600, 2) + le(0x0005, 2) + [UInt8](repeating: 0, count: 12))
        return try CompoundFile(CompoundFileBuilder.build([(["Workbook"], bof + records + record(0x000A, []))]))
    }

    @Test("reads sheet names, shared strings across Continue records, strings and numbers, one cell a line")
    func cells() throws {
        let sst =
            Self.record(
                0x00FC,
                Self.le(2, 4) + Self.le(2, 4) + Self.le(5, 2) + [0] + Array("Maria".utf8) + Self.le(14, 2) + [0x08]
                    + Self.le(1, 2)
                    + Array("390.533".utf8))
            + Self.record(0x003C, [0x01] + CompoundFileBuilder.utf16(".447-05") + Self.le(0, 4))
        let records =
            Self.record(0x0085, Self.le(0, 4) + Self.le(0, 2) + [6, 0] + Array("Planos".utf8)) + sst
            + Self.record(0x00FD, Self.cell + Self.le(0, 4)) + Self.record(0x00FD, Self.cell + Self.le(1, 4))
            + Self.record(0x027E, Self.cell + Self.le(42 << 2 | 2, 4))
            + Self.record(0x027E, Self.cell + Self.le(150 << 2 | 3, 4))
            + Self.record(0x0203, Self.cell + Self.le(Double(1_234_567_890).bitPattern, 8))
            + Self.record(
                0x00BD, Self.le(0, 2) + Self.le(0, 2) + Self.le(15, 2) + Self.le(52_998 << 2 | 2, 4) + Self.le(0, 2))
            + Self.record(0x0204, Self.cell + Self.le(3, 2) + [1] + CompoundFileBuilder.utf16("ção"))
        let part = try ExcelBinaryText.read(try Self.workbook(records))
        let text = String(decoding: part.text, as: UTF8.self)
        #expect(text == "Planos\nMaria\n390.533.447-05\n42\n1.5\n1234567890\n52998\nção\n")
        #expect(
            part.numericCells.map { String(decoding: part.text[$0], as: UTF8.self) } == [
                "42", "1.5", "1234567890", "52998",
            ])
    }

    @Test("an encrypted workbook, an Excel 5/95 one, and a cell naming a missing string are errors")
    func refusals() throws {
        #expect(throws: LegacyOfficeError.encrypted) {
            try ExcelBinaryText.read(try Self.workbook(Self.record(0x002F, [0, 0])))
        }
        let book = try CompoundFile(CompoundFileBuilder.build([(["Book"], [1, 2, 3])]))
        #expect(throws: LegacyOfficeError.olderVersion("an Excel 5/95 workbook")) { try ExcelBinaryText.read(book) }
        #expect(throws: LegacyOfficeError.self) {
            try ExcelBinaryText.read(try Self.workbook(Self.record(0x00FD, Self.cell + Self.le(9, 4))))
        }
    }

    @Test("RK numbers: 30-bit integers and the high half of a double, each possibly divided by 100")
    func rkNumbers() {
        #expect(ExcelBinaryText.rk(42 << 2 | 2) == 42)
        #expect(ExcelBinaryText.rk(UInt32(bitPattern: -3 << 2 | 3)) == -0.03)
        #expect(ExcelBinaryText.rk(UInt32(Double(2.5).bitPattern >> 32)) == 2.5)
    }
}
