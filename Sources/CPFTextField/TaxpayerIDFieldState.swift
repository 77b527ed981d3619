import CPFKit

/// What a "CPF/CNPJ" field holds, as far as validation goes: which kind of
/// number is being typed, and whether it is complete, valid or invalid.
///
/// ```swift
/// switch viewModel.state.value {
/// case .incomplete(let kind, let count):
///     hint.text = "\(kind.name): \(kind.characterCount - count) to go"   // "CNPJ: 2 to go"
/// case .valid(let number): hint.text = "✓ \(number)"                     // "✓ 12.ABC.345/01DE-35"
/// case .invalid(let reason): hint.text = "✗ \(reason)"                   // "✗ check digits should be 35"
/// }
/// ```
///
/// The kind is the mask's: in a field accepting either kind, up to 11 digits
/// and no letter are a CPF, so 11 digits are a complete CPF (valid or not)
/// until a 12th character makes the field a CNPJ.
public enum TaxpayerIDFieldState: MaskedFieldState {
    /// Fewer characters than the kind holds (0 for an empty field).
    case incomplete(kind: TaxpayerID.Kind, characterCount: Int)
    /// A complete, valid number.
    case valid(TaxpayerID)
    /// A complete number that is not valid, with the reason (check digits,
    /// or repeated digits unless they are allowed).
    case invalid(TaxpayerID.ValidationError)

    /// The state of a CPF field, as the state of a field holding a CPF.
    ///
    /// ```swift
    /// TaxpayerIDFieldState(CPFFieldState.incomplete(digitCount: 4))
    /// // .incomplete(kind: .cpf, characterCount: 4)
    /// ```
    public init(_ state: CPFFieldState) {
        switch state {
        case .incomplete(let digitCount): self = .incomplete(kind: .cpf, characterCount: digitCount)
        case .valid(let cpf): self = .valid(.cpf(cpf))
        case .invalid(let reason): self = .invalid(.cpf(reason))
        }
    }

    /// The kind of number the field holds, or is being typed.
    ///
    /// ```swift
    /// TaxpayerIDFieldState.incomplete(kind: .cnpj, characterCount: 3).kind   // .cnpj
    /// ```
    public var kind: TaxpayerID.Kind {
        switch self {
        case .incomplete(let kind, _): kind
        case .valid(let number): number.kind
        case .invalid(let reason): reason.kind
        }
    }

    /// Whether all the characters of the kind are in (valid or not).
    ///
    /// ```swift
    /// TaxpayerIDFieldState.incomplete(kind: .cpf, characterCount: 4).isComplete   // false
    /// ```
    public var isComplete: Bool {
        if case .incomplete = self { return false }
        return true
    }

    /// The number, when the field holds a valid one.
    ///
    /// ```swift
    /// if let number = viewModel.state.value.taxpayerID { save(number.formatted) }
    /// ```
    public var taxpayerID: TaxpayerID? {
        if case .valid(let number) = self { return number }
        return nil
    }

    /// The number's bare characters (11 digits, or 14 characters in upper
    /// case), when the field holds a valid one.
    ///
    /// ```swift
    /// TaxpayerIDFieldViewModel(text: "12.abc.345/01de-35").state.value.validCharacters   // "12ABC34501DE35"
    /// ```
    public var validCharacters: String? { taxpayerID?.characters }
}
