// Tests of Prompt/PromptRenderer.swift: the line `cpf prompt` draws, and
// the renderer as a view bound to the field's model.

import CPFKit
import CPFSystem
import CPFTestSupport
import CPFTextField
import Testing

@testable import CPFCommandLine

@Suite("PromptRenderer")
struct PromptRendererTests {
    static func line(_ label: String, _ text: String, _ caret: Int, _ state: CPFFieldState, colour: Bool = false)
        -> String
    {
        String(
            decoding: PromptRenderer.line(label: label, text: text, caret: caret, state: state, usesColour: colour),
            as: UTF8.self)
    }

    static let valid = CPFFieldState.valid(try! CPF(validating: "39053344705"))
    static let invalid = CPFFieldState.invalid(.checkDigits(expected: CPF.CheckDigits(first: 0, second: 5)))

    @Test("the line: CR, label, text, mark, erase to the end, then the cursor at the caret")
    func lines() {
        #expect(Self.line("CPF:", "", 0, .incomplete(digitCount: 0)) == "\rCPF: \u{1B}[K\r\u{1B}[5C")
        #expect(Self.line("CPF:", "390.5", 5, .incomplete(digitCount: 4)) == "\rCPF: 390.5\u{1B}[K\r\u{1B}[10C")
        #expect(Self.line("CPF:", "390.5", 3, .incomplete(digitCount: 4)) == "\rCPF: 390.5\u{1B}[K\r\u{1B}[8C")
        #expect(Self.line("CPF:", "390.533.447-05", 14, Self.valid) == "\rCPF: 390.533.447-05 ✓\u{1B}[K\r\u{1B}[19C")
        #expect(
            Self.line("CPF:", "390.533.447-06", 14, Self.invalid)
                == "\rCPF: 390.533.447-06 ✗ check digits should be 05\u{1B}[K\r\u{1B}[19C")
    }

    @Test("an empty label leaves no space; the cursor at column 0 is not moved")
    func emptyLabel() {
        #expect(Self.line("", "", 0, .incomplete(digitCount: 0)) == "\r\u{1B}[K\r")
        #expect(Self.line("", "390", 2, .incomplete(digitCount: 3)) == "\r390\u{1B}[K\r\u{1B}[2C")
    }

    @Test("the label's width counts characters, not bytes")
    func labelWidth() {
        #expect(Self.line("Número:", "3", 1, .incomplete(digitCount: 1)) == "\rNúmero: 3\u{1B}[K\r\u{1B}[9C")
    }

    @Test("colour: a green ✓, a red ✗ with the reason")
    func colour() {
        #expect(
            Self.line("CPF:", "390.533.447-05", 14, Self.valid, colour: true)
                == "\rCPF: 390.533.447-05 \u{1B}[32m✓\u{1B}[0m\u{1B}[K\r\u{1B}[19C")
        #expect(
            Self.line("CPF:", "390.533.447-06", 14, Self.invalid, colour: true)
                == "\rCPF: 390.533.447-06 \u{1B}[31m✗ check digits should be 05\u{1B}[0m\u{1B}[K\r\u{1B}[19C")
        #expect(!Self.line("CPF:", "390", 3, .incomplete(digitCount: 3), colour: true).contains("\u{1B}[3"))
    }

    @Test(
        "colour only when NO_COLOR is unset or empty and TERM is set and not dumb",
        arguments: [
            ([String: String](), false),
            (["TERM": "xterm-256color"], true),
            (["TERM": "screen", "NO_COLOR": ""], true),
            (["TERM": "xterm", "NO_COLOR": "1"], false),
            (["TERM": "dumb"], false),
            (["TERM": ""], false),
        ])
    func allowsColour(environment: [String: String], allowed: Bool) {
        #expect(PromptRenderer.allowsColour { environment[$0] } == allowed)
    }

    @Test("as a view: draws the model at once, then only after a change, once per batch of changes")
    func drawsWhenNeeded() {
        let model = CPFFieldViewModel()
        var drawn: [String] = []
        let renderer = PromptRenderer(viewModel: model, label: "CPF:", usesColour: false) {
            drawn.append(String(decoding: $0, as: UTF8.self))
        }
        #expect(renderer.needsDraw)
        renderer.drawIfNeeded()
        renderer.drawIfNeeded()
        #expect(drawn == ["\rCPF: \u{1B}[K\r\u{1B}[5C"])
        model.insert("3")
        model.insert("9")
        model.moveLeft()
        renderer.drawIfNeeded()
        #expect(drawn.count == 2)
        #expect(drawn.last == "\rCPF: 39\u{1B}[K\r\u{1B}[6C")
        model.moveLeft()
        model.moveRight()  // back where it was: still one redraw
        renderer.drawIfNeeded()
        #expect(drawn.count == 3)
        renderer.setNeedsDraw()
        renderer.drawIfNeeded()
        #expect(drawn.count == 4)
    }

    @Test("finish draws the last state and moves to the next line")
    func finish() {
        let model = CPFFieldViewModel(text: "39053344705")
        var drawn = ""
        let renderer = PromptRenderer(viewModel: model, label: "", usesColour: false) {
            drawn += String(decoding: $0, as: UTF8.self)
        }
        renderer.finish()
        #expect(drawn == "\r390.533.447-05 ✓\u{1B}[K\r\u{1B}[14C\r\n")
    }

    @Test("a line wider than the terminal: up to its first row, erase below, back to the caret")
    func wrappedLine() {
        let label = String(repeating: "L", count: 15)
        // 16 + 14 + 2 = 32 columns on a 10-column terminal: rows 0 to 3.
        let first = PromptRenderer.draw(
            label: label, text: "390.533.447-05", caret: 14, state: Self.valid, usesColour: false,
            columns: 10, cursorRow: 0, rowsUsed: 1)
        #expect(String(decoding: first.bytes, as: UTF8.self) == "\r\(label) 390.533.447-05 ✓\u{1B}[J\r")
        #expect(first.cursorRow == 3)
        #expect(first.rowsUsed == 4)
        // The next draw starts by going up the rows the cursor is below the first.
        let second = PromptRenderer.draw(
            label: label, text: "390.5", caret: 5, state: .incomplete(digitCount: 4),
            usesColour: false, columns: 10, cursorRow: first.cursorRow, rowsUsed: first.rowsUsed)
        #expect(String(decoding: second.bytes, as: UTF8.self) == "\u{1B}[3A\r\(label) 390.5\u{1B}[J\r\u{1B}[1C")
        #expect(second.cursorRow == 2)
        #expect(second.rowsUsed == 3)
    }

    @Test("a caret right after a full row goes to the next row with a line feed")
    func caretAfterAFullRow() {
        let drawing = PromptRenderer.draw(
            label: "", text: "1234567890", caret: 10, state: .incomplete(digitCount: 10),
            usesColour: false, columns: 10, cursorRow: 0, rowsUsed: 1)
        #expect(String(decoding: drawing.bytes, as: UTF8.self) == "\r1234567890\u{1B}[J\r\n")
        #expect(drawing.cursorRow == 1)
    }

    @Test("a line that fits is drawn as on an unknown width")
    func fitting() {
        let drawing = PromptRenderer.draw(
            label: "CPF:", text: "390.5", caret: 5, state: .incomplete(digitCount: 4),
            usesColour: false, columns: 80, cursorRow: 0, rowsUsed: 1)
        #expect(
            drawing.bytes
                == PromptRenderer.line(
                    label: "CPF:", text: "390.5", caret: 5, state: .incomplete(digitCount: 4), usesColour: false))
    }
}

