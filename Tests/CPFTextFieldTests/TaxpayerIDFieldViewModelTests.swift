// Tests of TaxpayerIDFieldViewModel.swift: the CPF/CNPJ field's
// model, its mask switching, its state, its intents and its bindings.

import CPFKit
import CPFTextField
import Testing

@Suite("TaxpayerIDFieldViewModel")
struct TaxpayerIDFieldViewModelTests {
    static let cpf = TaxpayerID.cpf(try! CPF(validating: "39053344705"))
    static let numericCNPJ = TaxpayerID.cnpj(try! CNPJ(validating: "11222333000181"))
    static let alphanumericCNPJ = TaxpayerID.cnpj(try! CNPJ(validating: "12ABC34501DE35"))

    static func type(_ characters: String, into model: TaxpayerIDFieldViewModel) {
        for character in characters { model.insert(String(character)) }
    }

    @Test("a new model takes either kind, is empty, the caret at 0, an incomplete CPF")
    func empty() {
        let model = TaxpayerIDFieldViewModel()
        #expect(model.accepting == .any)
        #expect(model.text.value == "")
        #expect(model.caret.value == 0)
        #expect(model.state.value == .incomplete(kind: .cpf, characterCount: 0))
        #expect(model.kind == .cpf)
        #expect(model.characters == "")
        #expect(model.accept() == nil)
        #expect(TaxpayerIDFieldViewModel(accepting: .cnpj).state.value == .incomplete(kind: .cnpj, characterCount: 0))
    }

    @Test(
        "an initial text is read as a paste into an empty field, masked for the kind, the caret at the end",
        arguments: [
            ("390533447", TaxpayerID.Accepted.any, "390.533.447"),
            ("390533447", .cnpj, "39.053.344/7"),
            ("12abc", .any, "12.ABC"),
            ("12abc", .cpf, "12"),
            ("12abc", .cnpj, "12.ABC"),
            ("12.abc.345/01de-35 and more", .any, "12.ABC.345/01DE-35"),
            ("3905334470599", .cpf, "390.533.447-05"),
        ])
    func initialText(text: String, accepting: TaxpayerID.Accepted, masked: String) {
        let model = TaxpayerIDFieldViewModel(text: text, accepting: accepting)
        #expect(model.text.value == masked)
        #expect(model.caret.value == masked.utf16.count)
    }

    @Test(
        "typing a CPF in every mode that takes one: the CPF mask, incomplete until the 11th digit",
        arguments: [TaxpayerID.Accepted.cpf, .any])
    func typingACPF(accepting: TaxpayerID.Accepted) {
        let model = TaxpayerIDFieldViewModel(accepting: accepting)
        for (index, digit) in "39053344705".enumerated() {
            model.insert(String(digit))
            #expect(model.text.value == CPFMask.apply(to: "39053344705".prefix(index + 1)))
            #expect(model.caret.value == model.text.value.utf16.count)
            if index < 10 {
                #expect(model.state.value == .incomplete(kind: .cpf, characterCount: index + 1))
                #expect(model.accept() == nil)
            }
        }
        #expect(model.state.value == .valid(Self.cpf))
        #expect(model.accept() == "39053344705")
    }

    @Test("typing on past 11 digits in .any: the 12th switches to the CNPJ mask, and the CNPJ is accepted")
    func typingPastElevenDigits() {
        let model = TaxpayerIDFieldViewModel()
        Self.type("11222333000", into: model)
        #expect(model.text.value == "112.223.330-00")
        #expect(model.state.value.kind == .cpf)
        #expect(model.state.value.isComplete)
        model.insert("1")
        #expect(model.text.value == "11.222.333/0001")
        #expect(model.caret.value == 15)
        #expect(model.kind == .cnpj)
        #expect(model.state.value == .incomplete(kind: .cnpj, characterCount: 12))
        #expect(model.accept() == nil)
        Self.type("81", into: model)
        #expect(model.text.value == "11.222.333/0001-81")
        #expect(model.state.value == .valid(Self.numericCNPJ))
        #expect(model.state.value.taxpayerID?.formatted == "11.222.333/0001-81")
        #expect(model.accept() == "11222333000181")
        model.insert("9")  // full: nothing more
        #expect(model.text.value == "11.222.333/0001-81")
    }

