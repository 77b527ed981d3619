import CPFKit

/// The model of a "CPF/CNPJ" text field, for any user interface: masks as
/// the user types (through CPFKit's `TaxpayerIDMaskEditor`), keeps the
/// caret, and validates the kind of number being typed.
///
/// What it takes is `accepting`: `.cpf` is a CPF field, exactly as
/// ``CPFFieldViewModel`` edits one; `.cnpj` always masks `XX.XXX.XXX/XXXX-DD`;
/// `.any` masks `DDD.DDD.DDD-DD` while the field holds at most 11 digits and
/// no letter, and switches to the CNPJ mask at the 12th character (or the
/// first letter), and back when the field shrinks again. With a CNPJ, letters
/// are taken in the first twelve places, upper-cased; the last two are digits.
///
/// ```swift
/// let viewModel = TaxpayerIDFieldViewModel()            // accepting: .any
/// viewModel.insert("39053344705")
/// viewModel.text.value    // "390.533.447-05"
/// viewModel.state.value   // .valid(390.533.447-05)
/// viewModel.insert("1")
/// viewModel.text.value    // "39.053.344/7051": the 12th character switches the mask
/// viewModel.state.value   // .incomplete(kind: .cnpj, characterCount: 12)
/// viewModel.deleteBackward()
/// viewModel.text.value    // "390.533.447-05": back to a CPF
///
/// let cnpj = TaxpayerIDFieldViewModel(accepting: .cnpj)
/// cnpj.insert("12abc34501de35")
/// cnpj.text.value         // "12.ABC.345/01DE-35"
/// cnpj.accept()           // "12ABC34501DE35"
/// ```
///
/// As with ``CPFFieldViewModel``, after an edit all three boxes hold their
/// new values before any observer is called; then the boxes whose value
/// changed notify, in the order text, caret, state.
public final class TaxpayerIDFieldViewModel: TaxpayerIDFieldViewModeling {
    /// The field's state; see ``TaxpayerIDFieldState``.
    public typealias State = TaxpayerIDFieldState

    public let text: ObservableBox<String>
    public let caret: ObservableBox<Int>
    public let state: ObservableBox<TaxpayerIDFieldState>

    /// The kinds the field takes.
    public let accepting: TaxpayerID.Accepted
    /// Whether the numbers of one repeated digit (`111.111.111-11`,
    /// `11.111.111/1111-11`…), which pass the checksum but are never issued,
    /// count as valid.
    public let allowsRepeatedDigits: Bool
    /// Whether ``accept()`` takes any complete number, valid or not.
    public let acceptsInvalidNumbers: Bool

    /// Makes the model of a field holding the characters of `text`, masked,
    /// the caret at the end.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "12abc").text.value                    // "12.ABC"
    /// TaxpayerIDFieldViewModel(text: "390533447").text.value                // "390.533.447"
    /// TaxpayerIDFieldViewModel(text: "390533447", accepting: .cnpj).text.value   // "39.053.344/7"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The initial text; read as a paste into an empty field.
    ///   - accepting: The kinds the field takes; `.any` by default, as
    ///     `TaxpayerIDMaskEditor` and `TaxpayerID(validating:accepting:options:)`.
    ///   - allowsRepeatedDigits: Whether `111.111.111-11` and the like are valid.
    ///   - acceptsInvalidNumbers: Whether ``accept()`` takes any complete number.
    public init(
        text: String = "", accepting: TaxpayerID.Accepted = .any, allowsRepeatedDigits: Bool = false,
        acceptsInvalidNumbers: Bool = false
    ) {
        self.accepting = accepting
        self.allowsRepeatedDigits = allowsRepeatedDigits
        self.acceptsInvalidNumbers = acceptsInvalidNumbers
        let edit = TaxpayerIDMaskEditor.edit("", range: 0..<0, replacement: text, accepting: accepting)
        self.text = ObservableBox(edit.text)
        caret = ObservableBox(edit.text.utf16.count)
        state = ObservableBox(
            Self.state(of: edit.text, accepting: accepting, allowsRepeatedDigits: allowsRepeatedDigits))
    }

    /// The bare characters typed so far: digits, and letters in upper case.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "12.abc").characters   // "12ABC"
    /// ```
    public var characters: String {
        String(decoding: text.value.utf8.filter(Self.isCharacter), as: UTF8.self)
    }

    /// How many characters are in: 0 to 11 for a CPF, to 14 for a CNPJ.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "12.ABC").characterCount   // 5
    /// ```
    public var characterCount: Int {
        Self.characterCount(in: text.value, before: .max)
    }

    /// The kind of number the mask is shown for.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "390533447").kind   // .cpf
    /// TaxpayerIDFieldViewModel(text: "12A").kind         // .cnpj
    /// ```
    public var kind: TaxpayerID.Kind {
        Self.kind(of: text.value, accepting: accepting)
    }

    /// Applies an edit through
    /// `TaxpayerIDMaskEditor.edit(_:range:replacement:accepting:)`.
    ///
    /// ```swift
    /// viewModel.replaceCharacters(in: 2..<2, with: "a")   // false: the model changed the text
    /// ```
    ///
    /// - Returns: Always `false`, as a text field delegate returns when it
    ///   has changed the text itself.
    @discardableResult
    public func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool {
        apply(TaxpayerIDMaskEditor.edit(text.value, range: range, replacement: replacement, accepting: accepting))
        return false
    }

