// Tests of MaskedFieldViewModel.swift: the model every masked field is,
// whatever its rules: the intents, the boxes and the order they notify in.
// What a CPF field or a CPF/CNPJ field does with them is tested in
// CPFFieldViewModelTests and TaxpayerIDFieldViewModelTests.

import CPFKit
import CPFTextField
import Testing

/// The rules of a field none of the library's: a four-digit PIN masked
/// `DD-DD`, valid when its digits are not all the same.
struct PINRules: MaskedFieldRules {
    enum State: MaskedFieldState {
        case incomplete(Int)
        case valid(String)
        case invalid

        var isComplete: Bool {
            if case .incomplete = self { return false }
            return true
        }

        var validCharacters: String? {
            if case .valid(let digits) = self { return digits }
            return nil
        }
    }

    func edit(_ text: String, range: Range<Int>, replacement: String) -> CPFMaskEditor.Edit {
        let units = Array(text.utf16)
        let lower = min(max(range.lowerBound, 0), units.count)
        let upper = min(max(range.upperBound, lower), units.count)
        let digits = { (units: ArraySlice<UInt16>) in units.filter(isCharacter).map { Character(UnicodeScalar($0)!) } }
        var before = digits(units[..<lower])
        if replacement.isEmpty, lower < upper, digits(units[lower..<upper]).isEmpty, !before.isEmpty {
            before.removeLast()
        }
        let inserted = replacement.filter(\.isASCII).filter(\.isNumber)
        let all = String((before + inserted + digits(units[upper...])).prefix(4))
        let caret = min(before.count + inserted.count, all.count)
        return CPFMaskEditor.Edit(text: mask(all), caret: maskedLength(characterCount: caret, in: ""))
    }

    func isCharacter(_ unit: UTF16.CodeUnit) -> Bool { unit &- 0x30 < 10 }

    func maskedLength(characterCount: Int, in text: String) -> Int {
        characterCount > 2 ? characterCount + 1 : characterCount
    }

    func state(of text: String) -> State {
        let digits = text.filter(\.isNumber)
        guard digits.count == 4 else { return .incomplete(digits.count) }
        return Set(digits).count == 1 ? .invalid : .valid(digits)
    }

    private func mask(_ digits: String) -> String {
        digits.count > 2 ? String(digits.prefix(2)) + "-" + String(digits.dropFirst(2)) : digits
    }
}

@Suite("MaskedFieldViewModel")
struct MaskedFieldViewModelTests {
    @Test("any rules make a field: typing, moving and deleting through them")
    func anyRules() {
        let model = MaskedFieldViewModel(rules: PINRules())
        #expect(model.text.value == "" && model.state.value == .incomplete(0))
        model.insert("1")
        model.insert("2")
        model.insert("3")
        #expect(model.text.value == "12-3" && model.caret.value == 4 && model.characterCount == 3)
        model.moveLeft()
        #expect(model.caret.value == 2)
        model.moveLeft()
        #expect(model.caret.value == 1)
        model.moveRight()
        #expect(model.caret.value == 2)
        model.deleteForward()
        #expect(model.text.value == "12" && model.caret.value == 2)
        model.moveToEnd()
        model.insert("34")
        #expect(model.text.value == "12-34" && model.state.value == .valid("1234"))
        #expect(model.accept() == "1234")
        model.moveToStart()
        #expect(model.caret.value == 0)
    }

    @Test("a complete invalid number is accepted only when the model takes invalid numbers, never an incomplete one")
    func acceptance() {
        let strict = MaskedFieldViewModel(text: "1111", rules: PINRules())
        #expect(strict.state.value == .invalid && strict.accept() == nil)
        let lenient = MaskedFieldViewModel(text: "11-11", rules: PINRules(), acceptsInvalidNumbers: true)
        #expect(lenient.text.value == "11-11" && lenient.characters == "1111")
        #expect(lenient.accept() == "1111")
        lenient.deleteBackward()
        #expect(lenient.accept() == nil)
    }

    @Test("the initial text is read as a paste into an empty field, the caret at the end")
    func initialText() {
        let model = MaskedFieldViewModel(text: "pin: 9 8 7 6 5", rules: PINRules())
        #expect(model.text.value == "98-76" && model.caret.value == 5 && model.state.value == .valid("9876"))
        #expect(MaskedFieldViewModel(text: "390533447", rules: CPFFieldRules()).text.value == "390.533.447")
    }

    @Test("after an edit every box holds its new value before any observer is called")
    func observersSeeAConsistentModel() {
        let model = CPFFieldViewModel(text: "390.533.447-0")
        var seen: [String] = []
        func snapshot(_ box: String) -> () -> Void {
            { [unowned model] in
                seen.append("\(box): \(model.text.value) \(model.caret.value) \(model.state.value.isComplete)")
            }
        }
        let tokens = [
            model.text.bind { _ in snapshot("text")() },
            model.caret.bind { _ in snapshot("caret")() },
            model.state.bind { _ in snapshot("state")() },
        ]
        model.insert("5")
        #expect(
            seen == [
                "text: 390.533.447-05 14 true",
                "caret: 390.533.447-05 14 true",
                "state: 390.533.447-05 14 true",
            ])
        withExtendedLifetime(tokens) {}  // `_ = tokens` would not keep it: -O releases it at once
    }

    @Test("only the boxes whose value changed notify: a CPF field")
    func onlyChangesNotifyInACPFField() {
        let model = CPFFieldViewModel(text: "390.5")
        var changed: [String] = []
        let tokens = [
            model.text.bind { _ in changed.append("text") },
            model.caret.bind { _ in changed.append("caret") },
            model.state.bind { _ in changed.append("state") },
        ]
        model.moveLeft()
        #expect(changed == ["caret"])
        changed = []
        model.moveToStart()
        model.moveToStart()
        #expect(changed == ["caret"])
        changed = []
        model.insert("x")  // junk: nothing changes
        #expect(changed == [])
        model.moveToEnd()
        changed = []
        model.insert("1")  // text and caret change; still incomplete, with one more digit
        #expect(changed == ["text", "caret", "state"])
        changed = []
        model.replaceCharacters(in: 3..<3, with: "")  // an empty edit only puts the caret there
        #expect(changed == ["caret"])
        #expect(model.caret.value == 3)
        withExtendedLifetime(tokens) {}  // `_ = tokens` would not keep it: -O releases it at once
    }

    @Test("only the boxes whose value changed notify: a CNPJ field")
    func onlyChangesNotifyInACNPJField() {
        let model = TaxpayerIDFieldViewModel(text: "12.AB", accepting: .cnpj)
        var changed: [String] = []
        let tokens = [
            model.text.bind { _ in changed.append("text") },
            model.caret.bind { _ in changed.append("caret") },
            model.state.bind { _ in changed.append("state") },
        ]
        model.insert("é")  // not a character of a number: nothing changes
        #expect(changed == [])
        model.moveLeft()
        #expect(changed == ["caret"])
        withExtendedLifetime(tokens) {}  // `_ = tokens` would not keep it: -O releases it at once
    }
}
