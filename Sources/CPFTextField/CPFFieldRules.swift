import CPFKit

/// The rules of a CPF field: edits through CPFKit's `CPFMaskEditor` (ASCII
/// digits only, 11 at most, masked `DDD.DDD.DDD-DD`), and validates the 11
/// digits as a CPF. ``CPFFieldViewModel`` is the model with these rules.
///
/// ```swift
/// let rules = CPFFieldRules()
/// rules.edit("390.5", range: 4..<5, replacement: "")   // "390", caret 3
/// rules.state(of: "390.533.447-06")                    // .invalid(check digits should be 05)
/// ```
public struct CPFFieldRules: MaskedFieldRules, Hashable, Sendable {
    /// Whether the ten numbers of one repeated digit (`111.111.111-11`…),
    /// which pass the checksum but are never issued, count as valid.
    public var allowsRepeatedDigits: Bool

    /// Makes the rules of a CPF field.
    ///
    /// ```swift
    /// let lenient = CPFFieldRules(allowsRepeatedDigits: true)
    /// ```
    public init(allowsRepeatedDigits: Bool = false) {
        self.allowsRepeatedDigits = allowsRepeatedDigits
    }

    /// `CPFMaskEditor.edit(_:range:replacement:)`.
    ///
    /// ```swift
    /// CPFFieldRules().edit("390.53", range: 6..<6, replacement: "3")   // "390.533", caret 7
    /// ```
    public func edit(_ text: String, range: Range<Int>, replacement: String) -> CPFMaskEditor.Edit {
        CPFMaskEditor.edit(text, range: range, replacement: replacement)
    }

    /// Whether `unit` is an ASCII digit.
    ///
    /// ```swift
    /// CPFFieldRules().isCharacter(0x35)   // true: "5"
    /// CPFFieldRules().isCharacter(0x2E)   // false: "."
    /// ```
    public func isCharacter(_ unit: UTF16.CodeUnit) -> Bool {
        unit &- 0x30 < 10
    }

    /// `CPFMask.maskedLength(digitCount:)` of up to 11 digits.
    ///
    /// ```swift
    /// CPFFieldRules().maskedLength(characterCount: 4, in: "390.533")   // 5
    /// ```
    public func maskedLength(characterCount: Int, in text: String) -> Int {
        CPFMask.maskedLength(digitCount: min(characterCount, CPFMask.maximumDigitCount))
    }

    /// Incomplete until 11 digits are in, then valid or invalid as a CPF.
    ///
    /// ```swift
    /// CPFFieldRules().state(of: "390.5")   // .incomplete(digitCount: 4)
    /// ```
    public func state(of text: String) -> CPFFieldState {
        let count = CPFMaskEditor.digitCount(in: text, before: .max)
        guard count == CPFMask.maximumDigitCount else { return .incomplete(digitCount: count) }
        do throws(CPFValidationError) {
            return .valid(try CPF(validating: text, options: .init(allowsRepeatedDigits: allowsRepeatedDigits)))
        } catch {
            return .invalid(error)
        }
    }
}
