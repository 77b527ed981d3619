/// A view that shows a CPF field: it is handed its model (never creating
/// it), binds to the model's boxes, and draws what they hold.
///
/// A ``MaskedFieldView`` of ``CPFFieldState``: take the model in the
/// initializer, keep the tokens of ``bindViewModel()``, and implement
/// ``MaskedFieldView/display(text:caret:state:)``.
/// The protocol is not tied to an actor; a main-actor view (a `UIView`, a
/// view controller) declares an isolated conformance,
/// `final class CPFFieldController: UIViewController, @MainActor CPFFieldView`
/// (Swift 6.2), and its model then lives on the main actor too.
///
/// ```swift
/// final class PrintingCPFView: CPFFieldView {
///     let viewModel: any CPFFieldViewModeling
///     private var tokens: [ObservationToken] = []
///
///     init(viewModel: any CPFFieldViewModeling) {
///         self.viewModel = viewModel
///         tokens = bindViewModel()          // draws at once, then after every change
///     }
///
///     func display(text: String, caret: Int, state: CPFFieldState) {
///         print(text, state.isComplete ? (state.cpf == nil ? "✗" : "✓") : "")
///     }
/// }
/// ```
public protocol CPFFieldView: MaskedFieldView where State == CPFFieldState {
    /// The model this view shows, handed to it.
    var viewModel: any CPFFieldViewModeling { get }
}

extension CPFFieldView {
    /// Binds this view to its model (``MaskedFieldView/bind(to:)``):
    /// ``MaskedFieldView/display(text:caret:state:)`` is called at once and
    /// after every change of the text, the caret or the state.
    ///
    /// ```swift
    /// tokens = bindViewModel()
    /// ```
    ///
    /// - Returns: The tokens that keep the bindings; keep them in the view.
    public func bindViewModel() -> [ObservationToken] { bind(to: viewModel) }
}
