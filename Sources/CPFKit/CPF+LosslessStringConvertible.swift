extension CPF: LosslessStringConvertible {
    /// Reads a CPF from text, leniently; `nil` when the text is not a valid CPF.
    ///
    /// ```swift
    /// CPF("390.533.447-05")   // 390.533.447-05
    /// CPF("390.533.447-06")   // nil
    /// ```
    ///
    /// Use ``init(_:options:)`` to learn why text is not a CPF.
    public init?(_ description: String) {
        guard case .success(let cpf) = description.parsedCPF() else { return nil }
        self = cpf
    }
}
