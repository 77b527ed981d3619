/// A box holding a value that tells its observers every time the value is set:
/// the binding between a view model and its view, with no framework.
///
/// ```swift
/// let name = Observable("")
/// let token = name.bindAndFire { print("name is now '\($0)'") }   // prints at once: ''
/// name.value = "Ana"                                               // prints 'Ana'
/// token.cancel()                                                   // no more calls
/// ```
///
/// - ``bind(_:)`` calls the observer on every later change;
///   ``bindAndFire(_:)`` also calls it at once with the current value, which
///   is what a view wants to draw its first state.
/// - A binding lasts as long as its ``ObservationToken``: cancel the token or
///   let it go (a view keeps its tokens in a stored property, so its
///   bindings end with it). Observers should capture the view weakly
///   (`[weak self]`): the box holds them strongly.
/// - Observers are called in the order they were bound, on the thread that
///   set the value, with the box's value at the moment of the call (if an
///   observer sets the value again, the later observers see the newest value).
///
/// Not `Sendable`: like the user interface objects it connects, a box lives
/// on one thread (the main thread, in an app).
public final class Observable<Value> {
    private var storage: Value
    private var observers: [(id: Int, observer: (Value) -> Void)] = []
    private var nextID = 0

    /// Makes a box holding `value`.
    ///
    /// ```swift
    /// let caret = Observable(0)
    /// ```
    public init(_ value: Value) {
        storage = value
    }

    /// The value; setting it calls every observer, even when the new value
    /// equals the old one.
    ///
    /// ```swift
    /// let count = Observable(1)
    /// count.value += 1   // observers are called with 2
    /// ```
    public var value: Value {
        get { storage }
        set {
            storage = newValue
            notify()
        }
    }

    /// How many bindings are in force.
    ///
    /// ```swift
    /// let box = Observable(0)
    /// let token = box.bind { _ in }
    /// box.observerCount   // 1
    /// ```
    public var observerCount: Int { observers.count }

    /// Calls `observer` with the new value every time the value is set, until
    /// the returned token is cancelled or released.
    ///
    /// ```swift
    /// let text = Observable("")
    /// let token = text.bind { print($0) }
    /// text.value = "390"   // prints 390
    /// ```
    ///
    /// - Returns: The token that keeps the binding; keep it as long as the binding should last.
    public func bind(_ observer: @escaping (Value) -> Void) -> ObservationToken {
        let id = nextID
        nextID += 1
        observers.append((id, observer))
        return ObservationToken { [weak self] in
            self?.observers.removeAll { $0.id == id }
        }
    }

    /// Like ``bind(_:)``, and also calls `observer` at once with the current value.
    ///
    /// ```swift
    /// let text = Observable("390")
    /// let token = text.bindAndFire { label.text = $0 }   // label shows 390 at once
    /// ```
    ///
    /// - Returns: The token that keeps the binding.
    public func bindAndFire(_ observer: @escaping (Value) -> Void) -> ObservationToken {
        let token = bind(observer)
        observer(storage)
        return token
    }

    /// Sets the value without telling the observers yet; ``notify()`` tells
    /// them. A view model uses the pair to change several boxes before any
    /// observer looks, so that each observer sees a consistent model.
    internal func setWithoutNotifying(_ value: Value) {
        storage = value
    }

    /// Calls the observers with the current value. An observer whose binding
    /// was cancelled by an earlier observer of the same round is not called.
    internal func notify() {
        let round = observers
        for (id, observer) in round where observers.contains(where: { $0.id == id }) {
            observer(storage)
        }
    }
}

@available(*, unavailable, message: "an Observable belongs to one thread, as the user interface it binds")
extension Observable: Sendable {}

/// Keeps one binding of an ``Observable`` in force: the binding ends when
/// the token is cancelled or released.
///
/// ```swift
/// final class NameLabel {
///     private var tokens: [ObservationToken] = []
///     init(name: Observable<String>) {
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
