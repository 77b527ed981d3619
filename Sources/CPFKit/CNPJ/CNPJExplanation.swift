/// Everything there is to say about a text read as a CNPJ: whether it is
/// valid and why not, and, when it holds 14 characters ending in two digits,
/// its parts and the check digits found and expected, as `cpf info
/// --document cnpj` shows them.
///
/// ```swift
/// let info = CNPJExplanation("12.abc.345/01de-36")
/// info.isValid               // false
/// info.error                 // .checkDigits(expected: 35)
/// info.characters            // "12ABC34501DE36"
/// info.foundCheckDigits      // 36
/// info.expectedCheckDigits   // 35
/// info.root                  // "12ABC345"
/// ```
public struct CNPJExplanation: Hashable, Sendable {
    /// The text as given.
    public let input: String
    /// Why the text is not a valid CNPJ, `nil` when it is one.
    public let error: CNPJValidationError?
    /// The 14 characters read, upper-cased, when the text holds 14 characters
    /// with digits in the last two places (whatever its check digits).
    public let characters: String?

    /// Explains `input`, read with `options`.
    public init(_ input: some StringProtocol, options: CNPJ.ParsingOptions = .lenient) {
        self.input = String(input)
        let result = input.cnpjParsingResult(options: options)
        switch result {
        case .success(let cnpj):
            error = nil
            characters = cnpj.characters
        case .failure(let error):
            self.error = error
            switch error {
            case .checkDigits, .repeatedDigits:
                // 14 characters, the last two digits: as read, upper-cased.
                let kept = input.unicodeScalars.compactMap(\.cnpjValue)
                let padding = Array(repeating: 0, count: max(0, 14 - kept.count))
                characters = String(decoding: (padding + kept).map { UInt8($0 + 48) }, as: UTF8.self)
            default:
                characters = nil
            }
        }
    }

    /// Whether the text is a valid CNPJ.
    public var isValid: Bool { error == nil }

    /// The masked form of ``characters``.
    public var formatted: String? { characters.map { CNPJMask.apply(to: $0) } }

    /// The first 8 characters, which name the company.
    public var root: String? { characters.map { String($0.prefix(8)) } }

    /// Characters 9 to 12, which name the establishment (`0001`: usually the head office).
    public var branch: String? { characters.map { String($0.dropFirst(8).prefix(4)) } }

    /// Whether the base holds a letter.
    public var isAlphanumeric: Bool? { characters.map { $0.prefix(12).contains { $0.isLetter } } }

    /// The check digits the text has.
    public var foundCheckDigits: CNPJ.CheckDigits? {
        guard let characters else { return nil }
        let digits = characters.utf8.suffix(2).map { Int($0) - 48 }
        return CNPJ.CheckDigits(first: digits[0], second: digits[1])
    }

    /// The check digits its base calls for.
    public var expectedCheckDigits: CNPJ.CheckDigits? {
        characters.map { $0.unicodeScalars.prefix(12).compactMap(\.cnpjValue).cnpjCheckDigits }
    }
}
