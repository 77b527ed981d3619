import CPFKit

/// The model of a masked text field, for any user interface: applies the
/// user's intents through its rules' mask editor, keeps the caret, and
/// judges the text. Written once for every field: ``CPFFieldViewModel`` is
/// this model with ``CPFFieldRules``, ``TaxpayerIDFieldViewModel`` with
/// ``TaxpayerIDFieldRules``.
///
/// ```swift
/// let viewModel = MaskedFieldViewModel(rules: TaxpayerIDFieldRules(accepting: .cnpj))
/// viewModel.insert("12abc34501de35")
/// viewModel.text.value    // "12.ABC.345/01DE-35"
/// viewModel.caret.value   // 18
/// viewModel.accept()      // "12ABC34501DE35"
/// ```
///
/// After an edit, all three boxes hold their new values before any observer
/// is called; then the boxes whose value changed notify, in the order text,
/// caret, state. So an observer of any box sees a consistent model.
public class MaskedFieldViewModel<Rules: MaskedFieldRules>: MaskedFieldViewModeling {
    /// The field's state: incomplete, valid or invalid.
    public typealias State = Rules.State

    /// The masked text, as far as the characters typed go.
    public let text: ObservableBox<String>
    /// The caret's offset in `text`, in UTF-16 code units.
    public let caret: ObservableBox<Int>
    /// Incomplete, valid or invalid with the reason.
    public let state: ObservableBox<Rules.State>

    /// How the field edits and judges its text.
    public let rules: Rules
    /// Whether ``accept()`` takes any complete number, valid or not.
    public let acceptsInvalidNumbers: Bool

    /// Makes the model of a field holding `text` as if it were pasted into
    /// an empty field, the caret at the end.
    ///
    /// ```swift
    /// MaskedFieldViewModel(text: "390533447", rules: CPFFieldRules()).text.value   // "390.533.447"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The initial text.
    ///   - rules: How the field edits and judges its text.
    ///   - acceptsInvalidNumbers: Whether ``accept()`` takes any complete number.
    public init(text: String = "", rules: Rules, acceptsInvalidNumbers: Bool = false) {
        self.rules = rules
        self.acceptsInvalidNumbers = acceptsInvalidNumbers
        let edit = rules.edit("", range: 0..<0, replacement: text)
        self.text = ObservableBox(edit.text)
        caret = ObservableBox(edit.text.utf16.count)
        state = ObservableBox(rules.state(of: edit.text))
    }

    /// The bare characters typed so far, without the mask's separators.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "12.abc").characters   // "12ABC"
    /// ```
    public var characters: String {
        String(decoding: text.value.utf16.filter(rules.isCharacter), as: UTF16.self)
    }

    /// How many characters of the number are in.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.5").characterCount   // 4
    /// ```
    public var characterCount: Int {
        characterCount(before: .max)
    }

    /// Applies an edit through the rules' mask editor.
    ///
    /// ```swift
    /// viewModel.replaceCharacters(in: 3..<3, with: "5")   // false: the model changed the text
    /// ```
    ///
    /// - Returns: Always `false`, as a text field delegate returns when it
    ///   has changed the text itself.
    @discardableResult
    public func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool {
        apply(rules.edit(text.value, range: range, replacement: replacement))
        return false
    }

    /// Inserts typed or pasted text at the caret; the mask editor says
    /// which characters count.
    ///
    /// ```swift
    /// viewModel.insert("390.533.447-05")
    /// ```
    public func insert(_ text: String) {
        replaceCharacters(in: caret.value..<caret.value, with: text)
    }

    /// Backspace: removes the character before the caret; right after a
    /// separator, the character before the separator.
    ///
    /// ```swift
    /// // "390.5|" → "390|"
    /// viewModel.deleteBackward()
    /// ```
    public func deleteBackward() {
        let caret = caret.value
        guard caret > 0 else { return }
        replaceCharacters(in: caret - 1..<caret, with: "")
    }

    /// Delete: removes the first character after the caret (skipping a
    /// separator).
    ///
    /// ```swift
    /// // "390|.533" → "390|.33"
    /// viewModel.deleteForward()
    /// ```
    public func deleteForward() {
        let caret = caret.value
        var offset = 0
        for unit in text.value.utf16 {
            if offset >= caret, rules.isCharacter(unit) {
                replaceCharacters(in: caret..<offset + 1, with: "")
                return
            }
            offset += 1
        }
    }

    /// Puts the caret at `offset`, clamped to `0...text.value.utf16.count`.
    ///
    /// ```swift
    /// viewModel.moveCaret(to: 3)
    /// ```
    public func moveCaret(to offset: Int) {
        apply(CPFMaskEditor.Edit(text: text.value, caret: min(max(offset, 0), text.value.utf16.count)))
    }

    /// Moves the caret back over one character, to just after the character
    /// before it.
    ///
    /// ```swift
    /// // "390.5|" → "390|.5"
    /// viewModel.moveLeft()
    /// ```
    public func moveLeft() {
        let before = characterCount(before: caret.value)
        let snapped = rules.maskedLength(characterCount: before, in: text.value)
        moveCaret(
            to: caret.value > snapped
                ? snapped : rules.maskedLength(characterCount: max(before - 1, 0), in: text.value))
    }

    /// Moves the caret forward over one character (and a separator before it).
    ///
    /// ```swift
    /// // "390|.5" → "390.5|"
    /// viewModel.moveRight()
    /// ```
    public func moveRight() {
        let before = characterCount(before: caret.value)
        guard before < characterCount else { return }
        moveCaret(to: rules.maskedLength(characterCount: before + 1, in: text.value))
    }

    /// Moves the caret to the start of the field.
    ///
    /// ```swift
    /// viewModel.moveToStart()   // caret 0
    /// ```
    public func moveToStart() {
        moveCaret(to: 0)
    }

    /// Moves the caret to the end of the field.
    ///
    /// ```swift
    /// viewModel.moveToEnd()   // caret text.value.utf16.count
    /// ```
    public func moveToEnd() {
        moveCaret(to: text.value.utf16.count)
    }

    /// The bare characters when the field may be accepted: a valid number's
    /// (``MaskedFieldState/validCharacters``), or, with
    /// ``acceptsInvalidNumbers``, those of any complete number; `nil`
    /// otherwise.
    ///
    /// ```swift
    /// if let characters = viewModel.accept() { submit(characters) }
    /// ```
    public func accept() -> String? {
        let state = state.value
        if let valid = state.validCharacters { return valid }
        return state.isComplete && acceptsInvalidNumbers ? characters : nil
    }

    /// How many characters of the number stand before UTF-16 offset `offset`.
    private func characterCount(before offset: Int) -> Int {
        var count = 0
        for unit in text.value.utf16.prefix(max(offset, 0)) where rules.isCharacter(unit) {
            count += 1
        }
        return count
    }

    /// Sets all three boxes, then lets those that changed notify.
    private func apply(_ edit: CPFMaskEditor.Edit) {
        let newState = edit.text == text.value ? state.value : rules.state(of: edit.text)
        let textChanged = edit.text != text.value
        let caretChanged = edit.caret != caret.value
        let stateChanged = newState != state.value
        text.setWithoutNotifying(edit.text)
        caret.setWithoutNotifying(edit.caret)
        state.setWithoutNotifying(newState)
        if textChanged { text.notify() }
        if caretChanged { caret.notify() }
        if stateChanged { state.notify() }
    }
}
