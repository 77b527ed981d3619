// Tests of CPFMaskEditor.swift: a masked CPF field's edits, as
// shouldChangeCharactersIn(range:replacementString:) sees them.

import CPFKit
import Testing

@Suite("CPFMaskEditor")
struct CPFMaskEditorTests {
    /// One edit: the field's text, the range replaced and the replacement,
    /// and the text and caret that must follow.
    struct EditCase: CustomTestStringConvertible, Sendable {
        let text: String
        let range: Range<Int>
        let replacement: String
        let expected: String
        let caret: Int

        init(_ text: String, _ range: Range<Int>, _ replacement: String, _ expected: String, _ caret: Int) {
            (self.text, self.range, self.replacement, self.expected, self.caret) = (
                text, range, replacement, expected, caret
            )
        }

        var testDescription: String {
            "'\(text)' [\(range.lowerBound)..<\(range.upperBound)] ← '\(replacement)' = '\(expected)' caret \(caret)"
        }
    }

    static func check(_ c: EditCase, sourceLocation: SourceLocation = #_sourceLocation) {
        let edit = CPFMaskEditor.edit(c.text, range: c.range, replacement: c.replacement)
        #expect(edit.text == c.expected, sourceLocation: sourceLocation)
        #expect(edit.caret == c.caret, sourceLocation: sourceLocation)
        #expect(edit == CPFMaskEditor.Edit(text: c.expected, caret: c.caret), sourceLocation: sourceLocation)
    }

    @Test(
        "typing at the end: separators appear once a digit follows them, the caret after the digit",
        arguments: [
            EditCase("", 0..<0, "3", "3", 1),
            EditCase("39", 2..<2, "0", "390", 3),
            EditCase("390", 3..<3, "5", "390.5", 5),
            EditCase("390.53", 6..<6, "3", "390.533", 7),
            EditCase("390.533", 7..<7, "4", "390.533.4", 9),
            EditCase("390.533.447", 11..<11, "0", "390.533.447-0", 13),
            EditCase("390.533.447-0", 13..<13, "5", "390.533.447-05", 14),
        ])
    func typingAtTheEnd(_ c: EditCase) { Self.check(c) }

    @Test(
        "typing in the middle shifts the digits after it, the caret right after the new digit",
        arguments: [
            EditCase("390.533.4", 5..<5, "1", "390.513.34", 6),
            EditCase("390.5", 0..<0, "1", "139.05", 1),
            EditCase("390.5", 3..<3, "1", "390.15", 5),  // caret before the separator
            EditCase("390.5", 4..<4, "1", "390.15", 5),  // caret after the separator
            EditCase("390.533.447", 1..<1, "12", "312.905.334-47", 3),
        ])
    func typingInTheMiddle(_ c: EditCase) { Self.check(c) }

    @Test(
        "deleting a digit in the middle: the digits after it move up, separators follow",
        arguments: [
            EditCase("390.533.4", 4..<5, "", "390.334", 3),
            EditCase("390.533.4", 0..<1, "", "905.334", 0),
            EditCase("390.533", 3..<5, "", "390.33", 3),  // forward delete across the separator
            EditCase("390.533.447-05", 12..<13, "", "390.533.447-5", 11),
        ])
    func deletingInTheMiddle(_ c: EditCase) { Self.check(c) }

    @Test(
        "backspace right after a separator removes the digit before it",
        arguments: [
            EditCase("390.5", 3..<4, "", "395", 2),
            EditCase("390.533.4", 7..<8, "", "390.534", 6),
            EditCase("390.533.447-0", 11..<12, "", "390.533.440", 10),
            EditCase("390.533", 3..<4, "", "395.33", 2),
        ])
    func backspaceAfterSeparator(_ c: EditCase) { Self.check(c) }

    @Test(
        "backspace at the end removes the last digit and a separator left without a digit after it",
        arguments: [
            EditCase("390.5", 4..<5, "", "390", 3),
            EditCase("390.533.4", 8..<9, "", "390.533", 7),
            EditCase("390.533.447-0", 12..<13, "", "390.533.447", 11),
            EditCase("390.533.447-05", 13..<14, "", "390.533.447-0", 13),
            EditCase("3", 0..<1, "", "", 0),
        ])
    func backspaceAtTheEnd(_ c: EditCase) { Self.check(c) }

