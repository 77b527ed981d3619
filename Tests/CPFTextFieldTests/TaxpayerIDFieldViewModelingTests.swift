// Tests of TaxpayerIDFieldViewModeling.swift: a view is handed a
// CPF/CNPJ field's model through the protocol and binds to its boxes.

import CPFKit
import CPFTextField
import Testing

@Suite("TaxpayerIDFieldViewModeling")
struct TaxpayerIDFieldViewModelingTests {
    /// A view as the protocol's documentation writes one: handed its model.
    final class LinesView {
        let viewModel: any TaxpayerIDFieldViewModeling
        private(set) var lines: [String] = []
        private var tokens: [ObservationToken] = []

        init(viewModel: any TaxpayerIDFieldViewModeling) {
            self.viewModel = viewModel
            let redraw: (Any) -> Void = { [unowned self] _ in
                let state = self.viewModel.state.value
                lines.append("\(self.viewModel.text.value) \(state.kind.name) \(state.isComplete)")
            }
            tokens = [viewModel.text.bindAndFire(redraw), viewModel.state.bind(redraw)]
        }
    }

    /// A stand-in model, as a view's test would hand it.
    final class ScriptedModel: TaxpayerIDFieldViewModeling {
        let text = ObservableBox("12.ABC")
        let caret = ObservableBox(6)
        let state = ObservableBox(TaxpayerIDFieldState.incomplete(kind: .cnpj, characterCount: 5))
        private(set) var intents: [String] = []
        func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool {
            intents.append("replace \(replacement)")
            return false
        }
        func insert(_ text: String) { intents.append("insert \(text)") }
        func deleteBackward() { intents.append("backspace") }
        func deleteForward() { intents.append("delete") }
        func moveCaret(to offset: Int) { intents.append("caret \(offset)") }
        func moveLeft() { intents.append("left") }
        func moveRight() { intents.append("right") }
        func moveToStart() { intents.append("start") }
        func moveToEnd() { intents.append("end") }
        func accept() -> String? { nil }
    }

    @Test("a view handed the real model draws at once and as the field switches from CPF to CNPJ, always consistent")
    func realModel() {
        let model = TaxpayerIDFieldViewModel(text: "390.533.447-0")
        let view = LinesView(viewModel: model)
        model.insert("5")
        model.insert("1")
        #expect(
            view.lines == [
                "390.533.447-0 CPF false",
                "390.533.447-05 CPF true", "390.533.447-05 CPF true",  // the state is new when the text notifies
                "39.053.344/7051 CNPJ false", "39.053.344/7051 CNPJ false",
            ])
    }

    @Test("a view handed a stand-in draws what it holds, and intents reach the stand-in")
    func standIn() {
        let model = ScriptedModel()
        let view = LinesView(viewModel: model)
        #expect(view.lines == ["12.ABC CNPJ false"])
        view.viewModel.insert("d")
        view.viewModel.deleteBackward()
        #expect(model.intents == ["insert d", "backspace"])
        model.state.value = .invalid(.cnpj(.repeatedDigits))
        #expect(view.lines.last == "12.ABC CNPJ true")
    }
}
