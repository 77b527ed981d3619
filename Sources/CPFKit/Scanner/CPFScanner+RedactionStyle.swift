extension CPFScanner {
    /// Which digits of a CPF redaction hides; separators are always kept.
    ///
    /// ```swift
    /// "390.533.447-05".redactingCPFs(style: .full)   // "***.***.***-**"
    /// "390.533.447-05".redactingCPFs(style: .lgpd)   // "***.533.447-**"
    /// CPFScanner.RedactionStyle(rawValue: "lgpd")    // .lgpd, as `cpf redact --style lgpd`
    /// ```
    public enum RedactionStyle: String, Hashable, Sendable, CaseIterable {
        /// Every digit: `***.***.***-**`, `***********`.
        case full
        /// The first three and the last two digits, as LGPD notices show a
        /// CPF: `***.533.447-**`, `***533447**` (see ``CPF/lgpdMasked``, and
        /// its note: this is pseudonymisation, not anonymisation).
        case lgpd
    }
}
