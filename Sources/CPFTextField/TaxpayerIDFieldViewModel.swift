import CPFKit

/// The model of a "CPF/CNPJ" text field, for any user interface: masks as
/// the user types (through CPFKit's `TaxpayerIDMaskEditor`), keeps the
/// caret, and validates the kind of number being typed. It is
/// ``MaskedFieldViewModel`` with ``TaxpayerIDFieldRules``: the intents and
/// the boxes are the masked field's, written once.
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
public final class TaxpayerIDFieldViewModel: MaskedFieldViewModel<TaxpayerIDFieldRules>, TaxpayerIDFieldViewModeling {
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
    ///   - acceptsInvalidNumbers: Whether `accept()` takes any complete number.
    public init(
        text: String = "", accepting: TaxpayerID.Accepted = .any, allowsRepeatedDigits: Bool = false,
        acceptsInvalidNumbers: Bool = false
    ) {
        super.init(
            text: text, rules: TaxpayerIDFieldRules(accepting: accepting, allowsRepeatedDigits: allowsRepeatedDigits),
            acceptsInvalidNumbers: acceptsInvalidNumbers)
    }

    /// The kinds the field takes.
    public var accepting: TaxpayerID.Accepted { rules.accepting }

    /// Whether the numbers of one repeated digit (`111.111.111-11`,
    /// `11.111.111/1111-11`…), which pass the checksum but are never issued,
    /// count as valid.
    public var allowsRepeatedDigits: Bool { rules.allowsRepeatedDigits }

    /// The kind of number the mask is shown for.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "390533447").kind   // .cpf
    /// TaxpayerIDFieldViewModel(text: "12A").kind         // .cnpj
    /// ```
    public var kind: TaxpayerID.Kind {
        rules.kind(of: text.value)
    }
}
