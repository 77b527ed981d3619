/// A box holding a value that tells its observers every time the value is set:
/// the binding between a view model and its view, with no framework.
///
/// ```swift
/// let name = ObservableBox("")
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
public final class ObservableBox<Value> {
    private var storage: Value
    private var observers: [(id: Int, observer: (Value) -> Void)] = []
    private var nextID = 0

    /// Makes a box holding `value`.
    ///
    /// ```swift
    /// let caret = ObservableBox(0)
    /// ```
    public init(_ value: Value) {
        storage = value
    }

    /// The value; setting it calls every observer, even when the new value
    /// equals the old one.
    ///
    /// ```swift
    /// let count = ObservableBox(1)
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
    /// let box = ObservableBox(0)
    /// let token = box.bind { _ in }
    /// box.observerCount   // 1
    /// ```
    public var observerCount: Int { observers.count }

    /// Calls `observer` with the new value every time the value is set, until
    /// the returned token is cancelled or released.
    ///
    /// ```swift
    /// let text = ObservableBox("")
    /// let token = text.bind { print($0) }
    /// text.value = "390"   // prints 390
    /// ```
    ///
    /// - Returns: The token that keeps the binding; keep it as long as the binding should last, in a
    ///   stored property: a local constant that is not used again may be released at once in an
    ///   optimized build, and `_ = token` is no use.
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
    /// let text = ObservableBox("390")
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

@available(*, unavailable, message: "an ObservableBox belongs to one thread, as the user interface it binds")
extension ObservableBox: Sendable {}
