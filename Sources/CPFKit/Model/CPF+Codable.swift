extension CPF: Codable {
    /// Decodes a CPF from a string, read leniently (masked or bare).
    ///
    /// So that every encoded value decodes, the ten repeated-digit numbers
    /// are accepted (a `CPF` can hold one, made with
    /// ``ParsingOptions/allowsRepeatedDigits``); check user input with
    /// ``init(validating:options:)`` to apply the default policy.
    ///
    /// ```swift
    /// struct Customer: Codable { var cpf: CPF }
    /// // {"cpf": "390.533.447-05"} and {"cpf": "39053344705"} both decode.
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the ``CPFValidationError``
    ///   as its underlying error when the string is not a valid CPF.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try CPF(validating: text, options: .roundTrip)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a valid CPF: \(error)",
                    underlyingError: error))
        }
    }

    /// Encodes the CPF as a string of its 11 bare digits, `"39053344705"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(digits)
    }
}
