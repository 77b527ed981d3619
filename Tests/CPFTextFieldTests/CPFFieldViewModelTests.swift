// Tests of CPFFieldViewModel.swift: a CPF field's model, its state and its
// intents (the order its boxes notify in is in MaskedFieldViewModelTests).

import CPFKit
import CPFTextField
import Testing

@Suite("CPFFieldViewModel")
struct CPFFieldViewModelTests {
    @Test("a new model is empty, the caret at 0, incomplete with no digit")
    func empty() {
        let model = CPFFieldViewModel()
        #expect(model.text.value == "")
        #expect(model.caret.value == 0)
        #expect(model.state.value == .incomplete(digitCount: 0))
        #expect(model.digits == "")
        #expect(model.digitCount == 0)
        #expect(model.accept() == nil)
    }

    @Test(
        "an initial text is masked, only its first 11 ASCII digits kept, the caret at the end",
        arguments: [
            ("390533447", "390.533.447", 11), ("390.5", "390.5", 5), ("x3y9", "39", 2),
            ("3905334470599", "390.533.447-05", 14),
        ])
    func initialText(text: String, masked: String, caret: Int) {
        let model = CPFFieldViewModel(text: text)
        #expect(model.text.value == masked)
        #expect(model.caret.value == caret)
    }

    @Test("typing digit by digit: the mask, the caret at the end, incomplete until the 11th digit")
    func typing() {
        let model = CPFFieldViewModel()
        for (index, digit) in "39053344705".enumerated() {
            model.insert(String(digit))
            #expect(model.text.value == CPFMask.apply(to: "39053344705".prefix(index + 1)))
            #expect(model.caret.value == model.text.value.count)
            #expect(model.digitCount == index + 1)
            if index < 10 {
                #expect(model.state.value == .incomplete(digitCount: index + 1))
                #expect(model.accept() == nil)
            }
        }
        let cpf = try! CPF(validating: "39053344705")
        #expect(model.state.value == .valid(cpf))
        #expect(model.state.value.cpf == cpf)
        #expect(model.state.value.isComplete)
        #expect(model.accept() == "39053344705")
    }

    @Test(
        "11 digits that are not a CPF are invalid, with the reason",
        arguments: [
            ("231.002.999-00", CPFValidationError.checkDigits(expected: CPF.CheckDigits(first: 8, second: 1))),
            ("390.533.447-06", .checkDigits(expected: CPF.CheckDigits(first: 0, second: 5))),
            ("111.111.111-11", .repeatedDigits),
        ])
    func invalid(text: String, reason: CPFValidationError) {
        let model = CPFFieldViewModel(text: text)
        #expect(model.state.value == .invalid(reason))
        #expect(model.state.value.isComplete)
        #expect(model.state.value.cpf == nil)
        #expect(model.accept() == nil)
    }

    @Test("repeated digits are valid when allowed")
    func repeatedAllowed() {
        let model = CPFFieldViewModel(text: "11111111111", allowsRepeatedDigits: true)
        #expect(model.state.value.cpf?.digits == "11111111111")
        #expect(model.accept() == "11111111111")
        #expect(model.allowsRepeatedDigits)
    }

    @Test("acceptsInvalidNumbers lets accept() take any 11 digits, never fewer")
    func acceptsInvalid() {
        let model = CPFFieldViewModel(text: "231.002.999-00", acceptsInvalidNumbers: true)
        #expect(model.acceptsInvalidNumbers)
        #expect(model.accept() == "23100299900")
        model.deleteBackward()
        #expect(model.accept() == nil)
        #expect(CPFFieldViewModel(text: "111.111.111-11", acceptsInvalidNumbers: true).accept() == "11111111111")
    }

    @Test("replaceCharacters applies the editor's edit and returns false, as the delegate must")
    func replaceCharacters() {
        let model = CPFFieldViewModel(text: "390.533.4")
        #expect(model.replaceCharacters(in: 5..<5, with: "1") == false)
        #expect(model.text.value == "390.513.34")
        #expect(model.caret.value == 6)
        model.replaceCharacters(in: 0..<10, with: "390.533.447-05")
        #expect(model.text.value == "390.533.447-05")
        #expect(model.caret.value == 14)
    }