    @Test(
        "letters are taken upper-cased in the first twelve places of a CNPJ, never in a CPF field",
        arguments: [TaxpayerID.Accepted.cnpj, .any])
    func letters(accepting: TaxpayerID.Accepted) {
        let model = TaxpayerIDFieldViewModel(accepting: accepting)
        Self.type("12a", into: model)
        #expect(model.text.value == "12.A")
        #expect(model.kind == .cnpj)
        Self.type("bc34501de", into: model)
        #expect(model.text.value == "12.ABC.345/01DE")
        model.insert("x")  // the check digits are digits
        #expect(model.text.value == "12.ABC.345/01DE")
        Self.type("35", into: model)
        #expect(model.text.value == "12.ABC.345/01DE-35")
        #expect(model.state.value == .valid(Self.alphanumericCNPJ))
        #expect(model.accept() == "12ABC34501DE35")

        let cpfOnly = TaxpayerIDFieldViewModel(accepting: .cpf)
        Self.type("12abc", into: cpfOnly)
        #expect(cpfOnly.text.value == "12")
    }

    @Test("a letter in a CPF-looking field switches it to the CNPJ mask at once")
    func letterSwitches() {
        let model = TaxpayerIDFieldViewModel(text: "390.533")
        model.insert("a")
        #expect(model.text.value == "39.053.3A")
        #expect(model.state.value == .incomplete(kind: .cnpj, characterCount: 7))
        model.deleteBackward()
        #expect(model.text.value == "390.533")
        #expect(model.kind == .cpf)
    }

    @Test("backspace back across the switch: the 12th character gone, the CPF mask is back, valid again")
    func backspaceAcrossTheSwitch() {
        let model = TaxpayerIDFieldViewModel(text: "39053344705")
        model.insert("1")
        #expect(model.text.value == "39.053.344/7051")
        model.deleteBackward()
        #expect(model.text.value == "390.533.447-05")
        #expect(model.caret.value == 14)
        #expect(model.state.value == .valid(Self.cpf))
        model.deleteBackward()
        #expect(model.text.value == "390.533.447-0")
        #expect(model.state.value == .incomplete(kind: .cpf, characterCount: 10))
    }

    @Test("the walk-through of the TextFieldAndViewModel article")
    func articleWalkThrough() {
        let model = TaxpayerIDFieldViewModel()
        model.insert("39053344705")
        #expect(model.text.value == "390.533.447-05")
        model.insert("1")
        #expect(model.text.value == "39.053.344/7051")
        model.deleteBackward()
        #expect(model.text.value == "390.533.447-05")
        model.insert("12.abc.345/01de-36")
        #expect(model.text.value == "12.ABC.345/01DE-36")
        #expect(model.state.value.isComplete && model.accept() == nil)
        model.deleteBackward()
        model.insert("5")
        #expect(model.accept() == "12ABC34501DE35")
        #expect(model.state.value.taxpayerID?.formatted == "12.ABC.345/01DE-35")
    }

    @Test("a pasted formatted alphanumeric CNPJ, lowercase, replaces the field whatever it held")
    func pasteReplaces() {
        let model = TaxpayerIDFieldViewModel(text: "390.5")
        model.moveCaret(to: 2)
        model.insert(" 12.abc.345/01de-35\n")
        #expect(model.text.value == "12.ABC.345/01DE-35")
        #expect(model.caret.value == 18)
        #expect(model.state.value == .valid(Self.alphanumericCNPJ))
    }

    @Test(
        "a complete number that is not valid is invalid, with the reason TaxpayerID gives",
        arguments: [
            ("12.ABC.345/01DE-36", "check digits should be 35", "12ABC34501DE36"),
            ("11.111.111/1111-11", "all 14 digits are the same", "11111111111111"),
            ("390.533.447-06", "check digits should be 05", "39053344706"),
        ])
    func invalid(text: String, reason: String, characters: String) throws {
        let model = TaxpayerIDFieldViewModel(text: text)
        guard case .invalid(let error) = model.state.value else {
            Issue.record("not invalid: \(model.state.value)")
            return
        }
        var expected: TaxpayerID.ValidationError?
        do throws(TaxpayerID.ValidationError) {
            _ = try TaxpayerID(validating: text)
        } catch {
            expected = error
        }
        #expect(error == expected)
        #expect(error.description == reason)
        #expect(model.accept() == nil)
        #expect(TaxpayerIDFieldViewModel(text: text, acceptsInvalidNumbers: true).accept() == characters)
    }

    @Test("repeated digits are valid only when allowed")
    func repeatedDigits() {
        #expect(TaxpayerIDFieldViewModel(text: "11111111111111").state.value == .invalid(.cnpj(.repeatedDigits)))
        let allowed = TaxpayerIDFieldViewModel(text: "00000000000000", allowsRepeatedDigits: true)
        #expect(allowed.accept() == "00000000000000")
        #expect(TaxpayerIDFieldViewModel(text: "11111111111", allowsRepeatedDigits: true).accept() == "11111111111")
    }

