/// What a view sees of a CPF field's model: the state in observable boxes,
/// and the user's intents.
///
/// A view is handed a model conforming to this protocol (see
/// ``CPFFieldView``) and never creates one, so it can be shown with a test
/// double, and the same model drives a `UITextField`, a SwiftUI view or a
/// terminal (`cpf prompt`).
///
/// ```swift
/// func textField(_ field: UITextField, shouldChangeCharactersIn range: NSRange,
///                replacementString string: String) -> Bool {
///     viewModel.replaceCharacters(in: range.location..<range.location + range.length, with: string)
/// }
/// ```
///
/// Offsets (`caret`, ranges) count UTF-16 code units, as UIKit does; the
/// masked text is ASCII, so they also count characters. The text, the caret
/// and the intents are those of every masked field
/// (``MaskedFieldViewModeling``), restated here with what they mean for a CPF.
public protocol CPFFieldViewModeling: MaskedFieldViewModeling {
    /// The masked text, `DDD.DDD.DDD-DD` as far as the digits go.
    var text: ObservableBox<String> { get }
    /// The caret's offset in `text`, `0...text.value.utf16.count`.
    var caret: ObservableBox<Int> { get }
    /// Incomplete, valid or invalid with the reason.
    var state: ObservableBox<CPFFieldState> { get }

    /// Applies an edit as `shouldChangeCharactersIn(range:replacementString:)`
    /// asks for it, through `CPFMaskEditor`.
    ///
    /// - Returns: `false`: the model has changed the text itself (its
    ///   bindings set the field's text and caret), so the field must not
    ///   apply the edit again. Return it from the delegate method.
    @discardableResult
    func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool
    /// Inserts typed or pasted text at the caret (only its ASCII digits count).
    func insert(_ text: String)
    /// Backspace: removes the digit before the caret (across a separator).
    func deleteBackward()
    /// Delete: removes the digit after the caret (across a separator).
    func deleteForward()
    /// Puts the caret at `offset` (clamped to the text).
    func moveCaret(to offset: Int)
    /// Moves the caret back over one digit (and the separator before it).
    func moveLeft()
    /// Moves the caret forward over one digit (and the separator before it).
    func moveRight()
    /// Moves the caret to the start.
    func moveToStart()
    /// Moves the caret to the end.
    func moveToEnd()
    /// The 11 bare digits to submit when the field may be accepted (a valid
    /// CPF, or any complete number if the model allows invalid ones); `nil`
    /// otherwise, and nothing changes.
    func accept() -> String?
}
