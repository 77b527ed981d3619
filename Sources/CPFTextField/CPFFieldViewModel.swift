import CPFKit

/// The model of a CPF text field, for any user interface: masks as the user
/// types (through CPFKit's `CPFMaskEditor`), keeps the caret, and validates.
///
/// ```swift
/// let viewModel = CPFFieldViewModel()
/// let token = viewModel.state.bind { print($0) }
/// viewModel.insert("39053344705")
/// viewModel.text.value    // "390.533.447-05"
/// viewModel.caret.value   // 14
/// viewModel.state.value   // .valid(390.533.447-05)
/// viewModel.accept()      // "39053344705"
/// ```
///
/// After an edit, all three boxes hold their new values before any observer
/// is called; then the boxes whose value changed notify, in the order text,
/// caret, state. So an observer of any box sees a consistent model.
public final class CPFFieldViewModel: CPFFieldViewModeling {
    /// The field's state; see ``CPFFieldState``.
    public typealias State = CPFFieldState

    public let text: ObservableBox<String>
    public let caret: ObservableBox<Int>
    public let state: ObservableBox<CPFFieldState>

    /// Whether the ten numbers of one repeated digit (`111.111.111-11`…),
    /// which pass the checksum but are never issued, count as valid.
    public let allowsRepeatedDigits: Bool
    /// Whether ``accept()`` takes any complete number, valid or not.
    public let acceptsInvalidNumbers: Bool

    /// Makes the model of a field holding the digits of `text`, masked, the
    /// caret at the end.
    ///
    /// ```swift
    /// let viewModel = CPFFieldViewModel(text: "390533447")   // "390.533.447"
    /// let lenient = CPFFieldViewModel(allowsRepeatedDigits: true, acceptsInvalidNumbers: true)
    /// ```
    ///
    /// - Parameters:
    ///   - text: The initial text; only its first 11 ASCII digits count.
    ///   - allowsRepeatedDigits: Whether `111.111.111-11` and the like are valid.
    ///   - acceptsInvalidNumbers: Whether ``accept()`` takes any 11 digits.
    public init(text: String = "", allowsRepeatedDigits: Bool = false, acceptsInvalidNumbers: Bool = false) {
        self.allowsRepeatedDigits = allowsRepeatedDigits
        self.acceptsInvalidNumbers = acceptsInvalidNumbers
        let masked = CPFMask.apply(to: text)
        self.text = ObservableBox(masked)
        caret = ObservableBox(masked.utf16.count)
        state = ObservableBox(Self.state(of: masked, allowsRepeatedDigits: allowsRepeatedDigits))
    }

    /// The bare digits typed so far.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.5").digits   // "3905"
    /// ```
    public var digits: String {
        String(decoding: text.value.utf8.filter { $0 &- 0x30 < 10 }, as: UTF8.self)
    }

    /// How many digits are in, 0 to 11.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.5").digitCount   // 4
    /// ```
    public var digitCount: Int {
        CPFMaskEditor.digitCount(in: text.value, before: .max)
    }

    /// Applies an edit through `CPFMaskEditor.edit(_:range:replacement:)`.
    ///
    /// ```swift
    /// viewModel.replaceCharacters(in: 3..<3, with: "5")   // false: the model changed the text
    /// ```
    ///
    /// - Returns: Always `false`, as a text field delegate returns when it
    ///   has changed the text itself.
    @discardableResult
    public func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool {
        apply(CPFMaskEditor.edit(text.value, range: range, replacement: replacement))
        return false
    }

    /// Inserts typed or pasted text at the caret; see `CPFMaskEditor` for
    /// the rules (only ASCII digits count, a whole number replaces the field,
    /// 11 digits at most).
    ///
    /// ```swift
    /// viewModel.insert("390.533.447-05")
    /// ```
    public func insert(_ text: String) {
        replaceCharacters(in: caret.value..<caret.value, with: text)
    }

    /// Backspace: removes the digit before the caret; right after a separator,
    /// the digit before the separator.
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

    /// Delete: removes the first digit after the caret (skipping a separator).
    ///
    /// ```swift
    /// // "390|.533" → "390|.33"
    /// viewModel.deleteForward()
    /// ```
    public func deleteForward() {
        let caret = caret.value
        var offset = 0
        for unit in text.value.utf16 {
            if offset >= caret, unit &- 0x30 < 10 {
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

    /// Moves the caret back over one digit, to just after the digit before it.
    ///
    /// ```swift
    /// // "390.5|" → "390|.5"
    /// viewModel.moveLeft()
    /// ```
    public func moveLeft() {
        let before = CPFMaskEditor.digitCount(in: text.value, before: caret.value)
        let snapped = CPFMask.maskedLength(digitCount: before)
        moveCaret(to: caret.value > snapped ? snapped : CPFMask.maskedLength(digitCount: max(before - 1, 0)))
    }

    /// Moves the caret forward over one digit (and a separator before it).
    ///
    /// ```swift
    /// // "390|.5" → "390.5|"
    /// viewModel.moveRight()
    /// ```
    public func moveRight() {
        let before = CPFMaskEditor.digitCount(in: text.value, before: caret.value)
        guard before < digitCount else { return }
        moveCaret(to: CPFMask.maskedLength(digitCount: before + 1))
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

    /// The 11 bare digits when the field may be accepted: a valid CPF, or,
    /// with ``acceptsInvalidNumbers``, any 11 digits; `nil` otherwise.
    ///
    /// ```swift
    /// if let digits = viewModel.accept() { submit(digits) }
    /// ```
    public func accept() -> String? {
        switch state.value {
        case .valid(let cpf): return cpf.digits
        case .invalid where acceptsInvalidNumbers: return digits
        case .invalid, .incomplete: return nil
        }
    }

    /// Sets all three boxes, then lets those that changed notify.
    private func apply(_ edit: CPFMaskEditor.Edit) {
        let newState =
            edit.text == text.value
            ? state.value
            : Self.state(of: edit.text, allowsRepeatedDigits: allowsRepeatedDigits)
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

    /// The state of a masked text.
    private static func state(of text: String, allowsRepeatedDigits: Bool) -> CPFFieldState {
        let count = CPFMaskEditor.digitCount(in: text, before: .max)
        guard count == CPFMask.maximumDigitCount else { return .incomplete(digitCount: count) }
        do throws(CPFValidationError) {
            return .valid(try CPF(validating: text, options: .init(allowsRepeatedDigits: allowsRepeatedDigits)))
        } catch {
            return .invalid(error)
        }
    }
}
