extension TaxpayerID: Codable {
    /// The `userInfo` key of a decoder that says which kinds
    /// ``init(from:)`` accepts: its value is an ``Accepted``; without it,
    /// `.any`, the kind the text is meant to be (`Kind(guessing:)`).
    ///
    /// ```swift
    /// // With Foundation's JSONDecoder: a column of CNPJs only.
    /// decoder.userInfo[TaxpayerID.acceptedKey] = TaxpayerID.Accepted.cnpj
    /// ```
    public static let acceptedKey = CodingUserInfoKey(rawValue: "CPFKit.TaxpayerID.Accepted")!

    /// Decodes a CPF or a CNPJ from a string, masked or bare, read leniently
    /// as ``init(validating:accepting:options:)`` reads it (with the
    /// decoder's ``acceptedKey`` and ``CNPJ/parsingOptionsKey`` when set).
    ///
    /// ```swift
    /// struct Invoice: Codable { var payer: TaxpayerID }
    /// // {"payer": "390.533.447-05"} decodes as .cpf, {"payer": "11222333000181"} as .cnpj.
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the ``ValidationError``
    ///   as its underlying error when the string is not a valid number of a
    ///   kind accepted.
    public init(from decoder: any Decoder) throws {
        let accepted = decoder.userInfo[Self.acceptedKey] as? Accepted ?? .any
        let options = decoder.userInfo[CNPJ.parsingOptionsKey] as? CNPJ.ParsingOptions ?? .lenient
        self = try StringCoding.decode(from: decoder, name: "CPF or CNPJ") {
            try TaxpayerID(validating: $0, accepting: accepted, options: options)
        }
    }

    /// Encodes the number as a string of its bare characters: 11 digits for
    /// a CPF (`"39053344705"`), 14 characters for a CNPJ
    /// (`"12ABC34501DE35"`), as ``CPF`` and ``CNPJ`` encode themselves; the
    /// length tells them apart when decoded.
    public func encode(to encoder: any Encoder) throws {
        try StringCoding.encode(characters, to: encoder)
    }
}
