/// A view that shows a "CPF/CNPJ" field: it is handed its model (never
/// creating it), binds to the model's boxes, and draws what they hold. The
/// counterpart of ``CPFFieldView`` for ``TaxpayerIDFieldViewModeling``.
///
/// A ``MaskedFieldView`` of ``TaxpayerIDFieldState``, written as a
/// ``CPFFieldView`` is; a main-actor view declares an isolated conformance
/// as it does.
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
public protocol TaxpayerIDFieldView: MaskedFieldView where State == TaxpayerIDFieldState {
    /// The model this view shows, handed to it.
    var viewModel: any TaxpayerIDFieldViewModeling { get }
}

extension TaxpayerIDFieldView {
    /// Binds this view to its model, as ``CPFFieldView/bindViewModel()`` does.
    ///
    /// - Returns: The tokens that keep the bindings; keep them in the view.
    public func bindViewModel() -> [ObservationToken] { bind(to: viewModel) }
}
