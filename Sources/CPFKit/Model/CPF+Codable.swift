extension CPF: Codable {
    /// The `userInfo` key of a decoder that says how ``init(from:)`` reads a
    /// CPF: its value is a ``ParsingOptions``; without it, `.lenient`, as
    /// ``init(validating:options:)`` and ``Swift/StringProtocol/isValidCPF``.
    ///
    /// ```swift
    /// // With Foundation's JSONDecoder: accept the ten repeated-digit numbers.
    /// decoder.userInfo[CPF.parsingOptionsKey] = CPF.ParsingOptions(allowsRepeatedDigits: true)
    /// ```
    public static let parsingOptionsKey = CodingUserInfoKey(rawValue: "CPFKit.CPF.ParsingOptions")!

    /// Decodes a CPF from a string, read with the decoder's
    /// ``parsingOptionsKey`` options, `.lenient` (masked or bare, repeated
    /// digits refused) when it has none: the same answer as
    /// ``Swift/StringProtocol/isValidCPF``.
    ///
    /// ```swift
    /// struct Customer: Codable { var cpf: CPF }
    /// // {"cpf": "390.533.447-05"} and {"cpf": "39053344705"} both decode;
    /// // {"cpf": "111.111.111-11"} does not, unless the decoder's userInfo
    /// // allows repeated digits (see parsingOptionsKey).
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the ``CPFValidationError``
    ///   as its underlying error when the string is not a valid CPF.
    public init(from decoder: any Decoder) throws {
        let options = decoder.userInfo[Self.parsingOptionsKey] as? ParsingOptions ?? .lenient
        self = try StringCoding.decode(from: decoder, name: "CPF") { try CPF(validating: $0, options: options) }
    }

    /// Encodes the CPF as a string of its 11 bare digits, `"39053344705"`.
    public func encode(to encoder: any Encoder) throws {
        try StringCoding.encode(digits, to: encoder)
    }
}
