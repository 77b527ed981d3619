/// How ``CPF``, ``CNPJ`` and ``TaxpayerID`` are coded: as one string, read
/// with the rule of their own type, written bare. The three `Codable`
/// conformances are this one piece of code with their own parser.
enum StringCoding {
    /// The value `decoder` holds as a single string, read by `parse`; a
    /// string `parse` refuses is `DecodingError.dataCorrupted`, its
    /// description "not a valid `name`: REASON" and the parser's error as
    /// its underlying error.
    ///
    /// ```swift
    /// self = try StringCoding.decode(from: decoder, name: "CPF") { try CPF(validating: $0) }
    /// ```
    static func decode<Value>(
        from decoder: any Decoder, name: String, _ parse: (String) throws -> Value
    ) throws -> Value {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            return try parse(text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "not a valid \(name): \(error)",
                    underlyingError: error))
        }
    }

    /// Writes `text`, the value's bare characters, as a single string.
    static func encode(_ text: String, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
