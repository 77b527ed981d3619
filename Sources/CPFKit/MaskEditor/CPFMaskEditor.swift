/// Edits a CPF text field the way a mobile sign-up screen masks it while the
/// user types: the answer to `shouldChangeCharactersIn(range:replacementString:)`.
///
/// Give it the field's current text, the range being replaced and the
/// replacement; it returns the new masked text and where the caret goes.
/// The edit is done on digits, never on separators: the separators of the
/// result are those of ``CPFMask/apply(to:)`` (and of `cpf format
/// --partial`), so they appear and disappear by themselves.
///
/// ```swift
/// CPFMaskEditor.edit("390.53", range: 6..<6, replacement: "3")   // "390.533", caret 7
/// CPFMaskEditor.edit("390.533", range: 7..<7, replacement: "4")  // "390.533.4", caret 9
/// CPFMaskEditor.edit("390.5", range: 4..<5, replacement: "")     // "390", caret 3
/// CPFMaskEditor.edit("390.5", range: 3..<4, replacement: "")     // "395", caret 2
/// CPFMaskEditor.edit("", range: 0..<0, replacement: "390.533.447-05")  // "390.533.447-05", caret 14
/// ```
///
/// The rules, in order:
///
/// - Offsets count **UTF-16 code units**, as UIKit's `NSRange` does. The
///   masked text is ASCII, where code units and characters are the same. A
///   range outside the text is clamped to it, never a crash.
/// - Only the **ASCII digits** `0`–`9` of the replacement count; letters,
///   separators, emoji and other scripts' digits are dropped.
/// - A replacement holding **11 digits or more** is a whole number pasted
///   (`390.533.447-05`, `39053344705`, `CPF: 390 533 447 05`): its first 11
///   digits become the whole field, whatever the range. Keeping the old
///   digits around it would only cut the pasted number into a wrong one.
/// - Otherwise the digits inside the range are removed and the replacement's
///   digits take their place; digits beyond the **11-digit limit** are dropped.
/// - A **deletion whose range holds no digit** (the range covers only
///   separators, as backspace right after `.` or `-` does) removes the digit
///   before the range instead, so a backspace always removes a digit; a
///   separator left without a digit after it goes with it.
/// - The **caret** goes right after the last inserted digit, or where the
///   deletion happened: after the digits before it, which is offset
///   ``CPFMask/maskedLength(digitCount:)`` of their count (so before a
///   separator that follows them).
///
/// The current text need not be masked: any text is read as its ASCII
/// digits, and the result is always masked.
public enum CPFMaskEditor {
    /// The result of an edit: the new masked text and the caret's offset in it.
    public struct Edit: Hashable, Sendable {
        /// The new text, always `CPFMask.apply(to: text)` of itself: at most
        /// 11 digits, masked `DDD.DDD.DDD-DD` as far as they go.
        public var text: String
        /// Where the caret goes, in UTF-16 code units from the start of
        /// `text` (which is ASCII, so also in characters): `0...text.utf16.count`.
        public var caret: Int

        /// Makes an edit result.
        ///
        /// ```swift
        /// let edit = CPFMaskEditor.Edit(text: "390.5", caret: 5)
        /// ```
        public init(text: String, caret: Int) {
            self.text = text
            self.caret = caret
        }
    }

    /// Replaces the characters of `text` in `range` with `replacement`, as a
    /// masked CPF field does.
    ///
    /// ```swift
    /// // Typing "1" in the middle, after "390.5":
    /// CPFMaskEditor.edit("390.533.4", range: 5..<5, replacement: "1")   // "390.513.34", caret 6
    /// // Deleting the selection "533":
    /// CPFMaskEditor.edit("390.533.447", range: 4..<7, replacement: "")  // "390.447", caret 3
    /// // Junk mixed with digits:
    /// CPFMaskEditor.edit("", range: 0..<0, replacement: "tel 3a9b0")   // "390", caret 3
    /// ```
    ///
    /// - Parameters:
    ///   - text: The field's current text (normally masked).
    ///   - range: The range replaced, in UTF-16 code units (`NSRange`'s
    ///     `location..<location + length`); clamped to the text. An empty
    ///     range is an insertion at that offset.
    ///   - replacement: What the user typed or pasted; empty for a deletion.
    /// - Returns: The new masked text and the caret's offset in it.
    /// - Complexity: O(*n* + *m*) in the lengths of `text` and `replacement`.
    public static func edit(_ text: String, range: Range<Int>, replacement: String) -> Edit {
        var inserted = Digits()
        for byte in replacement.utf8 where byte &- 0x30 < 10 {
            inserted.append(byte)
            if inserted.count == CPFMask.maximumDigitCount {
                // A whole number pasted: it becomes the field.
                return make(inserted, caretAfter: inserted.count)
            }
        }

        let units = text.utf16
        let count = units.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        var before = Digits()
        var after = Digits()
        var removed = 0
        var offset = 0
        for unit in units {
            if unit &- 0x30 < 10 {
                let digit = UInt8(truncatingIfNeeded: unit)
                if offset < lower {
                    before.append(digit)
                } else if offset >= upper {
                    after.append(digit)
                } else {
                    removed += 1
                }
            }
            offset += 1
        }

        if replacement.isEmpty, lower < upper, removed == 0 {
            // Backspace right after a separator: the digit before it goes.
            before.removeLast()
        }
        let room = max(0, CPFMask.maximumDigitCount - before.count - after.count)
        inserted.keepFirst(room)
        let caret = min(before.count + inserted.count, CPFMask.maximumDigitCount)
        before.append(contentsOf: inserted)
        before.append(contentsOf: after)
        return make(before, caretAfter: caret)
    }

    /// How many ASCII digits stand before UTF-16 offset `offset` of `text`.
    ///
    /// ```swift
    /// CPFMaskEditor.digitCount(in: "390.533", before: 5)   // 4
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func digitCount(in text: String, before offset: Int) -> Int {
        var count = 0
        for unit in text.utf16.prefix(max(offset, 0)) where unit &- 0x30 < 10 {
            count += 1
        }
        return count
    }

    /// The masked text of the first 11 `digits`, the caret after `caretAfter` of them.
    private static func make(_ digits: Digits, caretAfter digitCount: Int) -> Edit {
        let text = digits.withUnsafeBytes { digits in
            String(unsafeUninitializedCapacity: CPFMask.maximumLength) { buffer in
                CPFMask.write(digits: digits, to: UnsafeMutableRawBufferPointer(buffer))
            }
        }
        return Edit(text: text, caret: CPFMask.maskedLength(digitCount: min(digitCount, digits.count)))
    }
}

/// Up to 22 ASCII digits, kept inline (no allocation per edit): the digits
/// before and after an edit are each at most 11 once the text is masked, and
/// only the first 11 of a longer text ever count.
private struct Digits {
    private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private(set) var count = 0

    /// Appends a digit; digits beyond the 22nd are dropped (they would be cut
    /// by the 11-digit limit anyway).
    mutating func append(_ digit: UInt8) {
        guard count < 22 else { return }
        withUnsafeMutableBytes(of: &storage) { $0[count] = digit }
        count += 1
    }

    mutating func append(contentsOf other: Digits) {
        other.withUnsafeBytes { for digit in $0 { append(digit) } }
    }

    mutating func removeLast() {
        if count > 0 { count -= 1 }
    }

    mutating func keepFirst(_ n: Int) {
        count = min(count, n)
    }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        Swift.withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
}
