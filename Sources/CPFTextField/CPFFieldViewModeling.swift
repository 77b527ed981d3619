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
/// The text, the caret and the intents are those of every masked field
/// (``MaskedFieldViewModeling``); for a CPF, the text is masked
/// `DDD.DDD.DDD-DD` as far as the digits go, only ASCII digits are typed,
/// and ``MaskedFieldViewModeling/accept()`` gives the 11 bare digits. Offsets
/// (`caret`, ranges) count UTF-16 code units, as UIKit does; the masked text
/// is ASCII, so they also count characters.
public protocol CPFFieldViewModeling: MaskedFieldViewModeling where State == CPFFieldState {}
