import CPFKit

/// The view of `cpf prompt`: one terminal line, `LABEL 390.533.447-05 ✓`,
/// redrawn in place, with the terminal's cursor at the field's caret.
///
/// It is handed the field's model and binds to its boxes like any
/// ``CPFFieldView``. A change only marks the line as needing a redraw; the
/// prompt's loop calls ``drawIfNeeded()`` once the keys of a read are
/// handled, so a paste costs one redraw, not one per box.
final class PromptRenderer: CPFFieldView {
    let viewModel: any CPFFieldViewModeling
    let label: String
    let usesColour: Bool
    private let output: ([UInt8]) -> Void
    /// The terminal's width (0 when unknown), asked at each redraw.
    private let columns: () -> Int
    /// Where the last redraw left the cursor: rows below the line's first
    /// row, and how many rows the line took.
    private var cursorRow = 0
    private var rowsUsed = 1
    private var tokens: [ObservationToken] = []
    private var shown: (text: String, caret: Int, state: CPFFieldState) = ("", 0, .incomplete(digitCount: 0))
    private(set) var needsDraw = false

    /// - Parameters:
    ///   - viewModel: The model to show, made by the caller.
    ///   - label: The text before the field; none when empty.
    ///   - usesColour: Whether the mark is green or red.
    ///   - output: Where the bytes of a redraw go (the terminal).
    ///   - columns: The terminal's width, 0 when unknown.
    init(
        viewModel: any CPFFieldViewModeling, label: String, usesColour: Bool, columns: @escaping () -> Int = { 0 },
        output: @escaping ([UInt8]) -> Void
    ) {
        self.viewModel = viewModel
        self.label = label
        self.usesColour = usesColour
        self.columns = columns
        self.output = output
        tokens = bindViewModel()
    }

    func display(text: String, caret: Int, state: CPFFieldState) {
        shown = (text, caret, state)
        needsDraw = true
    }

    /// Marks the line as needing a redraw (after the screen was used by
    /// something else, such as a shell while `cpf` was stopped).
    func setNeedsDraw() {
        needsDraw = true
    }

    /// Draws the line if something changed since it was last drawn.
    func drawIfNeeded() {
        guard needsDraw else { return }
        needsDraw = false
        let drawing = Self.draw(
            label: label, text: shown.text, caret: shown.caret, state: shown.state, usesColour: usesColour,
            columns: columns(), cursorRow: cursorRow, rowsUsed: rowsUsed)
        cursorRow = drawing.cursorRow
        rowsUsed = drawing.rowsUsed
        output(drawing.bytes)
    }

    /// Draws the last state and moves to the next line, leaving it on screen.
    func finish() {
        needsDraw = true
        drawIfNeeded()
        // Below the line's last row, when it wrapped and the caret is above it.
        if rowsUsed - 1 > cursorRow { output(Array("\u{1B}[\(rowsUsed - 1 - cursorRow)B".utf8)) }
        output(Array("\r\n".utf8))
    }

    /// The bytes that draw the line over the current one, when it fits on
    /// one row: CR, the label, the text, the mark, erase to the end of the
    /// line, then CR and the cursor moved right to the caret.
    static func line(label: String, text: String, caret: Int, state: CPFFieldState, usesColour: Bool) -> [UInt8] {
        draw(label: label, text: text, caret: caret, state: state, usesColour: usesColour,
             columns: 0, cursorRow: 0, rowsUsed: 1).bytes
    }

    /// The bytes that draw the line over the last one drawn, on a terminal
    /// `columns` wide (0: unknown, taken as wide enough), the cursor being
    /// `cursorRow` rows below the line's first row and the line having taken
    /// `rowsUsed` rows; and where that leaves the cursor. A line wider than
    /// the terminal wraps onto several rows: the cursor first goes up to the
    /// first row, everything below it is erased, and the cursor goes back
    /// to the caret's row and column, so no stale copy stays on screen.
    static func draw(
        label: String, text: String, caret: Int, state: CPFFieldState, usesColour: Bool,
        columns: Int, cursorRow: Int, rowsUsed: Int
    ) -> (bytes: [UInt8], cursorRow: Int, rowsUsed: Int) {
        var content = label
        var width = label.count
        if !label.isEmpty {
            content += " "
            width += 1
        }
        content += text
        width += text.count
        switch state {
        case .incomplete: break
        case .valid:
            content += " " + paint("✓", colour: "32", usesColour)
            width += 2
        case .invalid(let reason):
            content += " " + paint("✗ \(reason)", colour: "31", usesColour)
            width += 2 + "\(reason)".count
        }
        let column = label.count + (label.isEmpty ? 0 : 1) + caret
        if columns <= 0 || (width < columns && column < columns && cursorRow == 0 && rowsUsed <= 1) {
            var line = "\r" + content + "\u{1B}[K\r"
            if column > 0 { line += "\u{1B}[\(column)C" }
            return (Array(line.utf8), 0, 1)
        }
        var line = cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : ""
        line += "\r" + content + "\u{1B}[J"
        // A terminal keeps the cursor on the last column of a full row until
        // the next character: the end is on row (width - 1) / columns.
        let endRow = width == 0 ? 0 : (width - 1) / columns
        let caretRow = column / columns
        if caretRow > endRow {
            line += "\r\n"
        } else {
            if endRow > caretRow { line += "\u{1B}[\(endRow - caretRow)A" }
            line += "\r"
        }
        if column % columns > 0 { line += "\u{1B}[\(column % columns)C" }
        return (Array(line.utf8), caretRow, max(endRow, caretRow) + 1)
    }

    private static func paint(_ text: String, colour: String, _ usesColour: Bool) -> String {
        usesColour ? "\u{1B}[\(colour)m\(text)\u{1B}[0m" : text
    }

    /// Whether colour is allowed: `NO_COLOR` unset or empty (no-color.org),
    /// and `TERM` set and not `dumb`.
    static func allowsColour(environment: (String) -> String?) -> Bool {
        if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
        guard let term = environment("TERM"), !term.isEmpty, term != "dumb" else { return false }
        return true
    }
}
