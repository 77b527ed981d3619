// The project's one definition of the CNPJ rule, written to be read.
//
// A CNPJ is 12 characters of `0`–`9` and `A`–`Z` (8 of root, 4 of branch),
// then two numeric check digits (Receita Federal, Instrução Normativa RFB
// 2.229/2024; letters are issued from July 2026). Every other path (the
// byte reader, the generator, the text scanner) is tested against this file.

extension StringProtocol {
    /// Whether this text is a valid CNPJ, numeric or alphanumeric, read
    /// leniently: 14 characters with any `.`, `/`, `-` and spaces among them,
    /// lowercase letters read as uppercase, surrounding spaces, tabs and
    /// carriage returns ignored, repeated digits rejected.
    ///
    /// ```swift
    /// "12.ABC.345/01DE-35".isValidCNPJ   // true: the Receita's example
    /// "11.222.333/0001-81".isValidCNPJ   // true: numeric
    /// "12abc34501de35".isValidCNPJ       // true: lenient reads lowercase as uppercase
    /// "12.ABC.345/01DE-36".isValidCNPJ   // false: check digits
    /// "00.000.000/0000-00".isValidCNPJ   // false: never issued
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public var isValidCNPJ: Bool {
        if case .success = cnpjParsingResult(options: .lenient) { return true }
        return false
    }

    /// Reads this text as a CNPJ: the CNPJ, or the first reason it is not one.
    /// ``CNPJ/init(validating:options:)`` is the public door to this rule.
    ///
    /// The reasons are checked in the order of ``CNPJValidationError``'s cases.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    internal func cnpjParsingResult(options: CNPJ.ParsingOptions) -> Result<CNPJ, CNPJValidationError> {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.isCPFTrimmed }),
            let last = scalars.lastIndex(where: { !$0.isCPFTrimmed })
        else { return .failure(.empty) }
        let text = scalars[first...last]

        if let bad = text.firstIndex(where: { $0.cnpjValue == nil && !$0.isCNPJSeparator }) {
            // Everything before the bad character is ASCII, so its position
            // counts characters, Unicode scalars and UTF-8 bytes alike.
            return .failure(.invalidCharacter(scalars[bad], position: bad + 1))
        }
        if options.format == .strict, let lower = text.firstIndex(where: { ("a"..."z").contains($0) }) {
            return .failure(.lowercaseLetter(scalars[lower], position: lower + 1))
        }

        // The positions (0-based, in `scalars`) of the characters that count.
        var positions = text.indices.filter { scalars[$0].cnpjValue != nil }
        var values = positions.map { scalars[$0].cnpjValue! }
        let isBare = positions.count == text.count
        let isNumeric = values.allSatisfy { $0 < 10 }
        let isPadded = options.padsLeadingZeros && isBare && isNumeric && (1...13).contains(values.count)
        if options.format == .strict, !(isBare && (values.count == 14 || isPadded)), !text.isCNPJMask {
            return .failure(.format)
        }
        if isPadded {
            values.insert(contentsOf: repeatElement(0, count: 14 - values.count), at: 0)
            positions.insert(contentsOf: repeatElement(first, count: 14 - positions.count), at: 0)
        }
        guard values.count == 14 else {
            return .failure(.length(characterCount: values.count))
        }
        if let letter = (12..<14).first(where: { values[$0] > 9 }) {
            return .failure(.invalidCharacter(scalars[positions[letter]], position: positions[letter] + 1))
        }
        guard options.allowsRepeatedDigits || Set(values).count > 1 else {
            return .failure(.repeatedDigits)
        }
        let expected = values.prefix(12).cnpjCheckDigits
        guard expected.first == values[12], expected.second == values[13] else {
            return .failure(.checkDigits(expected: expected))
        }
        return .success(CNPJ(values: values))
    }

    /// The check digits of the CNPJ whose base is this text: 12 characters
    /// of `0`–`9`, `A`–`Z` (lowercase read as uppercase), with any `.`, `/`,
    /// `-` and spaces among them.
    /// ``CNPJ/CheckDigits/init(base:)`` is the public door to this rule.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    internal func cnpjCheckDigitsResult() -> Result<CNPJ.CheckDigits, CNPJValidationError> {
        cnpjBaseValues().map(\.cnpjCheckDigits)
    }

    /// The 12 values of the base this text holds (see ``cnpjCheckDigitsResult()``).
    internal func cnpjBaseValues() -> Result<[Int], CNPJValidationError> {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.isCPFTrimmed }),
            let last = scalars.lastIndex(where: { !$0.isCPFTrimmed })
        else { return .failure(.empty) }
        if let bad = scalars[first...last].firstIndex(where: { $0.cnpjValue == nil && !$0.isCNPJSeparator }) {
            return .failure(.invalidCharacter(scalars[bad], position: bad + 1))
        }
        let values = scalars[first...last].compactMap(\.cnpjValue)
        guard values.count == 12 else { return .failure(.length(characterCount: values.count)) }
        return .success(values)
    }
}

extension Collection where Element == Int {
    /// The CNPJ check digit of these values (12 for the first digit, 13 for
    /// the second): each value times its weight, the weights counting
    /// 2, 3, … 9 from the last value and starting again at 2 (so
    /// 5,4,3,2,9,8,7,6,5,4,3,2 for twelve values and 6,5,4,3,2,9,8,7,6,5,4,3,2
    /// for thirteen); the remainder r of the sum by 11 gives 0 when r < 2,
    /// else 11 − r.
    internal var cnpjCheckDigit: Int {
        let weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].suffix(count)
        let remainder = zip(self, weights).reduce(0) { $0 + $1.0 * $1.1 } % 11
        return remainder < 2 ? 0 : 11 - remainder
    }

    /// Both check digits of a 12-value base: the first over the base, the
    /// second over the base followed by the first.
    internal var cnpjCheckDigits: CNPJ.CheckDigits {
        let base = Array(prefix(12))
        let first = base.cnpjCheckDigit
        return CNPJ.CheckDigits(first: first, second: (base + [first]).cnpjCheckDigit)
    }
}

extension Collection where Element == Unicode.Scalar {
    /// Whether these scalars are exactly `XX.XXX.XXX/XXXX-DD`, X an uppercase
    /// letter or a digit (the check digits are checked later).
    internal var isCNPJMask: Bool {
        count == 18
            && zip(self, "XX.XXX.XXX/XXXX-XX".unicodeScalars).allSatisfy { scalar, pattern in
                pattern == "X" ? scalar.cnpjValue != nil : scalar == pattern
            }
    }
}

extension Unicode.Scalar {
    /// The value of a CNPJ character: its ASCII code minus 48, so `0`–`9`
    /// are 0–9 and `A`–`Z` are 17–42; a lowercase letter has the value of
    /// its uppercase letter. `nil` for anything else, fullwidth and
    /// accented letters included.
    internal var cnpjValue: Int? {
        if ("0"..."9").contains(self) || ("A"..."Z").contains(self) { return Int(value) - 48 }
        if ("a"..."z").contains(self) { return Int(value) - 32 - 48 }
        return nil
    }

    /// `.`, `/`, `-` or a space: allowed among the characters.
    internal var isCNPJSeparator: Bool {
        self == "." || self == "/" || self == "-" || self == " "
    }
}
