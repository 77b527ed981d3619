extension CNPJ: Codable {
    /// The `userInfo` key of a decoder that says how ``init(from:)`` reads a
    /// CNPJ: its value is a ``ParsingOptions``; without it, `.lenient`, as
    /// ``init(validating:options:)`` and ``Swift/StringProtocol/isValidCNPJ``.
    ///
    /// ```swift
    /// // With Foundation's JSONDecoder: refuse lowercase letters.
    /// decoder.userInfo[CNPJ.parsingOptionsKey] = CNPJ.ParsingOptions.strict
    /// ```
    public static let parsingOptionsKey = CodingUserInfoKey(rawValue: "CPFKit.CNPJ.ParsingOptions")!

    /// Decodes a CNPJ from a string, read with the decoder's
    /// ``parsingOptionsKey`` options, `.lenient` when it has none.
    ///
    /// ```swift
    /// struct Supplier: Codable { var cnpj: CNPJ }
    /// // {"cnpj": "12.ABC.345/01DE-35"} and {"cnpj": "12ABC34501DE35"} both decode.
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the ``CNPJValidationError``
    ///   as its underlying error when the string is not a valid CNPJ.
    public init(from decoder: any Decoder) throws {
        let options = decoder.userInfo[Self.parsingOptionsKey] as? ParsingOptions ?? .lenient
        self = try StringCoding.decode(from: decoder, name: "CNPJ") { try CNPJ(validating: $0, options: options) }
    }

    /// Encodes the CNPJ as a string of its 14 bare characters, `"12ABC34501DE35"`.
    public func encode(to encoder: any Encoder) throws {
        try StringCoding.encode(characters, to: encoder)
    }
}
