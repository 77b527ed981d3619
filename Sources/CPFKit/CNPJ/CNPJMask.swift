/// The CNPJ mask `XX.XXX.XXX/XXXX-DD` applied to an incomplete number, as a
/// text field shows it while the user types: separators appear only once a
/// character follows them.
///
/// ```swift
/// CNPJMask.apply(to: "12ab")              // "12.AB"
/// CNPJMask.apply(to: "12ABC34501DE")      // "12.ABC.345/01DE"
/// CNPJMask.apply(to: "12ABC34501DE35")    // "12.ABC.345/01DE-35"
/// CNPJMask.apply(to: "12ABC34501DEX3")    // "12.ABC.345/01DE-3" (letters only in the first 12)
/// ```
public enum CNPJMask {
    /// The longest masked text: `XX.XXX.XXX/XXXX-DD`.
    public static var maximumLength: Int { 18 }
    /// The most characters a CNPJ holds.
    public static var maximumCharacterCount: Int { 14 }
    /// How many of them may be letters: the first 12; the last two are digits.
    public static var baseLength: Int { 12 }

    /// The separator at `position` of the full mask `XX.XXX.XXX/XXXX-DD`:
    /// `.` at 2 and 6, `/` at 10, `-` at 15, `nil` where a character stands.
    /// This is CPFKit's one definition of the mask.
    ///
    /// ```swift
    /// CNPJMask.separator(at: 10)   // UInt8(ascii: "/")
    /// CNPJMask.separator(at: 0)    // nil: a character
    /// ```
    ///
    /// - Complexity: O(1).
    public static func separator(at position: Int) -> UInt8? {
        switch position {
        case 2, 6: UInt8(ascii: ".")
        case 10: UInt8(ascii: "/")
        case 15: UInt8(ascii: "-")
        default: nil
        }
    }

    /// The characters of `text` a CNPJ keeps, as ASCII bytes, at most 14:
    /// digits, and letters (upper-cased) among the first 12; every other
    /// character is ignored.
    ///
    /// ```swift
    /// CNPJMask.characters(of: "12.abc")   // Array("12ABC".utf8)
    /// ```
    public static func characters(of text: some StringProtocol) -> [UInt8] {
        var kept: [UInt8] = []
        for byte in text.utf8 where kept.count < maximumCharacterCount {
            if byte &- 0x30 < 10 {
                kept.append(byte)
            } else if kept.count < baseLength, byte | 0x20 &- UInt8(ascii: "a") < 26 {
                kept.append(byte & ~0x20)
            }
        }
        return kept
    }

    /// Masks the first 14 characters of `text` (see ``characters(of:)``).
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func apply(to text: some StringProtocol) -> String {
        mask(characters(of: text))
    }

    /// Masks up to 14 characters given as ASCII bytes, a separator written
    /// only once a character follows it.
    ///
    /// ```swift
    /// CNPJMask.mask(Array("12ABC".utf8))   // "12.ABC"
    /// ```
    public static func mask(_ characters: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        for character in characters.prefix(maximumCharacterCount) {
            if let separator = separator(at: out.count) { out.append(separator) }
            out.append(character)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The length of the mask of `characterCount` characters, which is where
    /// the caret stands after typing them.
    ///
    /// ```swift
    /// CNPJMask.maskedLength(characterCount: 2)   // 2: "12|"
    /// CNPJMask.maskedLength(characterCount: 3)   // 4: "12.A|"
    /// ```
    public static func maskedLength(characterCount: Int) -> Int {
        precondition(characterCount >= 0 && characterCount <= maximumCharacterCount, "a CNPJ has 14 characters")
        return MaskLayout.maskedLength(of: characterCount, separator: separator(at:))
    }
}
