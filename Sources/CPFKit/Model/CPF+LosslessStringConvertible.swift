extension CPF: LosslessStringConvertible {
    /// Reads a CPF from text, leniently; `nil` when the text is not a CPF.
    ///
    /// ```swift
    /// CPF("390.533.447-05")   // 390.533.447-05
    /// CPF("390.533.447-06")   // nil
    /// CPF("111.111.111-11")   // nil: never issued, as isValidCPF says
    /// ```
    ///
    /// It accepts exactly the text that ``Swift/StringProtocol/isValidCPF``
    /// accepts, so the ten repeated-digit numbers are refused; a `CPF` made
    /// with ``ParsingOptions/allowsRepeatedDigits`` reads back with
    /// ``init(validating:options:)`` and the same options. To learn why text
    /// is not a CPF, use ``init(validating:options:)``.
    public init?(_ description: String) {
        guard case .success(let cpf) = description.cpfParsingResult(options: .lenient) else { return nil }
        self = cpf
    }
}