    /// Inserts typed or pasted text at the caret; see
    /// `TaxpayerIDMaskEditor` for the rules (digits, and letters in the
    /// first twelve places of a CNPJ; 11 characters or more replace the field).
    ///
    /// ```swift
    /// viewModel.insert("12.abc.345/01de-35")   // "12.ABC.345/01DE-35"
    /// ```
    public func insert(_ text: String) {
        replaceCharacters(in: caret.value..<caret.value, with: text)
    }

    /// Backspace: removes the character before the caret; right after a
    /// separator, the character before the separator.
    ///
    /// ```swift
    /// // "12.A|" → "12|"
    /// viewModel.deleteBackward()
    /// ```
    public func deleteBackward() {
        let caret = caret.value
        guard caret > 0 else { return }
        replaceCharacters(in: caret - 1..<caret, with: "")
    }

    /// Delete: removes the first character after the caret (skipping a separator).
    ///
    /// ```swift
    /// // "12|.ABC" → "12|.BC"
    /// viewModel.deleteForward()
    /// ```
    public func deleteForward() {
        let caret = caret.value
        var offset = 0
        for unit in text.value.utf16 {
            if offset >= caret, unit < 0x80, Self.isCharacter(UInt8(unit)) {
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

    /// Moves the caret back over one character, to just after the character before it.
    ///
    /// ```swift
    /// // "12.A|" → "12|.A"
    /// viewModel.moveLeft()
    /// ```
    public func moveLeft() {
        let before = Self.characterCount(in: text.value, before: caret.value)
        let snapped = maskedLength(before)
        moveCaret(to: caret.value > snapped ? snapped : maskedLength(max(before - 1, 0)))
    }

    /// Moves the caret forward over one character (and a separator before it).
    ///
    /// ```swift
    /// // "12|.A" → "12.A|"
    /// viewModel.moveRight()
    /// ```
    public func moveRight() {
        let before = Self.characterCount(in: text.value, before: caret.value)
        guard before < characterCount else { return }
        moveCaret(to: maskedLength(before + 1))
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
    /// (11 digits, or 14 characters in upper case), or, with
    /// ``acceptsInvalidNumbers``, those of any complete number; `nil`
    /// otherwise. The masked form is ``TaxpayerIDFieldState/taxpayerID``'s
    /// `TaxpayerID.formatted`, or the field's text.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "12.ABC.345/01DE-35").accept()   // "12ABC34501DE35"
    /// TaxpayerIDFieldViewModel(text: "12.ABC.345/01DE-36").accept()   // nil: check digits should be 35
    /// ```
    public func accept() -> String? {
        switch state.value {
        case .valid(let number): return number.characters
        case .invalid where acceptsInvalidNumbers: return characters
        case .invalid, .incomplete: return nil
        }
    }

    /// Where the caret stands after `count` characters of the current mask.
    private func maskedLength(_ count: Int) -> Int {
        switch kind {
        case .cpf: CPFMask.maskedLength(digitCount: min(count, CPFMask.maximumDigitCount))
        case .cnpj: CNPJMask.maskedLength(characterCount: min(count, CNPJMask.maximumCharacterCount))
        }
    }

    /// Sets all three boxes, then lets those that changed notify.
    private func apply(_ edit: CPFMaskEditor.Edit) {
        let newState =
            edit.text == text.value
            ? state.value
            : Self.state(of: edit.text, accepting: accepting, allowsRepeatedDigits: allowsRepeatedDigits)
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

    /// Whether `byte` is a character of a number: an ASCII digit or letter.
    private static func isCharacter(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || byte | 0x20 &- UInt8(ascii: "a") < 26
    }

    /// How many characters of a number stand before UTF-16 offset `offset` of `text`.
    private static func characterCount(in text: String, before offset: Int) -> Int {
        var count = 0
        for unit in text.utf16.prefix(max(offset, 0)) where unit < 0x80 && isCharacter(UInt8(unit)) {
            count += 1
        }
        return count
    }

    /// The kind a masked text is shown as.
    private static func kind(of text: String, accepting: TaxpayerID.Accepted) -> TaxpayerID.Kind {
        switch accepting {
        case .cpf: .cpf
        case .cnpj: .cnpj
        case .any: TaxpayerID.Kind(guessing: text)
        }
    }

    /// The state of a masked text.
    private static func state(of text: String, accepting: TaxpayerID.Accepted, allowsRepeatedDigits: Bool)
        -> TaxpayerIDFieldState
    {
        let kind = kind(of: text, accepting: accepting)
        let count = characterCount(in: text, before: .max)
        guard count == kind.characterCount else { return .incomplete(kind: kind, characterCount: count) }
        let options = CNPJ.ParsingOptions(allowsRepeatedDigits: allowsRepeatedDigits)
        do throws(TaxpayerID.ValidationError) {
            return .valid(try TaxpayerID(validating: text, accepting: kind == .cpf ? .cpf : .cnpj, options: options))
        } catch {
            return .invalid(error)
        }
    }
}