    @Test(
        "a deletion with nothing to delete changes nothing",
        arguments: [
            EditCase("", 0..<0, "", "", 0),
            EditCase("", 0..<1, "", "", 0),
            EditCase("390", 0..<0, "", "390", 0),
            EditCase("390", 3..<3, "", "390", 3),
        ])
    func nothingToDelete(_ c: EditCase) { Self.check(c) }

    @Test(
        "deleting a selection removes its digits; typing over it replaces them",
        arguments: [
            EditCase("390.533.447-05", 0..<14, "", "", 0),
            EditCase("390.533.447-05", 4..<7, "", "390.447.05", 3),
            EditCase("390.533.447-05", 2..<9, "", "394.705", 2),
            EditCase("390.533.447-05", 4..<7, "111", "390.111.447-05", 7),
            EditCase("390.533.447-05", 0..<14, "1", "1", 1),
            EditCase("390.533", 4..<7, "x", "390", 3),  // junk over a selection still deletes it
            EditCase("390.533", 3..<4, "x", "390.533", 3),  // junk over a separator changes nothing
        ])
    func selections(_ c: EditCase) { Self.check(c) }

    @Test(
        "pasting a whole masked or bare number makes it the field, wherever the caret was",
        arguments: [
            EditCase("", 0..<0, "390.533.447-05", "390.533.447-05", 14),
            EditCase("", 0..<0, "39053344705", "390.533.447-05", 14),
            EditCase("390.5", 5..<5, "390.533.447-05", "390.533.447-05", 14),
            EditCase("231.002.999-00", 0..<0, "39053344705", "390.533.447-05", 14),
            EditCase("", 0..<0, "CPF: 390 533 447 05.", "390.533.447-05", 14),
            EditCase("", 0..<0, "390533447059999", "390.533.447-05", 14),
        ])
    func pastingAWholeNumber(_ c: EditCase) { Self.check(c) }

    @Test(
        "pasting junk mixed with digits keeps only the ASCII digits",
        arguments: [
            EditCase("", 0..<0, "a3b9c0d5", "390.5", 5),
            EditCase("390.5", 3..<3, "-1 2-", "390.125", 6),
            EditCase("", 0..<0, "\u{FF13}\u{663}\u{B3}", "", 0),  // fullwidth, Arabic-Indic, superscript
            EditCase("", 0..<0, "👍3\u{301}9", "39", 2),
            EditCase("390", 3..<3, "abc", "390", 3),
            EditCase("", 0..<0, "\n\t\u{0}", "", 0),
        ])
    func pastingJunk(_ c: EditCase) { Self.check(c) }

    @Test(
        "at most 11 digits: digits beyond the limit are dropped, the caret stays where they would go",
        arguments: [
            EditCase("390.533.447-05", 14..<14, "1", "390.533.447-05", 14),
            EditCase("390.533.447-05", 0..<0, "1", "390.533.447-05", 0),
            EditCase("390.533.447-05", 5..<5, "12", "390.533.447-05", 5),
            EditCase("390.533.447-0", 13..<13, "56", "390.533.447-05", 14),
            EditCase("390.533.447-0", 4..<4, "12", "390.153.344-70", 5),
        ])
    func elevenDigitLimit(_ c: EditCase) { Self.check(c) }

    @Test(
        "ranges outside the text are clamped to it, never a crash",
        arguments: [
            EditCase("390", 10..<20, "5", "390.5", 5),
            EditCase("390", -5..<1, "", "90", 0),
            EditCase("390", -5..<(-1), "1", "139.0", 1),
            EditCase("390", 2..<99, "", "39", 2),
            EditCase("", 5..<9, "", "", 0),
            EditCase("390", Int.min..<Int.max, "", "", 0),
        ])
    func clamping(_ c: EditCase) { Self.check(c) }

    @Test(
        "offsets are UTF-16 code units, and any text is read as its ASCII digits",
        arguments: [
            EditCase("👍390", 2..<2, "1", "139.0", 1),  // 👍 is two UTF-16 code units
            EditCase("👍390", 1..<1, "1", "139.0", 1),  // between the two halves of 👍
            EditCase("👍390", 0..<2, "", "390", 0),
            EditCase("39053", 5..<5, "3", "390.533", 7),  // a bare text
            EditCase("3-9-0-5", 7..<7, "3", "390.53", 6),
            EditCase("39053344705123", 14..<14, "9", "390.533.447-05", 14),
        ])
    func anyText(_ c: EditCase) { Self.check(c) }

