/// A view that shows a masked field, whatever number it holds: it is given
/// the model's text, caret and ``MaskedFieldState`` to draw, and binds to
/// the boxes of a model of that state.
///
/// ``CPFFieldView`` and ``TaxpayerIDFieldView`` are this protocol for the
/// library's two fields, each with the model it is handed. A view of a
/// field of one's own rules (a ``MaskedFieldViewModel`` of other
/// ``MaskedFieldRules``) conforms to it directly.
///
/// ```swift
/// final class PINView: MaskedFieldView {
///     let viewModel: MaskedFieldViewModel<PINRules>
///     private var tokens: [ObservationToken] = []
///
///     init(viewModel: MaskedFieldViewModel<PINRules>) {
///         self.viewModel = viewModel
///         tokens = bind(to: viewModel)   // draws at once, then after every change
///     }
///
///     func display(text: String, caret: Int, state: PINRules.State) { print(text, state.isComplete) }
/// }
/// ```
public protocol MaskedFieldView: AnyObject {
    /// The state of the fields this view shows.
    associatedtype State: MaskedFieldState

    /// Draws the field. Called by the bindings of ``bind(to:)`` with the
    /// model's current text, caret and state, which are always consistent
    /// with one another.
    func display(text: String, caret: Int, state: State)
}

extension MaskedFieldView {
    /// Binds this view to `model`'s boxes: ``display(text:caret:state:)`` is
    /// called at once and after every change of the text, the caret or the
    /// state, with their current values. The view and the model are
    /// captured weakly.
    ///
    /// ```swift
    /// tokens = bind(to: viewModel)
    /// ```
    ///
    /// - Returns: The tokens that keep the bindings; keep them in the view.
    public func bind(to model: some MaskedFieldViewModeling<State>) -> [ObservationToken] {
        let redisplay: (Any) -> Void = { [weak self, weak model] _ in
            guard let self, let model else { return }
            display(text: model.text.value, caret: model.caret.value, state: model.state.value)
        }
        return [model.text.bindAndFire(redisplay), model.caret.bind(redisplay), model.state.bind(redisplay)]
    }
}
