// The project's one definition of the CPF rule, written to be read.
//
// Every faster path (the byte-level parser, the streaming parser, the
// generator, the text scanner) is tested against this file.

extension StringProtocol {
    /// Whether this text is a valid CPF, read leniently: 11 ASCII digits with
    /// any `.`, `-` and spaces among them, surrounding spaces, tabs and
    /// carriage returns ignored, repeated digits rejected.
    ///
    /// ```swift
    /// "390.533.447-05".isValidCPF   // true
    /// "390.533.447-06".isValidCPF   // false
    /// "111.111.111-11".isValidCPF   // false: never issued
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the text.
    @inlinable
    public var isValidCPF: Bool {
        if case .success = cpfParsingResult(options: .lenient) { return true }
        return false
    }

    /// Why this text is not a valid CPF, or `nil` when it is one.
    ///
    /// Deprecated: ``CPF/init(validating:options:)`` is the one door from
    /// text; it throws the same ``CPFValidationError``, and
    /// ``CPFExplanation/error`` holds it too.
    ///
    /// ```swift
    /// "231.002.999-00".cpfValidationError()          // .checkDigits(expected: 81)
    /// "390.533.447".cpfValidationError()             // .length(digitCount: 9)
    /// "39053344705".cpfValidationError(options: .strict)  // nil
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the text.
    @available(
        *, deprecated, message: "use CPF(validating:options:) and catch its CPFValidationError, or CPFExplanation"
    )
    @inlinable
    public func cpfValidationError(options: CPF.ParsingOptions = .lenient) -> CPFValidationError? {
        guard case .failure(let error) = cpfParsingResult(options: options) else { return nil }
        return error
    }

    /// Reads this text as a CPF: the CPF, or the first reason it is not one.
    ///
    /// Deprecated: ``CPF/init(validating:options:)`` is the one door from
    /// text; it throws the same ``CPFValidationError``.
    ///
    /// ```swift
    /// switch "390.533.447-05".parsedCPF() {
    /// case .success(let cpf): print(cpf.digits)    // 39053344705
    /// case .failure(let error): print(error)
    /// }
    /// ```
    @available(*, deprecated, message: "use CPF(validating:options:), which throws the same CPFValidationError")
    @inlinable
    public func parsedCPF(options: CPF.ParsingOptions = .lenient) -> Result<CPF, CPFValidationError> {
        cpfParsingResult(options: options)
    }

    /// Reads this text as a CPF: the CPF, or the first reason it is not one.
    /// ``CPF/init(validating:options:)`` is the public door to this rule.
    ///
    /// The reasons are checked in the order of ``CPFValidationError``'s cases.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    @inlinable
    internal func cpfParsingResult(options: CPF.ParsingOptions) -> Result<CPF, CPFValidationError> {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.isCPFTrimmed }),
            let last = scalars.lastIndex(where: { !$0.isCPFTrimmed })
        else { return .failure(.empty) }
        let text = scalars[first...last]
        var digits: [Int]

        if options.padsLeadingZeros, options.format == .lenient, let number = text.spreadsheetIntegerDigits {
            // A whole number as a spreadsheet writes it: its 1 to 11 digits, padded.
            digits = Array(repeating: 0, count: 11 - number.count) + number
        } else {
            if let bad = text.firstIndex(where: { $0.cpfDigitValue == nil && !$0.isCPFSeparator }) {
                // Everything before the bad character is ASCII, so its position
                // counts characters, Unicode scalars and UTF-8 bytes alike.
                return .failure(.invalidCharacter(scalars[bad], position: bad + 1))
            }
            digits = text.compactMap(\.cpfDigitValue)
            let isBare = digits.count == text.count
            let isPadded = options.padsLeadingZeros && isBare && (1...10).contains(digits.count)
            if options.format == .strict, !(isBare && (digits.count == 11 || isPadded)), !text.isCPFMask {
                return .failure(.format)
            }
            if isPadded {
                digits.insert(contentsOf: repeatElement(0, count: 11 - digits.count), at: 0)
            }
        }
        guard digits.count == 11 else {
            return .failure(.length(digitCount: digits.count))
        }
        guard options.allowsRepeatedDigits || Set(digits).count > 1 else {
            return .failure(.repeatedDigits)
        }
        guard digits.prefix(9).cpfCheckDigit == digits[9], digits.prefix(10).cpfCheckDigit == digits[10] else {
            return .failure(.checkDigits(expected: digits.prefix(9).cpfCheckDigits))
        }
        return .success(CPF(packed: digits.reduce(into: 0) { $0 = $0 << 4 | UInt64($1) }))
    }

    /// The check digits of the CPF whose base is this text.
    ///
    /// Deprecated: ``CPF/CheckDigits/init(base:)`` is the one way to compute
    /// check digits; it throws the same ``CPFValidationError``.
    ///
    /// ```swift
    /// "390.533.447".cpfCheckDigits()   // .success(05)
    /// ```
    @available(*, deprecated, message: "use CPF.CheckDigits(base:), which throws the same CPFValidationError")
    @inlinable
    public func cpfCheckDigits() -> Result<CPF.CheckDigits, CPFValidationError> {
        cpfCheckDigitsResult()
    }

    /// The check digits of the CPF whose base is this text: nine ASCII
    /// digits, with any `.`, `-` and spaces among them.
    /// ``CPF/CheckDigits/init(base:)`` is the public door to this rule.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    @inlinable
    internal func cpfCheckDigitsResult() -> Result<CPF.CheckDigits, CPFValidationError> {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.isCPFTrimmed }),
            let last = scalars.lastIndex(where: { !$0.isCPFTrimmed })
        else { return .failure(.empty) }
        if let bad = scalars[first...last].firstIndex(where: { $0.cpfDigitValue == nil && !$0.isCPFSeparator }) {
            return .failure(.invalidCharacter(scalars[bad], position: bad + 1))
        }
        let digits = scalars[first...last].compactMap(\.cpfDigitValue)
        guard digits.count == 9 else { return .failure(.length(digitCount: digits.count)) }
        return .success(digits.cpfCheckDigits)
    }
}

