import CPFKit
import CPFTextField

/// The view of `cpf prompt`: one terminal line, `LABEL 390.533.447-05 ✓`
/// (or `LABEL 12.ABC.345/01DE-35 ✓`), redrawn in place, with the terminal's
/// cursor at the field's caret.
///
/// It is handed the field's model, a CPF field's (`--document cpf`) or a
/// CPF/CNPJ field's, and binds to its boxes as a ``CPFFieldView`` does: the
/// text at once, then the text, the caret and the state on every change. A
/// change only marks the line as needing a redraw; the prompt's loop calls
/// ``drawIfNeeded()`` once the keys of a read are handled, so a paste costs
/// one redraw, not one per box.
final class PromptRenderer {
    /// The model shown, handed to the renderer.
    let viewModel: any MaskedFieldViewModeling
    let label: String
    let usesColour: Bool
    /// The language of the reason shown after `✗`.
    let language: Language
    /// Whether the cursor may be moved with escape sequences (not for
    /// `TERM=dumb`, which gets a plain redraw).
    let movesCursor: Bool
    private let output: ([UInt8]) -> Void
    /// The terminal's width (0 when unknown), asked at each redraw.
    private let columns: () -> Int
    /// Where the last redraw left the cursor: rows below the line's first
    /// row, and how many rows the line took.
    private var cursorRow = 0
    private var rowsUsed = 1
    private var tokens: [ObservationToken] = []
    /// The field's state, as a CPF/CNPJ field's (a CPF field's converted).
    private let currentState: () -> TaxpayerIDFieldState
    private var shown: (text: String, caret: Int, state: TaxpayerIDFieldState) = (
        "", 0, .incomplete(kind: .cpf, characterCount: 0)
    )
    private(set) var needsDraw = false
    /// The columns the last plain redraw covered, to blank what is left of it.
    private var drawnWidth = 0

    /// - Parameters:
    ///   - viewModel: The model to show, made by the caller.
    ///   - label: The text before the field; none when empty.
    ///   - usesColour: Whether the mark is green or red.
    ///   - movesCursor: Whether escape sequences may move the cursor and
    ///     erase; `false` for `TERM=dumb`.
    ///   - output: Where the bytes of a redraw go (the terminal).
    ///   - columns: The terminal's width, 0 when unknown.
    convenience init(
        viewModel: any CPFFieldViewModeling, label: String, usesColour: Bool, movesCursor: Bool = true,
        language: Language = .english, columns: @escaping () -> Int = { 0 },
        output: @escaping ([UInt8]) -> Void
    ) {
        self.init(
            field: viewModel, state: { TaxpayerIDFieldState(viewModel.state.value) },
            observeState: { changed in viewModel.state.bind { _ in changed() } }, label: label,
            usesColour: usesColour, movesCursor: movesCursor, language: language, columns: columns, output: output)
    }

    /// A renderer of a CPF/CNPJ field (`--document cnpj` or `any`); the
    /// parameters are those of the CPF field's.
    convenience init(
        viewModel: any TaxpayerIDFieldViewModeling, label: String, usesColour: Bool, movesCursor: Bool = true,
        language: Language = .english, columns: @escaping () -> Int = { 0 },
        output: @escaping ([UInt8]) -> Void
    ) {
        self.init(
            field: viewModel, state: { viewModel.state.value },
            observeState: { changed in viewModel.state.bind { _ in changed() } }, label: label,
            usesColour: usesColour, movesCursor: movesCursor, language: language, columns: columns, output: output)
    }

    private init(
        field: any MaskedFieldViewModeling, state: @escaping () -> TaxpayerIDFieldState,
        observeState: (@escaping () -> Void) -> ObservationToken, label: String, usesColour: Bool,
        movesCursor: Bool, language: Language, columns: @escaping () -> Int, output: @escaping ([UInt8]) -> Void
    ) {
        viewModel = field
        currentState = state
        self.label = label
        self.usesColour = usesColour
        self.language = language
        self.columns = columns
        self.movesCursor = movesCursor
        self.output = output
        // As CPFFieldView.bindViewModel(): drawn at once, then after every change.
        let redisplay: () -> Void = { [weak self] in self?.redisplay() }
        tokens = [
            field.text.bindAndFire { _ in redisplay() },
            field.caret.bind { _ in redisplay() },
            observeState(redisplay),
        ]
    }