    struct ActionCase: Sendable, CustomTestStringConvertible {
        let text: String
        let accepting: TaxpayerID.Accepted
        let caret: Int
        let action: String
        let expected: String
        let expectedCaret: Int
        init(
            _ text: String, _ accepting: TaxpayerID.Accepted, _ caret: Int, _ action: String, _ expected: String,
            _ expectedCaret: Int
        ) {
            (self.text, self.accepting, self.caret, self.action, self.expected, self.expectedCaret) = (
                text, accepting, caret, action, expected, expectedCaret
            )
        }
        var testDescription: String {
            "'\(text)' (\(accepting)) caret \(caret), \(action) → '\(expected)' caret \(expectedCaret)"
        }
    }

    static func perform(_ action: String, on model: TaxpayerIDFieldViewModel) {
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
            // Backspace and delete remove a character, across a separator.
            ActionCase("12.ABC", .cnpj, 6, "backspace", "12.AB", 5),
            ActionCase("12.ABC", .cnpj, 3, "backspace", "1A.BC", 1),
            ActionCase("12.ABC", .cnpj, 2, "delete", "12.BC", 2),
            ActionCase("12.ABC", .cnpj, 0, "delete", "2A.BC", 0),
            ActionCase("11.222.333/0001", .any, 0, "delete", "122.233.300-01", 0),
            // Typing in the middle, in a CNPJ and across the switch.
            ActionCase("12.ABC", .cnpj, 3, "x", "12.XAB.C", 4),
            ActionCase("390.533.447-05", .any, 0, "1", "13.905.334/4705", 1),
            ActionCase("390.533.447-05", .cpf, 0, "1", "390.533.447-05", 0),
            // Left and right move over one character, the caret right after one.
            ActionCase("12.ABC", .cnpj, 6, "left", "12.ABC", 5),
            ActionCase("12.ABC", .cnpj, 4, "left", "12.ABC", 2),
            ActionCase("12.ABC", .cnpj, 3, "left", "12.ABC", 2),
            ActionCase("12.ABC", .cnpj, 2, "right", "12.ABC", 4),
            ActionCase("12.ABC", .cnpj, 6, "right", "12.ABC", 6),
            ActionCase("12.ABC.345/01DE-35", .any, 15, "right", "12.ABC.345/01DE-35", 17),
            ActionCase("12.ABC.345/01DE-35", .any, 17, "left", "12.ABC.345/01DE-35", 15),
            // Home and end.
            ActionCase("12.ABC", .cnpj, 3, "start", "12.ABC", 0),
            ActionCase("12.ABC", .cnpj, 3, "end", "12.ABC", 6),
        ])
    func keys(_ c: ActionCase) {
        let model = TaxpayerIDFieldViewModel(text: c.text, accepting: c.accepting)
        model.moveCaret(to: c.caret)
        #expect(model.caret.value == c.caret)
        Self.perform(c.action, on: model)
        #expect(model.text.value == c.expected)
        #expect(model.caret.value == c.expectedCaret)
    }

    // MARK: - Bindings

    @Test("the state box fires as the field switches kind, and every box is set before any observer runs")
    func bindingsFire() {
        let model = TaxpayerIDFieldViewModel(text: "390.533.447-0")
        let states = Recorder<TaxpayerIDFieldState>()
        var seen: [String] = []
        let tokens = [
            model.state.bindAndFire(states.record),
            model.text.bind { [unowned model] _ in seen.append("text \(model.caret.value) \(model.state.value.kind)") },
            model.caret.bind { [unowned model] _ in seen.append("caret \(model.text.value)") },
        ]
        model.insert("5")
        model.insert("1")
        model.deleteBackward()
        model.moveLeft()
        #expect(
            states.values == [
                .incomplete(kind: .cpf, characterCount: 10),
                .valid(Self.cpf),
                .incomplete(kind: .cnpj, characterCount: 12),
                .valid(Self.cpf),
            ])
        #expect(
            seen == [
                "text 14 cpf", "caret 390.533.447-05",
                "text 15 cnpj", "caret 39.053.344/7051",
                "text 14 cpf", "caret 390.533.447-05",
                "caret 390.533.447-05",
            ])
        withExtendedLifetime(tokens) {}  // `_ = tokens` would not keep it: -O releases it at once
    }

    // MARK: - Properties

    /// The characters a field keeps when `character` is typed at the end of
    /// one holding `kept`: a digit while there is room, a letter (upper-cased)
    /// in the first twelve places of a field that takes CNPJs.
    static func typedAtTheEnd(_ character: Character, after kept: String, accepting: TaxpayerID.Accepted) -> String {
        let room = accepting == .cpf ? 11 : 14
        guard let ascii = character.asciiValue, kept.count < room else { return kept }
        if ascii &- 0x30 < 10 { return kept + String(character) }
        if accepting != .cpf, ascii | 0x20 &- UInt8(ascii: "a") < 26, kept.count < 12 {
            return kept + character.uppercased()
        }
        return kept
    }

    @Test(
        "random typing and backspacing at the end: the text is the mask editor's for the characters kept, one by one",
        arguments: TaxpayerID.Accepted.allCases)
    func randomTypingAtTheEnd(accepting: TaxpayerID.Accepted) {
        var random = SplitMix64(seed: 29)
        // Single keys, and short runs typed in one go (a terminal's read).
        let keys = Array("0123456789abcXYZ.-/ é⌫⌫⌫").map(String.init) + ["x36", "a9", "12ab", "7 8"]
        for _ in 0..<300 {
            let model = TaxpayerIDFieldViewModel(accepting: accepting)
            var kept = ""
            for _ in 0..<Int(random.next() % 24) {
                let key = keys[Int(random.next() % UInt64(keys.count))]
                if key == "⌫" {
                    model.deleteBackward()
                    kept = String(kept.dropLast())
                } else {
                    model.insert(key)
                    for character in key { kept = Self.typedAtTheEnd(character, after: kept, accepting: accepting) }
                }
                let expected = TaxpayerIDMaskEditor.edit("", range: 0..<0, replacement: kept, accepting: accepting)
                #expect(model.text.value == expected.text, "kept \(kept)")
                #expect(model.caret.value == model.text.value.utf16.count)
                #expect(model.characters == kept)
            }
        }
    }

    static func isSubsequence(_ small: String, of large: String) -> Bool {
        var rest = large[...]
        for character in small {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    @Test(
        "random keys anywhere: the text is always the mask of its characters, typing loses none, accept() only a valid number",
        arguments: TaxpayerID.Accepted.allCases)
    func randomKeysAnywhere(accepting: TaxpayerID.Accepted) throws {
        var random = SplitMix64(seed: 2229)
        let keys = [
            "1", "2", "3", "0", "9", "a", "B", "z", "-", "backspace", "delete", "left", "right", "start", "end",
            "12.abc.345/01de-35", "390.533.447-05", "11.222.333/0001-81", "4", "5", "6", "7", "8",
        ]
        var accepted = 0
        for _ in 0..<400 {
            let model = TaxpayerIDFieldViewModel(accepting: accepting)
            for _ in 0..<Int(random.next() % 30) {
                let key = keys[Int(random.next() % UInt64(keys.count))]
                let old = model.characters
                Self.perform(key, on: model)
                if key.count < 11, !["backspace", "delete"].contains(key) {
                    // Typing never loses a character already in the field.
                    #expect(Self.isSubsequence(old, of: model.characters), "\(old) + \(key) → \(model.characters)")
                }
                let text = model.text.value
                let remasked = TaxpayerIDMaskEditor.edit("", range: 0..<0, replacement: text, accepting: accepting)
                #expect(text == remasked.text)
                #expect((0...text.utf16.count).contains(model.caret.value))
                #expect(model.state.value.kind == model.kind)
                if accepting != .any { #expect(model.kind.rawValue == accepting.rawValue) }
                if let characters = model.accept() {
                    accepted += 1
                    let number = try TaxpayerID(validating: characters, accepting: accepting, options: .strict)
                    #expect(number.characters == characters)
                    #expect(model.state.value == .valid(number))
                } else {
                    #expect(model.state.value.taxpayerID == nil)
                }
            }
        }
        #expect(accepted > 0)
    }

    @Test("accepting .cpf, it edits exactly as CPFFieldViewModel: random keys, same text, caret, state and accept()")
    func cpfModeIsTheCPFModel() {
        var random = SplitMix64(seed: 11)
        let keys = [
            "1", "2", "3", "0", "9", "a", "B", "-", "backspace", "delete", "left", "right", "start", "end",
            "390.533.447-05", "12.abc.345/01de-35", "x7", "4", "5", "6", "8",
        ]
        for _ in 0..<300 {
            let cpf = CPFFieldViewModel(allowsRepeatedDigits: random.next() % 2 == 0)
            let document = TaxpayerIDFieldViewModel(accepting: .cpf, allowsRepeatedDigits: cpf.allowsRepeatedDigits)
            for _ in 0..<Int(random.next() % 30) {
                let key = keys[Int(random.next() % UInt64(keys.count))]
                CPFFieldViewModelTests.perform(key, on: cpf)
                Self.perform(key, on: document)
                #expect(document.text.value == cpf.text.value)
                #expect(document.caret.value == cpf.caret.value)
                #expect(document.state.value == TaxpayerIDFieldState(cpf.state.value))
                #expect(document.accept() == cpf.accept())
            }
        }
    }
}
