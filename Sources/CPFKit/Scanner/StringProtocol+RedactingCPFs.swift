extension StringProtocol {
    /// This text with the digits of every CPF in it (as ``CPFScanner`` finds
    /// them) hidden as `*`, separators and everything else kept.
    ///
    /// ```swift
    /// "Cliente 390.533.447-05, tel 11 98765-4321".redactingCPFs()
    /// // "Cliente ***.***.***-**, tel 11 98765-4321"
    /// "cpf=39053344705".redactingCPFs(style: .lgpd)   // "cpf=***533447**"
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public func redactingCPFs(style: CPFScanner.RedactionStyle = .full) -> String {
        String(decoding: CPFScanner.redacting(utf8, style: style), as: UTF8.self)
    }
}
