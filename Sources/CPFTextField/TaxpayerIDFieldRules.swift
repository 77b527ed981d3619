import CPFKit

/// The rules of a "CPF/CNPJ" field: edits through CPFKit's
/// `TaxpayerIDMaskEditor` for the kinds it accepts, counts digits and ASCII
/// letters, and validates a complete number as the kind its text shows.
/// ``TaxpayerIDFieldViewModel`` is the model with these rules.
///
/// ```swift
/// let rules = TaxpayerIDFieldRules()                              // accepting: .any
/// rules.edit("390.533.447-05", range: 14..<14, replacement: "1")   // "39.053.344/7051", caret 15
/// rules.kind(of: "39.053.344/7051")                               // .cnpj
/// ```
public struct TaxpayerIDFieldRules: MaskedFieldRules, Hashable, Sendable {
    /// The kinds the field takes.
    public var accepting: TaxpayerID.Accepted
    /// Whether the numbers of one repeated digit (`111.111.111-11`,
    /// `11.111.111/1111-11`…), which pass the checksum but are never issued,
    /// count as valid.
    public var allowsRepeatedDigits: Bool

    /// Makes the rules of a field taking the kinds `accepting` says.
    ///
    /// ```swift
    /// let cnpjOnly = TaxpayerIDFieldRules(accepting: .cnpj)
    /// ```
    public init(accepting: TaxpayerID.Accepted = .any, allowsRepeatedDigits: Bool = false) {
        self.accepting = accepting
        self.allowsRepeatedDigits = allowsRepeatedDigits
    }

    /// `TaxpayerIDMaskEditor.edit(_:range:replacement:accepting:)`.
    ///
    /// ```swift
    /// TaxpayerIDFieldRules().edit("12", range: 2..<2, replacement: "a")   // "12.A", caret 4
    /// ```
    public func edit(_ text: String, range: Range<Int>, replacement: String) -> CPFMaskEditor.Edit {
        TaxpayerIDMaskEditor.edit(text, range: range, replacement: replacement, accepting: accepting)
    }

    /// Whether `unit` is an ASCII digit or letter.
    ///
    /// ```swift
    /// TaxpayerIDFieldRules().isCharacter(0x61)   // true: "a"
    /// TaxpayerIDFieldRules().isCharacter(0x2F)   // false: "/"
    /// ```
    public func isCharacter(_ unit: UTF16.CodeUnit) -> Bool {
        unit &- 0x30 < 10 || unit < 0x80 && unit | 0x20 &- 0x61 < 26
    }

    /// The kind a masked text is shown as: the one accepted, or with
    /// `.any`, the one `TaxpayerID.Kind(guessing:)` reads in it.
    ///
    /// ```swift
    /// TaxpayerIDFieldRules().kind(of: "390.533.447")   // .cpf
    /// TaxpayerIDFieldRules().kind(of: "12.A")          // .cnpj
    /// ```
    public func kind(of text: String) -> TaxpayerID.Kind {
        switch accepting {
        case .cpf: .cpf
        case .cnpj: .cnpj
        case .any: TaxpayerID.Kind(guessing: text)
        }
    }

    /// The masked length of `characterCount` characters in the mask of
    /// `text`'s kind.
    ///
    /// ```swift
    /// TaxpayerIDFieldRules().maskedLength(characterCount: 3, in: "12.A")   // 4
    /// ```
    public func maskedLength(characterCount: Int, in text: String) -> Int {
        switch kind(of: text) {
        case .cpf: CPFMask.maskedLength(digitCount: min(characterCount, CPFMask.maximumDigitCount))
        case .cnpj: CNPJMask.maskedLength(characterCount: min(characterCount, CNPJMask.maximumCharacterCount))
        }
    }

    /// Incomplete until the kind's characters are in (11 for a CPF, 14 for
    /// a CNPJ), then valid or invalid as that kind.
    ///
    /// ```swift
    /// TaxpayerIDFieldRules().state(of: "12.ABC")   // .incomplete(kind: .cnpj, characterCount: 5)
    /// ```
    public func state(of text: String) -> TaxpayerIDFieldState {
        let kind = kind(of: text)
        var count = 0
        for unit in text.utf16 where isCharacter(unit) { count += 1 }
        guard count == kind.characterCount else { return .incomplete(kind: kind, characterCount: count) }
        let options = CNPJ.ParsingOptions(allowsRepeatedDigits: allowsRepeatedDigits)
        do throws(TaxpayerID.ValidationError) {
            return .valid(try TaxpayerID(validating: text, accepting: kind == .cpf ? .cpf : .cnpj, options: options))
        } catch {
            return .invalid(error)
        }
    }
}
