/// What every masked field's model offers a view, whatever number it holds:
/// the text and the caret in observable boxes, and the user's intents.
///
/// Its `state` box holds the field's ``MaskedFieldState``:
/// ``CPFFieldViewModeling`` (a CPF field) and ``TaxpayerIDFieldViewModeling``
/// (a "CPF/CNPJ" field) are this protocol with their state. Code that only
/// forwards keys to a field, or only draws its text, takes this protocol and
/// works with both; a view of any field binds to it through
/// ``MaskedFieldView``.
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
public protocol MaskedFieldViewModeling<State>: AnyObject {
    /// What the field holds, as far as validation goes.
    associatedtype State: MaskedFieldState

    /// Incomplete, valid or invalid with the reason.
    var state: ObservableBox<State> { get }
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
