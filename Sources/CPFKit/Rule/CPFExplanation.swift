/// Everything there is to tell about one text read as a CPF: whether it is
/// one and why not, its digits in both forms, the check digits found and
/// expected, the fiscal region, the LGPD display form, and the valid numbers
/// one typo away. What `cpf info` prints; usable as is by any user interface.
///
/// ```swift
/// let explanation = CPFExplanation("390.533.447-06")
/// explanation.isValid                // false
/// explanation.error                  // .checkDigits(expected: 05)
/// explanation.formatted              // "390.533.447-06"
/// explanation.foundCheckDigits       // 06
/// explanation.expectedCheckDigits    // 05
/// explanation.fiscalRegion           // 7 (ES, RJ)
/// explanation.lgpdMasked             // "***.533.447-**"
/// explanation.suggestions.first      // 390.533.447-05
/// ```
///
/// The digits (and all that comes from them) are there whenever the text
/// holds 11 digits and nothing but the allowed separators, valid or not; with
/// ``CPF/ParsingOptions/padsLeadingZeros``, a bare run of 1 to 10 digits is
/// padded first. Suggestions are made for invalid input with 10, 11 or 12
/// digits (see ``CPF/suggestions(for:)``), whose ``digits`` are `nil` but
/// for 11; for a strict-mode input whose only fault is its shape, the
/// suggestion is the same number.
///
/// - Complexity: O(*n*) in the length of the text.
public struct CPFExplanation: Hashable, Sendable {
    /// The text as given.
    public let input: String
    /// Why the text is not a CPF, or `nil` when it is one.
    public let error: CPFValidationError?
    /// The 11 digits, when the text has them (valid or not): `"39053344706"`.
    public let digits: String?
    /// The valid CPFs one typo away, for an invalid text; empty for a valid one.
    public let suggestions: [CPF]

    /// Explains `input`, read with `options`.
    ///
    /// ```swift
    /// CPFExplanation("5334403", options: .init(padsLeadingZeros: true)).formatted   // "000.053.344-03"
    /// ```
    public init(_ input: some StringProtocol, options: CPF.ParsingOptions = .lenient) {
        self.input = String(input)
        error = input.cpfParsingResult(options: options).failure
        var found = input.utf8.filter { $0 &- 0x30 < 10 }
        let hasOnlyAllowedCharacters: Bool
        switch error {
        case .empty?, .invalidCharacter?, .format?: hasOnlyAllowedCharacters = false
        default: hasOnlyAllowedCharacters = true
        }
        let trimmed = input.utf8.drop(while: CPF.isTrimmedByte).reversed().drop(while: CPF.isTrimmedByte)
        if options.padsLeadingZeros, (1...10).contains(found.count), trimmed.allSatisfy({ $0 &- 0x30 < 10 }) {
            found.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 11 - found.count), at: 0)
        }
        digits = hasOnlyAllowedCharacters && found.count == 11 ? String(decoding: found, as: UTF8.self) : nil
        // Strict: what the lenient reading makes of a refused shape.
        var lenient = options
        lenient.format = .lenient
        let lenientError = error == .format ? input.cpfParsingResult(options: lenient).failure : error
        if error != nil, lenientError == nil, let cpf = try? CPF(validating: input, options: lenient) {
            // Only the shape is wrong: the same number, written as strict wants it.
            suggestions = [cpf]
        } else if error != nil, let digits {
            suggestions = CPF.suggestions(for: digits)
        } else if let lenientError, (10...12).contains(found.count) {
            switch lenientError {
            case .empty, .invalidCharacter, .format:
                suggestions = []
            case .length, .repeatedDigits, .checkDigits:
                // One digit missing or one too many (or, strict, a wrong digit).
                suggestions = CPF.suggestions(for: String(decoding: found, as: UTF8.self))
            }
        } else {
            suggestions = []
        }
    }

    /// Whether the text is a valid CPF.
    public var isValid: Bool { error == nil }

    /// The digits masked as `DDD.DDD.DDD-DD`.
    public var formatted: String? { digits.map { CPFMask.apply(to: $0) } }

    /// The last two digits, as found in the text.
    public var foundCheckDigits: CPF.CheckDigits? {
        guard let digits else { return nil }
        let values = digits.utf8.suffix(2).map { Int($0 &- 0x30) }
        return CPF.CheckDigits(first: values[values.startIndex], second: values[values.startIndex + 1])
    }

    /// The check digits that the first nine digits call for.
    public var expectedCheckDigits: CPF.CheckDigits? {
        digits.flatMap { try? CPF.CheckDigits(base: $0.prefix(9)) }
    }

    /// The fiscal region of the ninth digit.
    public var fiscalRegion: FiscalRegion? {
        digits.flatMap { FiscalRegion(digit: Int($0.utf8[$0.utf8.index($0.utf8.startIndex, offsetBy: 8)] &- 0x30)) }
    }

    /// The LGPD display form, `***.533.447-**`.
    public var lgpdMasked: String? { formatted.map(CPFMask.lgpdMasked) }
}
