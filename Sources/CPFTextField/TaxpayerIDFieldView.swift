/// A view that shows a "CPF/CNPJ" field: it is handed its model (never
/// creating it), binds to the model's boxes, and draws what they hold. The
/// counterpart of ``CPFFieldView`` for ``TaxpayerIDFieldViewModeling``.
///
/// Take the model in the initializer, keep the tokens of
/// ``bindViewModel()``, and implement ``display(text:caret:state:)``. A
/// main-actor view declares an isolated conformance, as for ``CPFFieldView``.
///
/// ```swift
/// final class PrintingDocumentView: TaxpayerIDFieldView {
///     let viewModel: any TaxpayerIDFieldViewModeling
///     private var tokens: [ObservationToken] = []
///
///     init(viewModel: any TaxpayerIDFieldViewModeling) {
///         self.viewModel = viewModel
///         tokens = bindViewModel()          // draws at once, then after every change
///     }
///
///     func display(text: String, caret: Int, state: TaxpayerIDFieldState) {
///         print(state.kind.name, text, state.isComplete ? (state.taxpayerID == nil ? "✗" : "✓") : "")
///     }
/// }
/// ```
public protocol TaxpayerIDFieldView: AnyObject {
    /// The model this view shows, handed to it.
    var viewModel: any TaxpayerIDFieldViewModeling { get }
    /// Draws the field. Called by the bindings of ``bindViewModel()`` with
    /// the model's current text, caret and state, which are always
    /// consistent with one another.
    func display(text: String, caret: Int, state: TaxpayerIDFieldState)
}

extension TaxpayerIDFieldView {
    /// Binds this view to its model's boxes: ``display(text:caret:state:)``
    /// is called at once and after every change of the text, the caret or
    /// the state. The view is captured weakly.
    ///
    /// ```swift
    /// tokens = bindViewModel()
    /// ```
    ///
    /// - Returns: The tokens that keep the bindings; keep them in the view.
    public func bindViewModel() -> [ObservationToken] {
        viewModel.bindings(of: self, state: viewModel.state) { view, text, caret, state in
            view.display(text: text, caret: caret, state: state)
        }
    }
}