    /// A model at `text` with the caret at `caret`, after `action`.
    struct ActionCase: CustomTestStringConvertible, Sendable {
        let text: String
        let caret: Int
        let action: String
        let expected: String
        let expectedCaret: Int
        init(_ text: String, _ caret: Int, _ action: String, _ expected: String, _ expectedCaret: Int) {
            (self.text, self.caret, self.action, self.expected, self.expectedCaret) = (
                text, caret, action, expected, expectedCaret
            )
        }
        var testDescription: String { "'\(text)' caret \(caret), \(action) → '\(expected)' caret \(expectedCaret)" }
    }

    static func perform(_ action: String, on model: CPFFieldViewModel) {
        switch action {
        case "backspace": model.deleteBackward()
        case "delete": model.deleteForward()
        case "left": model.moveLeft()
        case "right": model.moveRight()
        case "start": model.moveToStart()
        case "end": model.moveToEnd()
        default: model.insert(action)
        }
    }

    @Test(
        "keys at a caret",
        arguments: [
            // Backspace removes a digit, across a separator; a lone separator goes too.
            ActionCase("390.5", 5, "backspace", "390", 3),
            ActionCase("390.5", 4, "backspace", "395", 2),
            ActionCase("390.5", 3, "backspace", "395", 2),
            ActionCase("390.5", 0, "backspace", "390.5", 0),
            ActionCase("", 0, "backspace", "", 0),
            // Delete removes the next digit, across a separator.
            ActionCase("390.533", 3, "delete", "390.33", 3),
            ActionCase("390.533", 4, "delete", "390.33", 3),
            ActionCase("390.533", 0, "delete", "905.33", 0),
            ActionCase("390.533", 7, "delete", "390.533", 7),
            // Typing in the middle.
            ActionCase("390.5", 3, "1", "390.15", 5),
            ActionCase("390.533.447-05", 3, "1", "390.533.447-05", 3),
            ActionCase("390.5", 0, "390.533.447-05", "390.533.447-05", 14),
            // Left and right move over one digit, the caret right after a digit.
            ActionCase("390.5", 5, "left", "390.5", 3),
            ActionCase("390.5", 4, "left", "390.5", 3),
            ActionCase("390.5", 3, "left", "390.5", 2),
            ActionCase("390.5", 1, "left", "390.5", 0),
            ActionCase("390.5", 0, "left", "390.5", 0),
            ActionCase("390.5", 0, "right", "390.5", 1),
            ActionCase("390.5", 3, "right", "390.5", 5),
            ActionCase("390.5", 4, "right", "390.5", 5),
            ActionCase("390.5", 5, "right", "390.5", 5),
            ActionCase("390.533.447-05", 11, "right", "390.533.447-05", 13),
            ActionCase("390.533.447-05", 13, "left", "390.533.447-05", 11),
            // Home and end.
            ActionCase("390.5", 3, "start", "390.5", 0),
            ActionCase("390.5", 3, "end", "390.5", 5),
            ActionCase("", 0, "end", "", 0),
        ])
    func keys(_ c: ActionCase) {
        let model = CPFFieldViewModel(text: c.text)
        model.moveCaret(to: c.caret)
        #expect(model.caret.value == c.caret)
        Self.perform(c.action, on: model)
        #expect(model.text.value == c.expected)
        #expect(model.caret.value == c.expectedCaret)
    }

    @Test("moveCaret clamps to the text", arguments: [(-3, 0), (0, 0), (4, 4), (5, 5), (99, 5)])
    func moveCaretClamps(offset: Int, caret: Int) {
        let model = CPFFieldViewModel(text: "390.5")
        model.moveCaret(to: offset)
        #expect(model.caret.value == caret)
    }

    // MARK: - Bindings

    @Test("state goes incomplete → valid → incomplete, and invalid with its reason, as digits come and go")
    func stateTransitions() {
        let model = CPFFieldViewModel(text: "390.533.447-0")
        let states = Recorder<CPFFieldState>()
        let token = model.state.bindAndFire(states.record)
        model.insert("5")
        model.deleteBackward()
        model.insert("6")
        #expect(
            states.values == [
                .incomplete(digitCount: 10),
                .valid(try! CPF(validating: "39053344705")),
                .incomplete(digitCount: 10),
                .invalid(.checkDigits(expected: CPF.CheckDigits(first: 0, second: 5))),
            ])
        withExtendedLifetime(token) {}  // `_ = token` would not keep it: -O releases it at once
    }
}
