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
    private var tokens: [ObservationToken] = []
    private var shown: (text: String, caret: Int, state: CPFFieldState) = ("", 0, .incomplete(digitCount: 0))
    private(set) var needsDraw = false

    /// - Parameters:
    ///   - viewModel: The model to show, made by the caller.
    ///   - label: The text before the field; none when empty.
    ///   - usesColour: Whether the mark is green or red.
    ///   - output: Where the bytes of a redraw go (the terminal).
    init(viewModel: any CPFFieldViewModeling, label: String, usesColour: Bool, output: @escaping ([UInt8]) -> Void) {
        self.viewModel = viewModel
        self.label = label
        self.usesColour = usesColour
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
        output(Self.line(label: label, text: shown.text, caret: shown.caret, state: shown.state, usesColour: usesColour))
    }

    /// Draws the last state and moves to the next line, leaving it on screen.
    func finish() {
        needsDraw = true
        drawIfNeeded()
        output(Array("\r\n".utf8))
    }

    /// The bytes that draw the line over the current one: CR, the label, the
    /// text, the mark, erase to the end of the line, then CR and the cursor
    /// moved right to the caret.
    static func line(label: String, text: String, caret: Int, state: CPFFieldState, usesColour: Bool) -> [UInt8] {
        var line = "\r" + label
        if !label.isEmpty { line += " " }
        line += text
        switch state {
        case .incomplete: break
        case .valid: line += " " + paint("✓", colour: "32", usesColour)
        case .invalid(let reason): line += " " + paint("✗ \(reason)", colour: "31", usesColour)
        }
        line += "\u{1B}[K\r"
        let column = label.count + (label.isEmpty ? 0 : 1) + caret
        if column > 0 { line += "\u{1B}[\(column)C" }
        return Array(line.utf8)
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
