import CPFKit

/// What a CPF field holds, as far as validation goes.
///
/// ```swift
/// switch viewModel.state.value {
/// case .incomplete(let digitCount): hint.text = "\(11 - digitCount) digits to go"
/// case .valid(let cpf): hint.text = "✓ \(cpf)"
/// case .invalid(let reason): hint.text = "✗ \(reason)"   // ✗ check digits should be 05
/// }
/// ```
public enum CPFFieldState: MaskedFieldState {
    /// Fewer than 11 digits so far (0 for an empty field).
    case incomplete(digitCount: Int)
    /// 11 digits making a valid CPF.
    case valid(CPF)
    /// 11 digits that are not a CPF: `CPFValidationError.checkDigits(expected:)`,
    /// or `CPFValidationError.repeatedDigits` unless repeated digits are allowed.
    case invalid(CPFValidationError)

    /// Whether all 11 digits are in (valid or not).
    ///
    /// ```swift
    /// CPFFieldState.incomplete(digitCount: 4).isComplete   // false
    /// ```
    public var isComplete: Bool {
        if case .incomplete = self { return false }
        return true
    }

    /// The CPF, when the field holds a valid one.
    ///
    /// ```swift
    /// if let cpf = viewModel.state.value.cpf { save(cpf) }
    /// ```
    public var cpf: CPF? {
        if case .valid(let cpf) = self { return cpf }
        return nil
    }

    /// The CPF's 11 digits, when the field holds a valid one.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.533.447-05").state.value.validCharacters   // "39053344705"
    /// ```
    public var validCharacters: String? { cpf?.digits }
}
