// Tests of CPFFieldView.swift: views that are handed a model through the
// CPFFieldViewModeling protocol and bind to its boxes.

import CPFKit
import CPFTextField
import Testing

@Suite("CPFFieldView")
struct CPFFieldViewTests {
    /// A view that records what it is asked to display.
    final class RecordingView: CPFFieldView {
        let viewModel: any CPFFieldViewModeling
        private var tokens: [ObservationToken] = []
        var shown: [String] = []

        init(viewModel: any CPFFieldViewModeling) {
            self.viewModel = viewModel
            tokens = bindViewModel()
        }

        func display(text: String, caret: Int, state: CPFFieldState) {
            shown.append("\(text)|\(caret)|\(state.isComplete ? (state.cpf == nil ? "✗" : "✓") : "…")")
        }
    }

    @Test("a view handed a model displays it at once and after each change, always consistent")
    func viewDisplays() {
        let model = CPFFieldViewModel(text: "390.533.447-0")
        let view = RecordingView(viewModel: model)
        #expect(view.shown == ["390.533.447-0|13|…"])
        view.shown = []
        model.insert("5")
        // One call per box that changed, each with the whole new state.
        #expect(view.shown == Array(repeating: "390.533.447-05|14|✓", count: 3))
        view.shown = []
        model.moveLeft()
        #expect(view.shown == ["390.533.447-05|13|✓"])
    }

    @Test("a released view leaves no binding behind")
    func releasedView() {
        let model = CPFFieldViewModel()
        var view: RecordingView? = RecordingView(viewModel: model)
        let weakView = WeakReference(view)
        #expect(model.text.observerCount == 1)
        view = nil
        #expect(weakView.object == nil)
        #expect(model.text.observerCount == 0)
        #expect(model.caret.observerCount == 0)
        #expect(model.state.observerCount == 0)
        model.insert("3")
    }

    /// A stand-in model: a view works with any model it is handed.
    final class ScriptedModel: CPFFieldViewModeling {
        let text = ObservableBox("123")
        let caret = ObservableBox(1)
        let state = ObservableBox(CPFFieldState.incomplete(digitCount: 3))
        var intents: [String] = []
        func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool {
            intents.append("replace \(range) \(replacement)")
            return false
        }
        func insert(_ text: String) { intents.append("insert \(text)") }
        func deleteBackward() { intents.append("deleteBackward") }
        func deleteForward() { intents.append("deleteForward") }
        func moveCaret(to offset: Int) { intents.append("moveCaret \(offset)") }
        func moveLeft() { intents.append("moveLeft") }
        func moveRight() { intents.append("moveRight") }
        func moveToStart() { intents.append("moveToStart") }
        func moveToEnd() { intents.append("moveToEnd") }
        func accept() -> String? {
            intents.append("accept")
            return nil
        }
    }

    @Test("a view works with any model injected into it, such as a test double")
    func injectedModel() {
        let model = ScriptedModel()
        let view = RecordingView(viewModel: model)
        #expect(view.shown == ["123|1|…"])
        model.caret.value = 2
        #expect(view.shown == ["123|1|…", "123|2|…"])
        view.viewModel.deleteBackward()
        #expect(model.intents == ["deleteBackward"])
    }
}
