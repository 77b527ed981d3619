/// What every masked field's model offers a view, whatever number it holds:
/// the text and the caret in observable boxes, and the user's intents.
///
/// ``CPFFieldViewModeling`` (a CPF field) and ``TaxpayerIDFieldViewModeling``
/// (a "CPF/CNPJ" field) refine it with their own `state` box. Code that only
/// forwards keys to a field, or only draws its text, takes this protocol and
/// works with both.
///
/// ```swift
/// func handleBackspace(in field: any MaskedFieldViewModeling) {
///     field.deleteBackward()
/// }
/// handleBackspace(in: CPFFieldViewModel(text: "390.5"))                // "390"
/// handleBackspace(in: TaxpayerIDFieldViewModel(text: "12.ABC"))        // "12.AB"
/// ```
///
/// Offsets (`caret`, ranges) count UTF-16 code units, as UIKit does; the
/// masked text is ASCII, so they also count characters.
public protocol MaskedFieldViewModeling: AnyObject {
    /// The masked text, as far as the characters typed go.
    var text: ObservableBox<String> { get }
    /// The caret's offset in `text`, `0...text.value.utf16.count`.
    var caret: ObservableBox<Int> { get }

    /// Applies an edit as `shouldChangeCharactersIn(range:replacementString:)`
    /// asks for it.
    ///
    /// - Returns: `false`: the model has changed the text itself, so the
    ///   field must not apply the edit again.
    @discardableResult
    func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool
    /// Inserts typed or pasted text at the caret (only the characters the
    /// field accepts count).
    func insert(_ text: String)
    /// Backspace: removes the character before the caret (across a separator).
    func deleteBackward()
    /// Delete: removes the character after the caret (across a separator).
    func deleteForward()
    /// Puts the caret at `offset` (clamped to the text).
    func moveCaret(to offset: Int)
    /// Moves the caret back over one character (and the separator before it).
    func moveLeft()
    /// Moves the caret forward over one character (and the separator before it).
    func moveRight()
    /// Moves the caret to the start.
    func moveToStart()
    /// Moves the caret to the end.
    func moveToEnd()
    /// The bare characters to submit when the field may be accepted; `nil`
    /// otherwise, and nothing changes.
    func accept() -> String?
}

extension MaskedFieldViewModeling {
    /// The bindings of a view of this model, as ``CPFFieldView/bindViewModel()``
    /// and ``TaxpayerIDFieldView/bindViewModel()`` make them: `display` is
    /// called at once and after every change of the text, the caret or
    /// `state` (this model's state box), with their current values. The
    /// view, the model and the box are captured weakly.
    func bindings<View: AnyObject, State>(
        of view: View, state: ObservableBox<State>, display: @escaping (View, String, Int, State) -> Void
    ) -> [ObservationToken] {
        let redisplay: (Any) -> Void = { [weak view, weak self, weak state] _ in
            guard let view, let self, let state else { return }
            display(view, self.text.value, self.caret.value, state.value)
        }
        return [text.bindAndFire(redisplay), caret.bind(redisplay), state.bind(redisplay)]
    }
}
