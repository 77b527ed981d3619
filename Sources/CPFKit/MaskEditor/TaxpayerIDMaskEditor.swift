/// Edits a "CPF/CNPJ" text field as it is masked while the user types: the
/// CPF mask `DDD.DDD.DDD-DD` while the field holds at most 11 digits and no
/// letter, the CNPJ mask `XX.XXX.XXX/XXXX-DD` from the 12th character (or
/// the first letter) on, letters accepted (upper-cased) in the first 12
/// places only.
///
/// The rules are ``CPFMaskEditor``'s, on characters instead of digits:
/// offsets count UTF-16 code units, clamped to the text; a replacement
/// holding 11 characters or more is a whole number pasted and becomes the
/// field (its first 14); a deletion whose range holds no character removes
/// the one before it; the caret goes after the last inserted character. As
/// a full CPF field refuses a digit, an insertion is cut where it would push
/// a letter of the field out of the first 12 places (where it would be lost).
///
/// ```swift
/// TaxpayerIDMaskEditor.edit("390.533.447-05", range: 14..<14, replacement: "1")
/// // "39.053.344/7051", caret 15: the 12th character switches to the CNPJ mask
/// TaxpayerIDMaskEditor.edit("12", range: 2..<2, replacement: "a")       // "12.A", caret 4
/// TaxpayerIDMaskEditor.edit("39.053.344/7051", range: 14..<15, replacement: "")
/// // "390.533.447-05", caret 14: back to the CPF mask
/// TaxpayerIDMaskEditor.edit("", range: 0..<0, replacement: "12.abc.345/01de-35")
/// // "12.ABC.345/01DE-35", caret 18
/// ```
public enum TaxpayerIDMaskEditor {
    /// Replaces the characters of `text` in `range` with `replacement`, as a
    /// masked field for the kinds `accepting` does: `.cpf` is
    /// ``CPFMaskEditor/edit(_:range:replacement:)`` itself, `.cnpj` always
    /// masks as a CNPJ, `.any` switches as the type's description says.
    ///
    /// ```swift
    /// TaxpayerIDMaskEditor.edit("", range: 0..<0, replacement: "1", accepting: .cnpj)   // "1", caret 1
    /// ```
    ///
    /// - Complexity: O(*n* + *m*) in the lengths of `text` and `replacement`.
    public static func edit(
        _ text: String, range: Range<Int>, replacement: String, accepting: TaxpayerID.Accepted = .any
    ) -> CPFMaskEditor.Edit {
        if accepting == .cpf { return CPFMaskEditor.edit(text, range: range, replacement: replacement) }
        let inserted = CNPJMask.characters(of: replacement)
        if inserted.count >= CPFMask.maximumDigitCount {
            // A whole number pasted: it becomes the field.
            return make(inserted, caretAfter: inserted.count, accepting: accepting)
        }

        let units = Array(text.utf16)
        let lower = min(max(range.lowerBound, 0), units.count)
        let upper = min(max(range.upperBound, lower), units.count)
        var before: [UInt8] = []
        var after: [UInt8] = []
        var removed = 0
        for (offset, unit) in units.enumerated() where unit < 0x80 && isCharacter(UInt8(unit)) {
            let character = UInt8(unit) & (unit >= 0x61 ? ~0x20 : 0xFF)
            if offset < lower {
                before.append(character)
            } else if offset >= upper {
                after.append(character)
            } else {
                removed += 1
            }
        }
        if replacement.isEmpty, lower < upper, removed == 0, !before.isEmpty {
            // Backspace right after a separator: the character before it goes.
            before.removeLast()
        }
        // A letter is kept only where it would stand in the first 12 places,
        // before the room left is counted: "x36" typed after a 12-character
        // base is the check digits 3 and 6, not an X cut with the 6.
        // Nor may an insertion push a letter after it out of the first 12
        // places, where it would be lost: as a full CPF field refuses a
        // digit, a full base refuses what would cut one of its letters.
        var room = max(0, CNPJMask.maximumCharacterCount - before.count - after.count)
        if let lastLetter = after.lastIndex(where: { $0 > 0x39 }) {
            room = min(room, max(0, CNPJMask.baseLength - before.count - (lastLetter + 1)))
        }
        var kept: [UInt8] = []
        for character in inserted where kept.count < room {
            if character > 0x39, before.count + kept.count >= CNPJMask.baseLength { continue }
            kept.append(character)
        }
        let caret = before.count + kept.count
        return make(before + kept + after, caretAfter: caret, accepting: accepting)
    }

    private static func isCharacter(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || byte | 0x20 &- UInt8(ascii: "a") < 26
    }

    /// The masked text of `characters` (letters past the 12th place dropped,
    /// 14 at most), the caret after `caretAfter` of them.
    private static func make(_ characters: [UInt8], caretAfter: Int, accepting: TaxpayerID.Accepted)
        -> CPFMaskEditor.Edit
    {
        // Letters only in the base: re-read as a field would keep them.
        let kept = CNPJMask.characters(of: String(decoding: characters, as: UTF8.self))
        let caretCount = min(caretAfter, kept.count)
        let isCPF =
            accepting == .any && kept.count <= CPFMask.maximumDigitCount && kept.allSatisfy { $0 &- 0x30 < 10 }
        if isCPF {
            let text = CPFMask.apply(to: String(decoding: kept, as: UTF8.self))
            return CPFMaskEditor.Edit(text: text, caret: CPFMask.maskedLength(digitCount: caretCount))
        }
        return CPFMaskEditor.Edit(
            text: CNPJMask.mask(kept), caret: CNPJMask.maskedLength(characterCount: caretCount))
    }
}
