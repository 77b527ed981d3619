extension CPF: LosslessStringConvertible {
    /// Reads a CPF from text, leniently; `nil` when the text is not a CPF.
    ///
    /// ```swift
    /// CPF("390.533.447-05")   // 390.533.447-05
    /// CPF("390.533.447-06")   // nil
    /// ```
    ///
    /// So that every value reads back from its ``description``, this accepts
    /// the ten repeated-digit numbers (a `CPF` can hold one, made with
    /// ``ParsingOptions/allowsRepeatedDigits``). To apply the default policy
    /// to user input and learn why text is not a CPF, use
    /// ``init(validating:options:)``.
    public init?(_ description: String) {
        guard case .success(let cpf) = description.parsedCPF(options: .roundTrip) else { return nil }
        self = cpf
    }
}

extension CPF.ParsingOptions {
    /// Lenient, accepting repeated digits: reads back any `CPF` value.
    @usableFromInline
    static let roundTrip = CPF.ParsingOptions(allowsRepeatedDigits: true)
}