@Suite("PromptRenderer: a CPF/CNPJ field")
struct PromptRendererDocumentTests {
    static let cnpj = TaxpayerIDFieldState.valid(.cnpj(try! CNPJ(validating: "12ABC34501DE35")))
    static let wrongCNPJ = TaxpayerIDFieldState.invalid(.cnpj(.checkDigits(expected: .init(first: 3, second: 5))))

    static func line(_ text: String, _ state: TaxpayerIDFieldState) -> String {
        String(
            decoding: PromptRenderer.line(
                label: "CNPJ:", text: text, caret: text.utf16.count, state: state, usesColour: false),
            as: UTF8.self)
    }

    @Test("a CNPJ's line: the mark and the reason as CPFKit gives them")
    func lines() {
        #expect(
            Self.line("12.ABC", .incomplete(kind: .cnpj, characterCount: 5)) == "\rCNPJ: 12.ABC\u{1B}[K\r\u{1B}[12C")
        #expect(Self.line("12.ABC.345/01DE-35", Self.cnpj) == "\rCNPJ: 12.ABC.345/01DE-35 ✓\u{1B}[K\r\u{1B}[24C")
        #expect(
            Self.line("12.ABC.345/01DE-36", Self.wrongCNPJ)
                == "\rCNPJ: 12.ABC.345/01DE-36 ✗ check digits should be 35\u{1B}[K\r\u{1B}[24C")
    }

    @Test("a CPF's state drawn as a CPF/CNPJ field's is the same line as a CPF field's")
    func cpfStateSameLine() {
        let cpfState = CPFFieldState.invalid(.checkDigits(expected: CPF.CheckDigits(first: 0, second: 5)))
        for language in [Language.english, .portuguese] {
            let old = PromptRenderer.draw(
                label: "CPF:", text: "390.533.447-06", caret: 14, state: cpfState, usesColour: true, columns: 0,
                cursorRow: 0, rowsUsed: 1, language: language)
            let new = PromptRenderer.draw(
                label: "CPF:", text: "390.533.447-06", caret: 14, state: TaxpayerIDFieldState(cpfState),
                usesColour: true, columns: 0, cursorRow: 0, rowsUsed: 1, language: language)
            #expect(old.bytes == new.bytes)
        }
    }

    @Test("the reason in Portuguese, on a plain line too")
    func portuguese() {
        let plain = PromptRenderer.plainLine(
            label: "", text: "11.111.111/1111-11", caret: 18, state: .invalid(.cnpj(.repeatedDigits)), blanking: 0,
            language: .portuguese)
        #expect(
            String(decoding: plain.bytes, as: UTF8.self).hasPrefix("\r11.111.111/1111-11 ✗ os 14 dígitos são iguais"))
    }

    @Test("as a view of a CPF/CNPJ model: redrawn as the mask switches at the 12th character")
    func drawsTheSwitch() {
        let model = TaxpayerIDFieldViewModel(text: "39053344705")
        var drawn: [String] = []
        let renderer = PromptRenderer(viewModel: model, label: "", usesColour: false) {
            drawn.append(String(decoding: $0, as: UTF8.self))
        }
        renderer.drawIfNeeded()
        model.insert("1")
        renderer.drawIfNeeded()
        model.deleteBackward()
        renderer.drawIfNeeded()
        #expect(
            drawn == [
                "\r390.533.447-05 ✓\u{1B}[K\r\u{1B}[14C",
                "\r39.053.344/7051\u{1B}[K\r\u{1B}[15C",
                "\r390.533.447-05 ✓\u{1B}[K\r\u{1B}[14C",
            ])
    }
}

