// Tests of TaxpayerIDFieldView.swift: a view of a CPF/CNPJ field
// handed its model, bound to its boxes.

import CPFKit
import CPFTextField
import Testing

@Suite("TaxpayerIDFieldView")
struct TaxpayerIDFieldViewTests {
    final class LinesView: TaxpayerIDFieldView {
        let viewModel: any TaxpayerIDFieldViewModeling
        private(set) var lines: [String] = []
        var tokens: [ObservationToken] = []

        init(viewModel: any TaxpayerIDFieldViewModeling) {
            self.viewModel = viewModel
            tokens = bindViewModel()
        }

        func display(text: String, caret: Int, state: TaxpayerIDFieldState) {
            let mark = state.isComplete ? (state.taxpayerID == nil ? " ✗" : " ✓") : ""
            lines.append("\(state.kind.name) \(text)|\(caret)\(mark)")
        }
    }

    @Test("the view draws at once, then after each change, always with a consistent model")
    func drawsChanges() {
        let model = TaxpayerIDFieldViewModel(text: "12.ABC.345/01DE-3")
        let view = LinesView(viewModel: model)
        model.insert("6")
        model.deleteBackward()
        model.insert("5")
        #expect(
            view.lines == [
                "CNPJ 12.ABC.345/01DE-3|17",
                "CNPJ 12.ABC.345/01DE-36|18 ✗", "CNPJ 12.ABC.345/01DE-36|18 ✗", "CNPJ 12.ABC.345/01DE-36|18 ✗",
                "CNPJ 12.ABC.345/01DE-3|17", "CNPJ 12.ABC.345/01DE-3|17", "CNPJ 12.ABC.345/01DE-3|17",
                "CNPJ 12.ABC.345/01DE-35|18 ✓", "CNPJ 12.ABC.345/01DE-35|18 ✓", "CNPJ 12.ABC.345/01DE-35|18 ✓",
            ])
    }

    @Test("a released view leaves no binding behind")
    func releasedView() {
        let model = TaxpayerIDFieldViewModel()
        var view: LinesView? = LinesView(viewModel: model)
        weak let released = view
        view = nil
        #expect(released == nil)
        model.insert("1")  // no view to call
    }
}
