/// Why a text is not a valid CNPJ.
///
/// A rejected input has exactly one reason. The cases are listed in the order
/// in which they are checked, as for ``CPFValidationError``.
///
/// ```swift
/// do {
///     _ = try CNPJ(validating: "12.ABC.345/01DE-36")
/// } catch {
///     print(error.code)         // "check-digits"
///     print(error.description)  // "check digits should be 35"
/// }
/// ```
public enum CNPJValidationError: Error, Hashable, Sendable {
    /// Nothing is left after surrounding spaces, tabs and carriage returns are trimmed.
    case empty
    /// A character that is not allowed, with its 1-based position in the input
    /// as given (before trimming): anything but `0`–`9`, `A`–`Z`, `a`–`z` and
    /// the separators `.`, `/`, `-` and space, or a letter where one of the
    /// two numeric check digits stands. Bytes that are not valid UTF-8 are
    /// reported as U+FFFD REPLACEMENT CHARACTER.
    case invalidCharacter(Unicode.Scalar, position: Int)
    /// Strict parsing only: a lowercase letter, with its 1-based position.
    /// Lenient parsing reads it as its uppercase letter.
    case lowercaseLetter(Unicode.Scalar, position: Int)
    /// Strict parsing only: the input is not `XXXXXXXXXXXXDD` or `XX.XXX.XXX/XXXX-DD`.
    case format
    /// The input does not hold 14 characters (digits and letters);
    /// `characterCount` says how many it holds.
    case length(characterCount: Int)
    /// All 14 digits are the same (`00.000.000/0000-00` … `99.999.999/9999-99`):
    /// such numbers pass the checksum but are never issued.
    case repeatedDigits
    /// The check digits are wrong; `expected` are the ones the base calls for.
    case checkDigits(expected: CNPJ.CheckDigits)

    /// The stable code of the reason, used in machine-readable output:
    /// `empty`, `invalid-character`, `lowercase`, `format`, `length`,
    /// `repeated` or `check-digits` (the codes of ``CPFValidationError``, plus
    /// `lowercase`).
    public var code: String {
        switch self {
        case .empty: "empty"
        case .invalidCharacter: "invalid-character"
        case .lowercaseLetter: "lowercase"
        case .format: "format"
        case .length: "length"
        case .repeatedDigits: "repeated"
        case .checkDigits: "check-digits"
        }
    }
}

extension CNPJValidationError: CustomStringConvertible {
    /// A short English sentence fragment, such as `check digits should be 35`.
    public var description: String {
        description(expectedCharacterCount: 14)
    }

    /// The description, with a ``length(characterCount:)`` error saying that
    /// `expectedCharacterCount` characters were expected: 12 when the text
    /// was to be a base, as for ``CNPJ/CheckDigits/init(base:)``.
    ///
    /// ```swift
    /// CNPJValidationError.length(characterCount: 11).description(expectedCharacterCount: 12)
    /// // "11 characters, expected 12"
    /// ```
    public func description(expectedCharacterCount: Int) -> String {
        description(in: .english, expectedCharacterCount: expectedCharacterCount)
    }

    /// The description in `language` (the languages of ``CPFValidationError``).
    ///
    /// ```swift
    /// let error = CNPJValidationError.length(characterCount: 11)
    /// error.description(in: .english)      // "11 characters, expected 14"
    /// error.description(in: .portuguese)   // "11 caracteres, esperados 14"
    /// CNPJValidationError.repeatedDigits.description(in: .portuguese)
    /// // "os 14 dígitos são iguais"
    /// ```
    public func description(
        in language: CPFValidationError.DescriptionLanguage, expectedCharacterCount: Int = 14
    ) -> String {
        let english = language == .english
        switch self {
        case .empty:
            return english ? "empty" : "vazio"
        case .invalidCharacter(let scalar, let position):
            let shown = scalar.visibleDescription
            return english
                ? "invalid character '\(shown)' at position \(position)"
                : "caractere inválido '\(shown)' na posição \(position)"
        case .lowercaseLetter(let scalar, let position):
            let shown = scalar.visibleDescription
            return english
                ? "lowercase letter '\(shown)' at position \(position)"
                : "letra minúscula '\(shown)' na posição \(position)"
        case .format:
            return english
                ? "not in the form XX.XXX.XXX/XXXX-DD or XXXXXXXXXXXXDD"
                : "fora do formato XX.XXX.XXX/XXXX-DD ou XXXXXXXXXXXXDD"
        case .length(let count):
            let plural = count == 1 ? "" : "s"
            return english
                ? "\(count) character\(plural), expected \(expectedCharacterCount)"
                : "\(count) caractere\(plural), esperados \(expectedCharacterCount)"
        case .repeatedDigits:
            return english ? "all 14 digits are the same" : "os 14 dígitos são iguais"
        case .checkDigits(let expected):
            return english
                ? "check digits should be \(expected)"
                : "os dígitos verificadores deveriam ser \(expected)"
        }
    }
}
