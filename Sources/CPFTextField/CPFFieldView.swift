/// A view that shows a CPF field: it is handed its model (never creating
/// it), binds to the model's boxes, and draws what they hold.
///
/// Take the model in the initializer, keep the tokens of
/// ``bindViewModel()``, and implement ``display(text:caret:state:)``.
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
public protocol CPFFieldView: AnyObject {
    /// The model this view shows, handed to it.
    var viewModel: any CPFFieldViewModeling { get }
    /// Draws the field. Called by the bindings of ``bindViewModel()`` with
    /// the model's current text, caret and state, which are always
    /// consistent with one another.
    func display(text: String, caret: Int, state: CPFFieldState)
}

extension CPFFieldView {
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
