extension CNPJ {
    /// How text is read as a CNPJ: the options a CPF is read with,
    /// ``CPF/ParsingOptions``, under the CNPJ's name. The choices are the
    /// same for both numbers (a format, padding, repeated digits); what each
    /// format accepts is the number's own.
    ///
    /// ```swift
    /// try CNPJ(validating: "12.ABC.345/01DE-35", options: .strict)
    /// try CNPJ(validating: "12abc34501de35")                                // lenient: 12.ABC.345/01DE-35
    /// try CNPJ(validating: "191", options: .init(padsLeadingZeros: true))   // 00.000.000/0001-91
    /// ```
    public typealias ParsingOptions = CPF.ParsingOptions
}

extension CPF.ParsingOptions {
    /// These options, for a CPF: the same value, since a CPF and a CNPJ
    /// share one type of options. Kept for code written when
    /// ``CNPJ/ParsingOptions`` was a type of its own.
    ///
    /// ```swift
    /// CNPJ.ParsingOptions.strict.cpfOptions   // .strict
    /// ```
    public var cpfOptions: CPF.ParsingOptions { self }

    /// A copy of `options`: a CPF's options read a CNPJ as they are. Kept
    /// for code written when ``CNPJ/ParsingOptions`` was a type of its own.
    ///
    /// ```swift
    /// CNPJ.ParsingOptions(CPF.ParsingOptions.strict)   // .strict
    /// ```
    public init(_ options: CPF.ParsingOptions) {
        self = options
    }
}