extension Collection where Element == Int {
    /// The check digit of these digits: each digit times its weight, the
    /// weights counting down to 2 from the last digit (10…2 for nine digits,
    /// 11…2 for ten); the remainder r of the sum by 11 gives 0 when r < 2,
    /// else 11 − r.
    @inlinable
    internal var cpfCheckDigit: Int {
        var weight = count + 2
        let remainder =
            reduce(into: 0) { sum, digit in
                weight -= 1
                sum += digit * weight
            } % 11
        return remainder < 2 ? 0 : 11 - remainder
    }

    /// Both check digits of a nine-digit base: the first over the base, the
    /// second over the base followed by the first.
    @inlinable
    internal var cpfCheckDigits: CPF.CheckDigits {
        let completed = Array(prefix(9)) + [prefix(9).cpfCheckDigit]
        return CPF.CheckDigits(first: completed[9], second: completed.prefix(10).cpfCheckDigit)
    }
}

extension Collection where Element == Unicode.Scalar {
    /// Whether these scalars are exactly `DDD.DDD.DDD-DD`.
    @inlinable
    internal var isCPFMask: Bool {
        count == 14
            && zip(self, "DDD.DDD.DDD-DD".unicodeScalars).allSatisfy { scalar, pattern in
                pattern == "D" ? scalar.cpfDigitValue != nil : scalar == pattern
            }
    }
}

extension Collection where Element == Unicode.Scalar {
    /// The digits of a whole number of 1 to 11 digits written as a spreadsheet
    /// writes a number: with a fraction of zeros, `1091905720.0`, or in
    /// scientific notation, `1.09190572E+09` (one digit, an optional fraction,
    /// `E` or `e`, an optional `+`, an exponent of one or two digits). `nil`
    /// for anything else, a number with a fraction that is not zero included.
    @inlinable
    internal var spreadsheetIntegerDigits: [Int]? {
        let text = Array(self)
        if let exponentMark = text.firstIndex(where: { $0 == "E" || $0 == "e" }) {
            // Scientific: the mantissa's digits, the point moved right by the exponent.
            var exponentText = text[(exponentMark + 1)...]
            if exponentText.first == "+" { exponentText = exponentText.dropFirst() }
            let mantissa = text[..<exponentMark].split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(exponentText.count), let exponent = exponentText.cpfDigitNumber,
                mantissa.count <= 2, let whole = mantissa[0].cpfDigitArray, whole.count == 1,
                let fraction = mantissa.count == 2 ? mantissa[1].cpfDigitArray : [],
                mantissa.count == 1 || !fraction.isEmpty
            else { return nil }
            let significant = whole + fraction
            let count = exponent + 1
            guard count <= 11, significant.dropFirst(count).allSatisfy({ $0 == 0 }) else { return nil }
            return Array((significant + repeatElement(0, count: count)).prefix(count))
        }
        // A fraction of zeros.
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let whole = parts[0].cpfDigitArray, (1...11).contains(whole.count),
            let fraction = parts[1].cpfDigitArray, !fraction.isEmpty, fraction.allSatisfy({ $0 == 0 })
        else { return nil }
        return whole
    }

    /// The values of these scalars when every one is an ASCII digit, else `nil`.
    @inlinable
    internal var cpfDigitArray: [Int]? {
        let digits = compactMap(\.cpfDigitValue)
        return digits.count == count ? digits : nil
    }

    /// The number these ASCII digits write (one or two of them), else `nil`.
    @inlinable
    internal var cpfDigitNumber: Int? {
        cpfDigitArray.map { $0.reduce(into: 0) { $0 = $0 * 10 + $1 } }
    }
}

extension Unicode.Scalar {
    /// The value of an ASCII digit `0`–`9`; `nil` for anything else,
    /// fullwidth, Arabic-Indic and superscript digits included.
    @inlinable
    internal var cpfDigitValue: Int? {
        ("0"..."9").contains(self) ? Int(value - 0x30) : nil
    }

    /// `.`, `-` or a space: allowed among the digits.
    @inlinable
    internal var isCPFSeparator: Bool {
        self == "." || self == "-" || self == " "
    }

    /// A space, tab or carriage return: trimmed around the text.
    @inlinable
    internal var isCPFTrimmed: Bool {
        self == " " || self == "\t" || self == "\r"
    }
}

extension Result {
    /// The error of a failure, `nil` for a success.
    @inlinable
    internal var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