    /// Takes the model's current text, caret and state, which are always
    /// consistent with one another, and marks the line as needing a redraw.
    private func redisplay() {
        shown = (viewModel.text.value, viewModel.caret.value, currentState())
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
        if movesCursor {
            let drawing = Self.draw(
                label: label, text: shown.text, caret: shown.caret, state: shown.state, usesColour: usesColour,
                columns: columns(), cursorRow: cursorRow, rowsUsed: rowsUsed, language: language)
            cursorRow = drawing.cursorRow
            rowsUsed = drawing.rowsUsed
            output(drawing.bytes)
        } else {
            let plain = Self.plainLine(
                label: label, text: shown.text, caret: shown.caret, state: shown.state, blanking: drawnWidth,
                language: language)
            output(plain.bytes)
            drawnWidth = plain.width
        }
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
        line(label: label, text: text, caret: caret, state: TaxpayerIDFieldState(state), usesColour: usesColour)
    }

    /// The line of a CPF/CNPJ field's state.
    static func line(label: String, text: String, caret: Int, state: TaxpayerIDFieldState, usesColour: Bool)
        -> [UInt8]
    {
        draw(
            label: label, text: text, caret: caret, state: state, usesColour: usesColour,
            columns: 0, cursorRow: 0, rowsUsed: 1
        ).bytes
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
        columns: Int, cursorRow: Int, rowsUsed: Int, language: Language = .english
    ) -> (bytes: [UInt8], cursorRow: Int, rowsUsed: Int) {
        draw(
            label: label, text: text, caret: caret, state: TaxpayerIDFieldState(state), usesColour: usesColour,
            columns: columns, cursorRow: cursorRow, rowsUsed: rowsUsed, language: language)
    }

    /// The drawing of a CPF/CNPJ field's state.
    static func draw(
        label: String, text: String, caret: Int, state: TaxpayerIDFieldState, usesColour: Bool,
        columns: Int, cursorRow: Int, rowsUsed: Int, language: Language = .english
    ) -> (bytes: [UInt8], cursorRow: Int, rowsUsed: Int) {
        var content = label
        var width = displayWidth(label)
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
        case .invalid(let error):
            let reason = Self.reason(error, language)
            content += " " + paint("✗ \(reason)", colour: "31", usesColour)
            width += 2 + reason.count
        }
        let column = displayWidth(label) + (label.isEmpty ? 0 : 1) + caret
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

    /// The line for a terminal without cursor movement (`TERM=dumb`): CR,
    /// the line, spaces over what is left of the last one (`blanking`
    /// columns wide), CR, and the line again up to the caret, which leaves
    /// the cursor there. Never an escape sequence; no colour. Returns the
    /// bytes and the width of the line.
    static func plainLine(
        label: String, text: String, caret: Int, state: CPFFieldState, blanking: Int, language: Language = .english
    ) -> (bytes: [UInt8], width: Int) {
        plainLine(
            label: label, text: text, caret: caret, state: TaxpayerIDFieldState(state), blanking: blanking,
            language: language)
    }

    /// The plain line of a CPF/CNPJ field's state.
    static func plainLine(
        label: String, text: String, caret: Int, state: TaxpayerIDFieldState, blanking: Int,
        language: Language = .english
    ) -> (bytes: [UInt8], width: Int) {
        let prefix = label.isEmpty ? "" : label + " "
        var content = prefix + text
        switch state {
        case .incomplete: break
        case .valid: content += " ✓"
        case .invalid(let error): content += " ✗ " + Self.reason(error, language)
        }
        let width = displayWidth(content)
        let line =
            "\r" + content + String(repeating: " ", count: max(0, blanking - width))
            + "\r" + prefix + String(text.prefix(caret))
        return (Array(line.utf8), width)
    }

    /// The columns `text` takes on a terminal: 2 for an East Asian wide or
    /// fullwidth character and for an emoji shown as one, 0 for a combining
    /// mark alone, 1 for the others (a grapheme cluster counts as its first
    /// character).
    static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { width, character in
            guard let first = character.unicodeScalars.first else { return width }
            if character.unicodeScalars.contains("\u{FE0F}") || isWide(first) { return width + 2 }
            switch first.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return width
            default: return width + 1
            }
        }
    }

    /// East Asian Wide and Fullwidth ranges, and emoji shown as emoji by default.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
            0x30000...0x3FFFD:
            return true
        default:
            return scalar.properties.isEmojiPresentation
        }
    }

    /// Why the number is not valid, in `language`: a CPF's reason as
    /// before CNPJs came, a CNPJ's as CPFKit describes it.
    static func reason(_ error: TaxpayerID.ValidationError, _ language: Language) -> String {
        switch error {
        case .cpf(let error): Message.reason(error, language)
        case .cnpj(let error): error.description(in: language == .english ? .english : .portuguese)
        }
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
