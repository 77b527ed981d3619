// Tests of OCRText.swift: the text rebuilt from an OCR table's words, and
// each byte's word box.

import CPFDecoders
import Foundation
import Testing

@Suite("OCRText")
struct OCRTextTests {
    static func word(
        _ text: String, page: Int = 1, block: Int = 1, line: Int = 1, box: (Int, Int, Int, Int)
    ) -> TesseractTSV.Row {
        TesseractTSV.Row(
            level: .word, page: page, block: block, paragraph: 1, line: line, word: 1, left: box.0, top: box.1,
            width: box.2, height: box.3, confidence: 90, text: Array(text.utf8))
    }

    static let lineRow = TesseractTSV.Row(
        level: .line, page: 1, block: 1, paragraph: 1, line: 1, word: 0, left: 0, top: 0, width: 100, height: 10,
        confidence: -1, text: [])

    static let card = OCRText(
        TesseractTSV(rows: [
            lineRow,
            word("CPF", box: (22, 39, 71, 32)),
            word("390.533.447-05", box: (111, 39, 309, 32)),
            word("", box: (0, 0, 1, 1)),
            word("Nome:", line: 2, box: (24, 120, 123, 31)),
            word("Maria", block: 2, box: (168, 119, 104, 32)),
            word("fim", page: 2, block: 2, box: (1, 2, 3, 4)),
        ]))

    @Test("joins words with a space and lines, blocks and pages with a line feed; empty words left out")
    func text() {
        #expect(String(decoding: Self.card.bytes, as: UTF8.self) == "CPF 390.533.447-05\nNome:\nMaria\nfim")
        #expect(Self.card.starts == [0, 4, 19, 25, 31])
        #expect(Self.card.pages == [1, 1, 1, 1, 2])
    }

    @Test(
        "maps each byte to its word, a separator to the word before it",
        arguments: [(0, 0), (3, 0), (4, 1), (17, 1), (18, 1), (19, 2), (30, 3), (31, 4), (33, 4)])
    func words(offset: Int, word: Int) {
        #expect(Self.card.word(at: offset) == word)
    }

    @Test("has no word outside its text")
    func outside() {
        #expect(Self.card.word(at: -1) == nil)
        #expect(Self.card.word(at: 34) == nil)
        #expect(OCRText(TesseractTSV(rows: [])).word(at: 0) == nil)
    }

    @Test("gives the box of the words a range is written in")
    func boxes() {
        #expect(Self.card.box(covering: 4..<18) == OCRText.Box(left: 111, top: 39, width: 309, height: 32))
        #expect(Self.card.box(covering: 0..<18) == OCRText.Box(left: 22, top: 39, width: 398, height: 32))
        #expect(Self.card.box(covering: 4..<24) == OCRText.Box(left: 24, top: 39, width: 396, height: 112))
        #expect(Self.card.box(covering: 4..<4) == nil)
        #expect(Self.card.box(covering: 30..<40) == nil)
    }

    @Test(
        "joins a number Tesseract cut after a dot, and nothing else",
        arguments: [
            (["390.533.", "447-05"], "390.533.447-05"), (["CPF", "064.", "198.342-52"], "CPF 064.198.342-52"),
            (["fim.", "2"], "fim. 2"), (["3.", "x"], "3. x"), (["3", ".5"], "3 .5"), ([".", "5"], ". 5"),
        ])
    func brokenNumbers(words: [String], text: String) {
        let rows = words.enumerated().map { Self.word($1, box: ($0 * 10, 0, 5, 5)) }
        let joined = OCRText(TesseractTSV(rows: rows))
        #expect(String(decoding: joined.bytes, as: UTF8.self) == text)
        #expect(joined.boxes.count == words.count)
    }
}
