/// Lays out the text the interpreter shows, in the order it is shown (no
/// sorting by position, unlike pdftotext's reading order).
///
/// A piece of text continues the current line when its baseline is the
/// line's, within half the smaller of the two font sizes (so that a heading
/// and the small text just under it stay apart); the text and baseline
/// directions are the interpreter's, after the text matrix and the CTM, and
/// a turn of the baseline always breaks the line. It does so whatever came
/// between (ET and BT, Td, TD, Tm, T*, another Tj or TJ): only the positions
/// count. Between two pieces of one line goes a space when the gap from the
/// end of the one (its glyphs' widths) to the start of the next is half a
/// word space of the next piece's font or more, when the next starts more
/// than twice the font size back to the left, or when TJ asked for one;
/// otherwise nothing, so a value drawn in two pieces, the second where the
/// first ends, is one word, as pdftotext and pdf.js read it. Columns side by
/// side stay on one line, a space apart. A form feed line goes between pages.
///
/// ```swift
/// var writer = PDFTextWriter()
/// writer.place(x: 72, y: 720, size: 12, wordSpace: 3.3)
/// writer.append(["A"])
/// writer.end(x: 80)
/// writer.endPage()
/// ```
struct PDFTextWriter {
    private(set) var output: [UInt8] = []
    /// Whether any text-showing operator showed a character code.
    private(set) var showedText = false
    /// Whether a glyph was shown that maps to no text, or to U+FFFD: what
    /// it says is unknown.
    private(set) var showedUnmapped = false
    private var lineHasText = false
    private var lastY = 0.0
    private var lastEndX = 0.0
    private var lastSize = 0.0
    private var spaceRequested = false

    mutating func requestSpace() { spaceRequested = true }

    /// Ends the current line (the baseline turned).
    mutating func breakLine() {
        if lineHasText { output.append(0x0A) }
        lineHasText = false
    }

    /// Starts a piece of text at (`x`, `y`) in device space, in a font of
    /// `size` whose word space is `wordSpace` wide (device space too).
    mutating func place(x: Double, y: Double, size: Double, wordSpace: Double) {
        defer {
            spaceRequested = false
            lastSize = size
        }
        guard lineHasText else {
            lastY = y
            return
        }
        if abs(y - lastY) > 0.5 * min(size, lastSize) {
            output.append(0x0A)
            lineHasText = false
            lastY = y
            return
        }
        let gap = x - lastEndX
        if spaceRequested || gap >= 0.5 * wordSpace || gap < -2 * size { appendSpace() }
    }

    private mutating func appendSpace() {
        if let last = output.last, last != 0x20 && last != 0x0A { output.append(0x20) }
    }

    /// Appends the text of one glyph.
    mutating func append(_ text: [Unicode.Scalar]) {
        showedText = true
        if text.isEmpty || text.contains("\u{FFFD}") { showedUnmapped = true }
        if spaceRequested && lineHasText {
            appendSpace()
            spaceRequested = false
        }
        for scalar in text {
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                // Controls would break the lines: a space stands for them.
                if scalar.value != 0 { appendSpace() }
                continue
            }
            lineHasText = true
            output.append(contentsOf: UTF8.encode(scalar)!)
        }
    }

    /// Ends a piece of text at `x`.
    mutating func end(x: Double) {
        if x.isFinite { lastEndX = x }
    }

    /// Ends a page: its last line ends, and when a page came before, a form
    /// feed line separates them.
    mutating func endPage() {
        if lineHasText { output.append(0x0A) }
        lineHasText = false
    }

    /// The text written since the last call, taken out of ``output``: at
    /// the end of a page, the page's text (after its page break), which
    /// is the same whether or not the pages before were taken.
    mutating func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// Starts every page but the first: a form feed then a line feed.
    mutating func pageBreak() {
        output.append(contentsOf: [0x0C, 0x0A])
        lineHasText = false
    }
}
