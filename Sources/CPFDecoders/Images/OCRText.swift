/// The text an OCR engine read in an image, rebuilt from its words
/// (``TesseractTSV``): one line of text per line it found, words joined by
/// a space, lines by a line feed; each byte of the text mapped back to the
/// box of the word it belongs to.
///
/// ```swift
/// let text = OCRText(try TesseractTSV(parsing: tsv))
/// // text.bytes == Array("CPF 390.533.447-05\nNome: Maria".utf8)
/// text.box(covering: 4..<18)   // Box(left: 111, top: 39, width: 309, height: 32)
/// ```
public struct OCRText: Sendable {
    /// A rectangle in pixels.
    public struct Box: Equatable, Sendable {
        public var left: Int, top: Int, width: Int, height: Int

        public init(left: Int, top: Int, width: Int, height: Int) {
            self.left = left
            self.top = top
            self.width = width
            self.height = height
        }

        /// The smallest box holding both.
        public func union(_ other: Box) -> Box {
            let left = min(self.left, other.left)
            let top = min(self.top, other.top)
            let right = max(self.left + width, other.left + other.width)
            let bottom = max(self.top + height, other.top + other.height)
            return Box(left: left, top: top, width: right - left, height: bottom - top)
        }
    }

    /// The text, in UTF-8.
    public let bytes: [UInt8]
    /// Each word's box, in the order of the text.
    public let boxes: [Box]
    /// The offset in ``bytes`` where each word starts (ascending), one per box.
    public let starts: [Int]
    /// Each word's page (from 1), one per box.
    public let pages: [Int]

    /// The text of the words of `table` (its rows of level word with some
    /// text), a line feed between words of different lines, paragraphs,
    /// blocks or pages, a space between the others but one: a word ending
    /// in a digit and a dot is joined to a next word that starts with a
    /// digit (`390.533. 447-05` is `390.533.447-05`), as Tesseract often
    /// cuts a number written with dots after one of them.
    public init(_ table: TesseractTSV) {
        var bytes: [UInt8] = []
        var boxes: [Box] = []
        var starts: [Int] = []
        var pages: [Int] = []
        var previous: (Int, Int, Int, Int)?
        for row in table.rows where row.level == .word && !row.text.isEmpty {
            let line = (row.page, row.block, row.paragraph, row.line)
            if let previous {
                if previous != line {
                    bytes.append(0x0A)
                } else if !Self.isNumberBrokenAtDot(bytes, before: row.text) {
                    bytes.append(0x20)
                }
            }
            previous = line
            starts.append(bytes.count)
            bytes += row.text
            boxes.append(Box(left: row.left, top: row.top, width: row.width, height: row.height))
            pages.append(row.page)
        }
        self.bytes = bytes
        self.boxes = boxes
        self.starts = starts
        self.pages = pages
    }

    /// Whether the text so far ends in a digit and a dot, and `next` starts with a digit.
    private static func isNumberBrokenAtDot(_ text: [UInt8], before next: [UInt8]) -> Bool {
        guard text.count >= 2, text[text.count - 1] == UInt8(ascii: "."), let first = next.first else { return false }
        return text[text.count - 2] &- 0x30 < 10 && first &- 0x30 < 10
    }

    /// The index of the word the byte at `offset` belongs to (a separator
    /// belongs to the word before it).
    public func word(at offset: Int) -> Int? {
        guard !starts.isEmpty, offset >= 0, offset < bytes.count else { return nil }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The box holding every word that a byte of `range` belongs to; nil
    /// for an empty range or one outside the text.
    public func box(covering range: Range<Int>) -> Box? {
        guard !range.isEmpty, let first = word(at: range.lowerBound), let last = word(at: range.upperBound - 1) else {
            return nil
        }
        return boxes[first...last].dropFirst().reduce(boxes[first]) { $0.union($1) }
    }
}
