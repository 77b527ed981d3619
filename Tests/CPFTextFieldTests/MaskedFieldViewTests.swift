// Tests of MaskedFieldView.swift: a view of any masked field, bound to the
// boxes of a model of its state; here a field of rules the library does not
// have (PINRules, in MaskedFieldViewModelTests).

import CPFKit
import CPFTextField
import Testing

@Suite("MaskedFieldView")
struct MaskedFieldViewTests {
    /// A view of a PIN field that records what it is asked to display.
    final class PINView: MaskedFieldView {
        let viewModel: MaskedFieldViewModel<PINRules>
        private var tokens: [ObservationToken] = []
        var shown: [String] = []

        init(viewModel: MaskedFieldViewModel<PINRules>) {
            self.viewModel = viewModel
            tokens = bind(to: viewModel)
        }

        func display(text: String, caret: Int, state: PINRules.State) {
            shown.append("\(text)|\(caret)|\(state.validCharacters ?? (state.isComplete ? "✗" : "…"))")
        }
    }

    @Test("a view of a field of its own rules is drawn at once and after each change of any box")
    func displaysAnyField() {
        let model = MaskedFieldViewModel(rules: PINRules())
        let view = PINView(viewModel: model)
        #expect(view.shown == ["|0|…"])
        view.shown = []
        model.insert("123")
        model.shown(by: view, is: Array(repeating: "12-3|4|…", count: 3))
        model.insert("4")
        model.shown(by: view, is: Array(repeating: "12-34|5|1234", count: 3))
        model.moveToStart()
        model.shown(by: view, is: ["12-34|0|1234"])
    }

    @Test("a CPF view binds to a model of the same state through the same protocol")
    func cpfViewIsAMaskedFieldView() {
        final class View: MaskedFieldView {
            var shown: [CPFFieldState] = []
            func display(text: String, caret: Int, state: CPFFieldState) { shown.append(state) }
        }
        let view = View()
        let model: any CPFFieldViewModeling = CPFFieldViewModel(text: "390.533.447-05")
        let tokens = view.bind(to: model)
        #expect(view.shown.count == 1 && view.shown[0].cpf?.digits == "39053344705")
        withExtendedLifetime(tokens) {}
    }

    @Test("a released view or model leaves no binding that fires")
    func releasedView() {
        let model = MaskedFieldViewModel(rules: PINRules())
        var view: PINView? = PINView(viewModel: model)
        let weakView = WeakReference(view)
        view = nil
        #expect(weakView.object == nil)
        #expect(model.text.observerCount == 0 && model.caret.observerCount == 0 && model.state.observerCount == 0)
    }
}

extension MaskedFieldViewModel<PINRules> {
    /// Checks what `view` was shown since the last check, and forgets it.
    fileprivate func shown(
        by view: MaskedFieldViewTests.PINView, is expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(view.shown == expected, sourceLocation: sourceLocation)
        view.shown = []
    }
}
