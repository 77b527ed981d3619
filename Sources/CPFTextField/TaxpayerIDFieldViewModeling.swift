/// What a view sees of a "CPF/CNPJ" field's model: the text, the caret and
/// the state in observable boxes, and the user's intents.
///
/// The counterpart of ``CPFFieldViewModeling`` for a field that takes a CNPJ
/// too: a view is handed a model conforming to it (such as
/// ``TaxpayerIDFieldViewModel``), never creates one, and binds to its boxes.
///
/// ```swift
/// final class DocumentFieldView {
///     let viewModel: any TaxpayerIDFieldViewModeling
///     private var tokens: [ObservationToken] = []
///
///     init(viewModel: any TaxpayerIDFieldViewModeling) {
///         self.viewModel = viewModel
///         tokens = [
///             viewModel.text.bindAndFire { print("text", $0) },
///             viewModel.state.bind { print("state", $0) },   // .incomplete(kind: .cnpj, …) …
///         ]
///     }
/// }
/// ```
public protocol TaxpayerIDFieldViewModeling: MaskedFieldViewModeling where State == TaxpayerIDFieldState {}
