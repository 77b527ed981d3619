// Tests of Prompt/PromptSession.swift: what the keys of `cpf prompt` do to
// the field's model.

import CPFKit
import CPFSystem
import CPFTestSupport
import CPFTextField
import Testing

@testable import CPFCommandLine

@Suite("PromptSession")
struct PromptSessionTests {
    struct KeyCase: CustomTestStringConvertible, Sendable {
        let text: String
        let caret: Int
        let keys: [Key]
        let expected: String
        let expectedCaret: Int
        let action: PromptSession.Action
        var testDescription: String {
            "'\(text)' caret \(caret), \(keys) → '\(expected)' caret \(expectedCaret), \(action)"
        }
    }

    @Test(
        "keys act on the model; Enter accepts only an acceptable number; Esc and Ctrl-C cancel",
        arguments: [
            KeyCase(text: "", caret: 0, keys: [.text("3905")], expected: "390.5", expectedCaret: 5, action: .proceed),
            KeyCase(text: "", caret: 0, keys: [.text("a3b")], expected: "3", expectedCaret: 1, action: .proceed),
            KeyCase(
                text: "390.5", caret: 5, keys: [.paste("390.533.447-05")], expected: "390.533.447-05",
                expectedCaret: 14, action: .proceed),
            KeyCase(text: "390.5", caret: 4, keys: [.backspace], expected: "395", expectedCaret: 2, action: .proceed),
            KeyCase(text: "390.5", caret: 3, keys: [.delete], expected: "390", expectedCaret: 3, action: .proceed),
            KeyCase(
                text: "390.5", caret: 5, keys: [.left, .text("1")], expected: "390.15", expectedCaret: 5,
                action: .proceed),
            KeyCase(
                text: "390.5", caret: 5, keys: [.home, .right], expected: "390.5", expectedCaret: 1, action: .proceed),
            KeyCase(text: "390.5", caret: 0, keys: [.end], expected: "390.5", expectedCaret: 5, action: .proceed),
            KeyCase(
                text: "390.533.447-05", caret: 14, keys: [.enter], expected: "390.533.447-05", expectedCaret: 14,
                action: .accept("39053344705")),
            KeyCase(
                text: "390.533.447-06", caret: 14, keys: [.enter], expected: "390.533.447-06", expectedCaret: 14,
                action: .proceed),
            KeyCase(
                text: "390.533.447", caret: 11, keys: [.enter], expected: "390.533.447", expectedCaret: 11,
                action: .proceed),
            KeyCase(text: "390", caret: 3, keys: [.escape], expected: "390", expectedCaret: 3, action: .cancel),
            KeyCase(text: "390", caret: 3, keys: [.interrupt], expected: "390", expectedCaret: 3, action: .cancel),
            KeyCase(text: "390", caret: 3, keys: [.suspend], expected: "390", expectedCaret: 3, action: .suspend),
        ])
    func keys(_ c: KeyCase) {
        let model = CPFFieldViewModel(text: c.text)
        model.moveCaret(to: c.caret)
        let session = PromptSession(viewModel: model)
        var action = PromptSession.Action.proceed
        for key in c.keys { action = session.handle(key) }
        #expect(action == c.action)
        #expect(model.text.value == c.expected)
        #expect(model.caret.value == c.expectedCaret)
    }

    @Test("with --allow-invalid, Enter accepts any 11 digits")
    func allowInvalid() {
        let model = CPFFieldViewModel(text: "390.533.447-06", acceptsInvalidNumbers: true)
        #expect(PromptSession(viewModel: model).handle(.enter) == .accept("39053344706"))
    }

    struct DocumentCase: CustomTestStringConvertible, Sendable {
        let accepting: TaxpayerID.Accepted
        let keys: [Key]
        let expected: String
        let action: PromptSession.Action
        var testDescription: String { "\(accepting): \(keys) → '\(expected)', \(action)" }
    }

    @Test(
        "with --document cnpj or any, letter keys are text, upper-cased; Enter accepts the CNPJ's 14 characters",
        arguments: [
            DocumentCase(accepting: .cnpj, keys: [.text("12a")], expected: "12.A", action: .proceed),
            DocumentCase(accepting: .any, keys: [.text("12"), .text("b")], expected: "12.B", action: .proceed),
            DocumentCase(accepting: .cpf, keys: [.text("12ab")], expected: "12", action: .proceed),
            DocumentCase(
                accepting: .cnpj, keys: [.text("12abc34501de35"), .enter], expected: "12.ABC.345/01DE-35",
                action: .accept("12ABC34501DE35")),
            DocumentCase(
                accepting: .any, keys: [.paste("11.222.333/0001-81"), .enter], expected: "11.222.333/0001-81",
                action: .accept("11222333000181")),
            DocumentCase(
                accepting: .any, keys: [.text("390533447051"), .backspace, .enter], expected: "390.533.447-05",
                action: .accept("39053344705")),
            DocumentCase(
                accepting: .any, keys: [.text("12abc34501de36"), .enter], expected: "12.ABC.345/01DE-36",
                action: .proceed),
        ])
    func documentKeys(_ c: DocumentCase) {
        let model = TaxpayerIDFieldViewModel(accepting: c.accepting)
        let session = PromptSession(viewModel: model)
        var action = PromptSession.Action.proceed
        for key in c.keys { action = session.handle(key) }
        #expect(action == c.action)
        #expect(model.text.value == c.expected)
    }

    @Test("with --allow-invalid and --document cnpj, Enter accepts any 14 characters, never fewer")
    func allowInvalidCNPJ() {
        let model = TaxpayerIDFieldViewModel(text: "12.ABC.345/01DE-3", accepting: .cnpj, acceptsInvalidNumbers: true)
        let session = PromptSession(viewModel: model)
        #expect(session.handle(.enter) == .proceed)
        #expect(session.handle(.text("6")) == .proceed)
        #expect(session.handle(.enter) == .accept("12ABC34501DE36"))
    }
}