    @Test(
        "the documented examples",
        arguments: [
            EditCase("390.53", 6..<6, "3", "390.533", 7),
            EditCase("390.533", 7..<7, "4", "390.533.4", 9),
            EditCase("390.5", 4..<5, "", "390", 3),
            EditCase("390.5", 3..<4, "", "395", 2),
            EditCase("", 0..<0, "390.533.447-05", "390.533.447-05", 14),
            EditCase("390.533.4", 5..<5, "1", "390.513.34", 6),
            EditCase("390.533.447", 4..<7, "", "390.447", 3),
            EditCase("", 0..<0, "tel 3a9b0", "390", 3),
        ])
    func documented(_ c: EditCase) { Self.check(c) }

    @Test(
        "typing a number digit by digit shows the partial mask of CPFMask after each digit",
        arguments: ["39053344705", "00000000000", "12345678909"])
    func typingShowsThePartialMask(number: String) {
        var text = ""
        var caret = 0
        for (index, digit) in number.enumerated() {
            let edit = CPFMaskEditor.edit(text, range: caret..<caret, replacement: String(digit))
            (text, caret) = (edit.text, edit.caret)
            #expect(text == CPFMask.apply(to: number.prefix(index + 1)))
            #expect(caret == text.utf16.count)
        }
    }

    @Test(
        "digitCount(in:before:) counts the ASCII digits before an offset",
        arguments: [
            ("390.533", 0, 0), ("390.533", 3, 3), ("390.533", 4, 3), ("390.533", 5, 4), ("390.533", 99, 6),
            ("390.533", -1, 0),
            ("👍3", 2, 0), ("👍3", 3, 1), ("٣3", 2, 1),
        ])
    func digitCount(text: String, offset: Int, count: Int) {
        #expect(CPFMaskEditor.digitCount(in: text, before: offset) == count)
    }

    // MARK: - Property

    /// Replacements a user might type or paste, junk included.
    static let replacements = [
        "", "", "", "0", "1", "5", "9", "12", "345", ".", "-", " ", "x", "3a", "390.533.447-05", "39053344705",
        "231.002.999-00", "\u{FF13}", "٣", "👍", "é", "9\u{301}", "12345678", "\n", "0000000000000",
    ]

    @Test("any sequence of random edits leaves the text equal to the partial mask of its digits and the caret in it")
    func randomEditsKeepTheInvariants() {
        var random = SplitMix64(seed: 6)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<25 {
                let count = text.utf16.count
                let lower = Int(random.next() % UInt64(count + 3)) - 1
                let upper = lower + Int(random.next() % 4) - (random.next() % 8 == 0 ? 2 : 0)
                let range = min(lower, upper)..<max(lower, upper)
                let replacement = Self.replacements[Int(random.next() % UInt64(Self.replacements.count))]
                let edit = CPFMaskEditor.edit(text, range: range, replacement: replacement)

                #expect(edit.text == CPFMask.apply(to: edit.text), "\(text) \(range) \(replacement)")
                #expect((0...edit.text.utf16.count).contains(edit.caret), "\(text) \(range) \(replacement)")
                let digits = edit.text.filter(\.isASCIIDigit)
                #expect(digits.count <= 11)
                // The caret stands right after a digit (or at the start).
                let before = CPFMaskEditor.digitCount(in: edit.text, before: edit.caret)
                #expect(edit.caret == CPFMask.maskedLength(digitCount: before))
                // The digits are those around the range with the replacement's between.
                #expect(
                    digits == Self.expectedDigits(text, range: range, replacement: replacement),
                    "\(text) \(range) \(replacement)")
                text = edit.text
            }
        }
    }

    /// The digits an edit must leave, worked out on Characters (the field's
    /// text is ASCII) rather than on UTF-16 code units as the editor does.
    static func expectedDigits(_ text: String, range: Range<Int>, replacement: String) -> String {
        let inserted = replacement.unicodeScalars.filter { $0.isASCII && $0.properties.numericType == .decimal }.map(
            String.init
        ).joined()
        if inserted.count >= 11 { return String(inserted.prefix(11)) }
        let characters = Array(text)
        let lower = min(max(range.lowerBound, 0), characters.count)
        let upper = min(max(range.upperBound, lower), characters.count)
        var before = String(characters[..<lower].filter(\.isASCIIDigit))
        let inside = characters[lower..<upper].filter(\.isASCIIDigit)
        let after = String(characters[upper...].filter(\.isASCIIDigit))
        if replacement.isEmpty, lower < upper, inside.isEmpty, !before.isEmpty { before.removeLast() }
        return before + inserted.prefix(max(0, 11 - before.count - after.count)) + after
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
