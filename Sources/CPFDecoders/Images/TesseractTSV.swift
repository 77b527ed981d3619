/// The table Tesseract prints with its `tsv` configuration
/// (`tesseract IMAGE stdout tsv`): one row per page, block, paragraph,
/// line and word found, each with its box in pixels and, for a word, its
/// confidence and text.
///
/// ```swift
/// let table = try TesseractTSV(parsing: Array(output))
/// for word in table.rows where word.level == .word {
///     print(word.left, word.top, word.width, word.height, word.confidence, word.text)
/// }
/// ```
public struct TesseractTSV: Sendable {
    /// What a row describes (the table's `level` column).
    public enum Level: Int, Sendable {
        case page = 1
        case block, paragraph, line, word
    }

    /// One row of the table.
    public struct Row: Equatable, Sendable {
        public var level: Level
        /// The numbers of its page (from 1), block, paragraph, line and word
        /// (each from 1 within the one above it; 0 in a row above its level).
        public var page: Int, block: Int, paragraph: Int, line: Int, word: Int
        /// Its box in pixels: left and top edges, width and height.
        public var left: Int, top: Int, width: Int, height: Int
        /// A word's confidence, 0 to 100; -1 in the rows of other levels.
        public var confidence: Double
        /// A word's text in UTF-8; empty in the rows of other levels.
        public var text: [UInt8]

        public init(
            level: Level, page: Int, block: Int, paragraph: Int, line: Int, word: Int, left: Int, top: Int,
            width: Int, height: Int, confidence: Double, text: [UInt8]
        ) {
            self.level = level
            self.page = page
            self.block = block
            self.paragraph = paragraph
            self.line = line
            self.word = word
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.confidence = confidence
            self.text = text
        }
    }

    /// Why a table could not be read. The description is a short English
    /// phrase, fit for "not searched: REASON".
    public enum Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        /// A row (numbered from 1, the header included) has another number of columns than 12.
        case columnCount(row: Int, found: Int)
        /// A column that holds a number does not.
        case notANumber(row: Int, column: String)
        /// A level other than 1 to 5.
        case unknownLevel(row: Int, Int)

        public var description: String {
            switch self {
            case .columnCount(let row, let found): "OCR table row \(row) has \(found) columns, not 12"
            case .notANumber(let row, let column): "OCR table row \(row): \(column) is not a number"
            case .unknownLevel(let row, let level): "OCR table row \(row): unknown level \(level)"
            }
        }
    }

    /// The rows, in the table's order (the header left out).
    public let rows: [Row]

    /// The columns' names, as Tesseract's header row has them.
    static let columns = [
        "level", "page_num", "block_num", "par_num", "line_num", "word_num", "left", "top", "width", "height",
        "conf", "text",
    ]

    /// A table of these rows.
    public init(rows: [Row]) {
        self.rows = rows
    }

    /// Reads the table: rows separated by line feeds (a carriage return
    /// before one ignored), columns by tabs, the header row, when it is
    /// there, left out, and empty lines skipped.
    public init(parsing bytes: [UInt8]) throws(Error) {
        var rows: [Row] = []
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let line = line.last == 0x0D ? line.dropLast() : line
            if line.isEmpty { continue }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            if number == 1, fields.first.map({ Array($0) == Array("level".utf8) }) == true { continue }
            guard fields.count == 12 else { throw .columnCount(row: number, found: fields.count) }
            var integers: [Int] = []
            for index in 0..<10 {
                guard let value = Self.integer(fields[index]) else {
                    throw .notANumber(row: number, column: Self.columns[index])
                }
                integers.append(value)
            }
            guard let level = Level(rawValue: integers[0]) else { throw .unknownLevel(row: number, integers[0]) }
            guard let confidence = Double(String(decoding: fields[10], as: UTF8.self)) else {
                throw .notANumber(row: number, column: "conf")
            }
            rows.append(
                Row(
                    level: level, page: integers[1], block: integers[2], paragraph: integers[3], line: integers[4],
                    word: integers[5], left: integers[6], top: integers[7], width: integers[8], height: integers[9],
                    confidence: confidence, text: Array(fields[11])))
        }
        self.rows = rows
    }

    /// A decimal integer, perhaps negative, of at most 18 digits.
    private static func integer(_ field: ArraySlice<UInt8>) -> Int? {
        let negative = field.first == UInt8(ascii: "-")
        let digits = negative ? field.dropFirst() : field
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte &- 0x30 < 10 else { return nil }
            value = value * 10 + Int(byte &- 0x30)
        }
        return negative ? -value : value
    }
}
