/// What a masked field holds, as far as validation goes: incomplete, or a
/// complete number, valid or not. ``CPFFieldState`` and
/// ``TaxpayerIDFieldState`` are the states of the fields CPFTextField has.
///
/// ```swift
/// let state = CPFFieldViewModel(text: "39053344705").state.value
/// state.isComplete        // true
/// state.validCharacters   // "39053344705"
/// ```
public protocol MaskedFieldState: Hashable, Sendable {
    /// Whether all the characters of the number are in (valid or not).
    var isComplete: Bool { get }
    /// The bare characters of the number when it is valid (what
    /// `accept()` gives); `nil` otherwise.
    var validCharacters: String? { get }
}
