import CPFKit

/// What a masked field's model needs to know of the numbers it takes: how an
/// edit changes the text (a CPFKit mask editor), which characters of the
/// text are the number's, where the caret stands after some of them, and
/// what state a text is in.
///
/// ``MaskedFieldViewModel`` applies the user's intents with these rules,
/// once for every field: ``CPFFieldRules`` make it a CPF field
/// (``CPFFieldViewModel``), ``TaxpayerIDFieldRules`` a "CPF/CNPJ" field
/// (``TaxpayerIDFieldViewModel``).
///
/// ```swift
/// let rules = CPFFieldRules()
/// rules.edit("390.53", range: 6..<6, replacement: "3").text   // "390.533"
/// rules.state(of: "390.533.447-05")                            // .valid(390.533.447-05)
/// ```
public protocol MaskedFieldRules {
    /// What the field holds, as far as validation goes.
    associatedtype State: MaskedFieldState

    /// Replaces the characters of `text` in `range` (UTF-16 offsets) with
    /// `replacement`, as the field's mask editor does; the result is the new
    /// masked text and the caret's offset in it.
    func edit(_ text: String, range: Range<Int>, replacement: String) -> CPFMaskEditor.Edit
    /// Whether a UTF-16 code unit of the text is a character of the number,
    /// not a separator of the mask.
    func isCharacter(_ unit: UTF16.CodeUnit) -> Bool
    /// Where the caret stands right after the first `characterCount`
    /// characters of the number in the masked `text`.
    func maskedLength(characterCount: Int, in text: String) -> Int
    /// The state of a masked text.
    func state(of text: String) -> State
}
