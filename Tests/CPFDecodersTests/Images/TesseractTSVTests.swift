// Tests of TesseractTSV.swift: tables written by hand, and one Tesseract 5.3
// printed for an image made with ImageMagick (Fixtures/Images/card.tsv: three
// lines of DejaVu Sans 40 pt, rotated 1°, Gaussian noise).

import CPFDecoders
import Foundation
import Testing

@Suite("TesseractTSV")
struct TesseractTSVTests {
    static let header =
        "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"

    static func table(_ text: String) throws(TesseractTSV.Error) -> TesseractTSV {
        try TesseractTSV(parsing: Array(text.utf8))
    }

    @Test("reads every column of a word's row, the header left out")
    func aWordsRow() throws {
        let table = try Self.table(Self.header + "5\t1\t2\t3\t4\t5\t111\t39\t309\t32\t86.357773\t390.533.447-05\n")
        #expect(
            table.rows == [
                TesseractTSV.Row(
                    level: .word, page: 1, block: 2, paragraph: 3, line: 4, word: 5, left: 111, top: 39, width: 309,
                    height: 32, confidence: 86.357773, text: Array("390.533.447-05".utf8))
            ])
    }

    @Test(
        "reads each level, an empty text and a confidence of -1",
        arguments: [
            ("1\t1\t0\t0\t0\t0\t0\t0\t900\t200\t-1\t", TesseractTSV.Level.page),
            ("2\t1\t1\t0\t0\t0\t22\t39\t398\t32\t-1\t", .block),
            ("3\t1\t1\t1\t0\t0\t22\t39\t398\t32\t-1\t", .paragraph),
            ("4\t1\t1\t1\t1\t0\t22\t39\t398\t32\t-1\t", .line),
            ("5\t1\t1\t1\t1\t1\t22\t39\t71\t32\t0\t", .word),
        ])
    func levels(row: String, level: TesseractTSV.Level) throws {
        let table = try Self.table(row + "\r\n")
        #expect(table.rows.map(\.level) == [level])
        #expect(table.rows.first?.text == [])
        #expect(table.rows.first?.confidence == (level == .word ? 0 : -1))
    }

    @Test("skips empty lines and reads a table without its header or its last line feed")
    func withoutHeader() throws {
        let table = try Self.table("\n5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t95\tCPF\n\n5\t1\t1\t1\t1\t2\t2\t0\t1\t1\t95\tx")
        #expect(table.rows.map { String(decoding: $0.text, as: UTF8.self) } == ["CPF", "x"])
        #expect(try Self.table("").rows.isEmpty)
        #expect(try Self.table(Self.header).rows.isEmpty)
    }

    @Test(
        "names the row and the column it cannot read",
        arguments: [
            ("5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t95\n", TesseractTSV.Error.columnCount(row: 2, found: 11)),
            ("5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t95\ta\tb\n", .columnCount(row: 2, found: 13)),
            ("5\t1\t1\t1\t1\t1\tx\t0\t1\t1\t95\ta\n", .notANumber(row: 2, column: "left")),
            ("5\t1\t1\t1\t1\t1\t0\t0\t1\t\t95\ta\n", .notANumber(row: 2, column: "height")),
            ("5\t1\t1\t1\t1\t1\t0\t0\t1\t1\tninety\ta\n", .notANumber(row: 2, column: "conf")),
            ("6\t1\t1\t1\t1\t1\t0\t0\t1\t1\t95\ta\n", .unknownLevel(row: 2, 6)),
        ])
    func errors(row: String, error: TesseractTSV.Error) {
        #expect(throws: error) { try Self.table(Self.header + row) }
    }

    @Test("describes its errors in plain English")
    func descriptions() {
        #expect(TesseractTSV.Error.columnCount(row: 3, found: 2).description == "OCR table row 3 has 2 columns, not 12")
        #expect(
            TesseractTSV.Error.notANumber(row: 4, column: "top").description == "OCR table row 4: top is not a number")
        #expect(TesseractTSV.Error.unknownLevel(row: 2, 9).description == "OCR table row 2: unknown level 9")
    }

    @Test("reads the table Tesseract 5.3 printed for a scanned card")
    func realTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Images/card.tsv")
        let table = try TesseractTSV(parsing: Array(try Data(contentsOf: url)))
        #expect(table.rows.count == 16)
        #expect(table.rows.filter { $0.level == .word }.count == 8)
        let cpf = try #require(table.rows.first { $0.text == Array("390.533.447-05".utf8) })
        #expect([cpf.block, cpf.paragraph, cpf.line, cpf.word] as [Int] == [1, 1, 1, 2])
        #expect([cpf.left, cpf.top, cpf.width, cpf.height] as [Int] == [115, 43, 309, 36])
        #expect(cpf.confidence > 90)
    }
}
