/// Why a text is not a valid CPF.
///
/// A rejected input has exactly one reason. The cases are listed in the order
/// in which they are checked, so an input with a bad character and the wrong
/// number of digits is reported as ``invalidCharacter(_:position:)``.
///
/// ```swift
/// do {
///     _ = try CPF(validating: "231.002.999-00")
/// } catch {
///     print(error.code)         // "check-digits"
///     print(error.description)  // "check digits should be 81"
/// }
/// ```
public enum CPFValidationError: Error, Hashable, Sendable {
    /// Nothing is left after surrounding spaces, tabs and carriage returns are trimmed.
    case empty
    /// A character that is not allowed, with its 1-based position in the input
    /// as given (before trimming). Bytes that are not valid UTF-8 are reported
    /// as U+FFFD REPLACEMENT CHARACTER.
    case invalidCharacter(Unicode.Scalar, position: Int)
    /// Strict parsing only: the input is not `DDDDDDDDDDD` or `DDD.DDD.DDD-DD`.
    case format
    /// The input does not hold 11 digits; `digitCount` says how many it holds.
    case length(digitCount: Int)
    /// All 11 digits are the same (`000.000.000-00` … `999.999.999-99`): such
    /// numbers pass the checksum but are never issued.
    case repeatedDigits
    /// The check digits are wrong; `expected` are the ones the base calls for.
    case checkDigits(expected: CPF.CheckDigits)

    /// The stable code of the reason, used in machine-readable output:
    /// `empty`, `invalid-character`, `format`, `length`, `repeated` or `check-digits`.
    public var code: String {
        switch self {
        case .empty: "empty"
        case .invalidCharacter: "invalid-character"
        case .format: "format"
        case .length: "length"
        case .repeatedDigits: "repeated"
        case .checkDigits: "check-digits"
        }
    }
}

extension CPFValidationError: CustomStringConvertible {
    /// A short English sentence fragment, such as `check digits should be 81`.
    public var description: String {
        description(expectedDigitCount: 11)
    }

    /// The description, with a ``length(digitCount:)`` error saying that
    /// `expectedDigitCount` digits were expected: 9 when the text was to be
    /// a base, as for ``CPF/CheckDigits/init(base:)``.
    ///
    /// ```swift
    /// CPFValidationError.length(digitCount: 8).description(expectedDigitCount: 9)   // "8 digits, expected 9"
    /// ```
    public func description(expectedDigitCount: Int) -> String {
        switch self {
        case .empty:
            return "empty"
        case .invalidCharacter(let scalar, let position):
            return "invalid character '\(scalar.visibleDescription)' at position \(position)"
        case .format:
            return "not in the form DDD.DDD.DDD-DD or DDDDDDDDDDD"
        case .length(let count):
            return "\(count) digit\(count == 1 ? "" : "s"), expected \(expectedDigitCount)"
        case .repeatedDigits:
            return "all 11 digits are the same"
        case .checkDigits(let expected):
            return "check digits should be \(expected)"
        }
    }
}

extension CPFValidationError {
    /// The languages a description is given in: `cpf`'s, which takes its
    /// reasons from here (one catalogue for the library and the tool).
    public enum DescriptionLanguage: String, Hashable, Sendable, CaseIterable {
        /// English, ``description``.
        case english
        /// Brazilian Portuguese.
        case portuguese
    }

    /// The description in `language`; in English exactly ``description(expectedDigitCount:)``.
    ///
    /// ```swift
    /// let error = CPFValidationError.length(digitCount: 8)
    /// error.description(in: .portuguese)                          // "8 dígitos, esperados 11"
    /// error.description(in: .portuguese, expectedDigitCount: 9)   // "8 dígitos, esperados 9"
    /// CPFValidationError.empty.description(in: .portuguese)       // "vazio"
    /// ```
    public func description(in language: DescriptionLanguage, expectedDigitCount: Int = 11) -> String {
        guard language == .portuguese else { return description(expectedDigitCount: expectedDigitCount) }
        switch self {
        case .empty:
            return "vazio"
        case .invalidCharacter(let scalar, let position):
            return "caractere inválido '\(scalar.visibleDescription)' na posição \(position)"
        case .format:
            return "fora do formato DDD.DDD.DDD-DD ou DDDDDDDDDDD"
        case .length(let count):
            return "\(count) dígito\(count == 1 ? "" : "s"), esperados \(expectedDigitCount)"
        case .repeatedDigits:
            return "os 11 dígitos são iguais"
        case .checkDigits(let expected):
            return "os dígitos verificadores deveriam ser \(expected)"
        }
    }
}

extension Unicode.Scalar {
    /// The scalar as itself when it is visible on its own (`x`, `３`, `€`,
    /// `"`); else escaped: `\t`, `\u{A0}` for spaces, controls, format
    /// characters, combining marks, unassigned and private-use code points.
    @usableFromInline
    internal var visibleDescription: String {
        // A double quote needs no escape inside the single quotes of a message.
        if self == "\"" { return "\"" }
        if isASCII { return escaped(asASCII: true) }  // \' \\ \t \u{7F}
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
            .nonspacingMark, .spacingMark, .enclosingMark, .privateUse, .surrogate, .unassigned:
            return escaped(asASCII: true)
        default:
            return String(self)
        }
    }
}
