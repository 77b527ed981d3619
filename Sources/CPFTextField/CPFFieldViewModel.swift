import CPFKit

/// The model of a CPF text field, for any user interface: masks as the user
/// types (through CPFKit's `CPFMaskEditor`), keeps the caret, and validates.
/// It is ``MaskedFieldViewModel`` with ``CPFFieldRules``: the intents and
/// the boxes are the masked field's, written once.
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
public final class CPFFieldViewModel: MaskedFieldViewModel<CPFFieldRules>, CPFFieldViewModeling {
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
    ///   - acceptsInvalidNumbers: Whether `accept()` takes any 11 digits.
    public init(text: String = "", allowsRepeatedDigits: Bool = false, acceptsInvalidNumbers: Bool = false) {
        super.init(
            text: text, rules: CPFFieldRules(allowsRepeatedDigits: allowsRepeatedDigits),
            acceptsInvalidNumbers: acceptsInvalidNumbers)
    }

    /// Whether the ten numbers of one repeated digit (`111.111.111-11`…),
    /// which pass the checksum but are never issued, count as valid.
    public var allowsRepeatedDigits: Bool { rules.allowsRepeatedDigits }

    /// The bare digits typed so far: the field's ``MaskedFieldViewModel/characters``.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.5").digits   // "3905"
    /// ```
    public var digits: String { characters }

    /// How many digits are in, 0 to 11.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.5").digitCount   // 4
    /// ```
    public var digitCount: Int { characterCount }
}
