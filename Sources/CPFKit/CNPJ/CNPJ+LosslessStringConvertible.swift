extension CNPJ: LosslessStringConvertible {
    /// Reads a CNPJ from text, leniently; `nil` when the text is not a CNPJ.
    ///
    /// ```swift
    /// CNPJ("12.ABC.345/01DE-35")   // 12.ABC.345/01DE-35
    /// CNPJ("12abc34501de35")       // 12.ABC.345/01DE-35
    /// CNPJ("12.ABC.345/01DE-36")   // nil
    /// ```
    ///
    /// It accepts exactly the text that ``Swift/StringProtocol/isValidCNPJ``
    /// accepts. To learn why text is not a CNPJ, use
    /// ``init(validating:options:)``.
    public init?(_ description: String) {
        guard case .success(let cnpj) = description.cnpjParsingResult(options: .lenient) else { return nil }
        self = cnpj
    }
}
