/// Keeps one binding of an ``ObservableBox`` in force: the binding ends when
/// the token is cancelled or released.
///
/// ```swift
/// final class NameLabel {
///     private var tokens: [ObservationToken] = []
///     init(name: ObservableBox<String>) {
///         name.bindAndFire { [weak self] in self?.show($0) }.store(in: &tokens)
///     }
///     func show(_ name: String) { print(name) }
/// }
/// ```
public final class ObservationToken {
    private var cancellation: (() -> Void)?

    internal init(_ cancellation: @escaping () -> Void) {
        self.cancellation = cancellation
    }

    deinit {
        cancellation?()
    }

    /// Whether the binding has ended.
    ///
    /// ```swift
    /// token.cancel()
    /// token.isCancelled   // true
    /// ```
    public var isCancelled: Bool { cancellation == nil }

    /// Ends the binding: its observer is not called again. Cancelling twice does nothing.
    ///
    /// ```swift
    /// let token = box.bind { print($0) }
    /// token.cancel()
    /// ```
    public func cancel() {
        let cancellation = self.cancellation
        self.cancellation = nil
        cancellation?()
    }

    /// Appends this token to `tokens`, to keep the binding as long as they are kept.
    ///
    /// ```swift
    /// var tokens: [ObservationToken] = []
    /// box.bind { print($0) }.store(in: &tokens)
    /// ```
    public func store(in tokens: inout [ObservationToken]) {
        tokens.append(self)
    }
}

@available(*, unavailable, message: "an ObservationToken belongs to one thread, as the user interface it binds")
extension ObservationToken: Sendable {}
