/// What ``PDFContentInterpreter`` tells a redaction of the glyphs it shows:
/// for each glyph whose text falls in one of ``matches`` (byte ranges of the
/// text the interpreter writes, as ``PDFTextExtractor`` gives it), the
/// text-showing operator that drew it (its content stream and the bytes of
/// its operands and operator there), where in its string it stands, the
/// displacement that keeps its advance, and its box on the page; and, for
/// every glyph shown, whether it keeps the redaction from being trusted (a
/// glyph mapped to no text).
///
/// Only the glyphs of the matches are kept, so memory grows with them, not
/// with the document.
///
/// ```swift
/// let recorder = PDFGlyphRecorder(matches: [4..<18])
/// interpreter.recorder = recorder
/// recorder.stream = .page(0)
/// try interpreter.run(content, resources: resources)
/// recorder.glyphs   // the glyphs of "390.533.447-05"
/// ```
final class PDFGlyphRecorder {
    /// A content stream: a page's (its streams joined as the interpreter
    /// runs them), or a form XObject's by object number.
    enum Stream: Hashable {
        case page(Int)
        case form(Int)
    }

    /// A text-showing operator: `Tj`, `TJ`, `'` or `"`.
    struct Operation {
        var stream: Stream
        /// The bytes of the operands and the operator in the stream.
        var range: Range<Int>
        var name: String
        var operands: [PDFObject]
    }

    /// A rectangle on the page, in default user space.
    struct Box: Equatable {
        var minX, minY, maxX, maxY: Double
    }

    /// A glyph of a match.
    struct Glyph {
        /// Its operator, an index of ``operations``.
        var operation: Int
        /// The element of the TJ array holding it (0 for the other operators).
        var item: Int
        /// Its bytes in the string.
        var bytes: Range<Int>
        /// The TJ number that moves the pen as the glyph did.
        var displacement: Double
        var box: Box
        var page: Int
        /// The index of its match in ``matches``.
        var match: Int
        var isWidthKnown: Bool
    }

    /// The matches, sorted and apart.
    let matches: [Range<Int>]
    private(set) var operations: [Operation] = []
    private(set) var glyphs: [Glyph] = []
    /// Whether a glyph was shown that maps to no text, or to U+FFFD.
    private(set) var showsUnmapped = false
    /// Whether a glyph of a match is written top to bottom.
    private(set) var matchIsVertical = false
    /// The stream being run.
    var stream = Stream.page(0)
    /// The page being run (from 0).
    var page = 0
    /// The element of the TJ array being shown.
    var item = 0
    private var operationIndexes: [Stream: [Int: Int]] = [:]
    private var current: (name: String, range: Range<Int>, operands: [PDFObject])?
    private var currentIndex: Int?
    private var cursor = 0

    init(matches: [Range<Int>]) {
        self.matches = matches.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// A text-showing operator starts (its glyphs follow).
    func begin(_ name: String, range: Range<Int>, operands: [PDFObject]) {
        current = (name, range, operands)
        currentIndex = nil
        item = 0
    }

    /// A glyph was shown: its font's kind, its text's bytes in the output,
    /// where it is in its string, and, lazily, its displacement and box.
    func glyph(
        _ glyph: PDFFont.Glyph, isVertical: Bool = false, text: Range<Int>, bytes: Range<Int>,
        measure: () -> (displacement: Double, box: Box)
    ) {
        if glyph.text.isEmpty || glyph.text.contains("\u{FFFD}") { showsUnmapped = true }
        guard !text.isEmpty else { return }
        while cursor < matches.count && matches[cursor].upperBound <= text.lowerBound { cursor += 1 }
        let index = cursor
        guard index < matches.count, matches[index].lowerBound < text.upperBound else { return }
        guard let current else { return }
        if isVertical { matchIsVertical = true }
        let operation: Int
        if let known = currentIndex {
            operation = known
        } else if let known = operationIndexes[stream]?[current.range.lowerBound] {
            operation = known
        } else {
            operation = operations.count
            operations.append(
                Operation(stream: stream, range: current.range, name: current.name, operands: current.operands))
            operationIndexes[stream, default: [:]][current.range.lowerBound] = operation
        }
        currentIndex = operation
        let (displacement, box) = measure()
        glyphs.append(
            Glyph(
                operation: operation, item: item, bytes: bytes, displacement: displacement, box: box, page: page,
                match: index, isWidthKnown: glyph.isWidthKnown))
    }
}