@Suite("PromptRenderer: dumb terminals and wide characters")
struct PromptRendererPlainTests {
    @Test("a plain line: CR, the line, blanks over the old one, CR, the line up to the caret; never ESC")
    func plainLine() {
        let first = PromptRenderer.plainLine(
            label: "CPF:", text: "390.5", caret: 5, state: .incomplete(digitCount: 4), blanking: 0)
        #expect(String(decoding: first.bytes, as: UTF8.self) == "\rCPF: 390.5\rCPF: 390.5")
        #expect(first.width == 10)
        let shorter = PromptRenderer.plainLine(
            label: "CPF:", text: "390", caret: 1, state: .incomplete(digitCount: 3), blanking: 10)
        #expect(String(decoding: shorter.bytes, as: UTF8.self) == "\rCPF: 390  \rCPF: 3")
        #expect(!shorter.bytes.contains(0x1B))
    }

    @Test(
        "display width: wide characters and emoji take 2 columns, combining marks none",
        arguments: [
            ("CPF:", 4), ("名前:", 5), ("🙂", 2), ("e\u{301}", 1), ("Número", 6), ("ｆｕｌｌ", 8),
        ])
    func displayWidth(_ text: String, _ width: Int) {
        #expect(PromptRenderer.displayWidth(text) == width)
    }

    @Test("the cursor column counts the label's display width")
    func wideLabelColumn() {
        let line = String(
            decoding: PromptRenderer.line(
                label: "名前:", text: "3", caret: 1, state: .incomplete(digitCount: 1), usesColour: false), as: UTF8.self)
        #expect(line.hasSuffix("\r\u{1B}[7C"))
    }
}
