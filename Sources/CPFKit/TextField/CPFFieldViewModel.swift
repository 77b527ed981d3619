/// What a CPF field holds, as far as validation goes.
///
/// ```swift
/// switch viewModel.state.value {
/// case .incomplete(let digitCount): hint.text = "\(11 - digitCount) digits to go"
/// case .valid(let cpf): hint.text = "✓ \(cpf)"
/// case .invalid(let reason): hint.text = "✗ \(reason)"   // ✗ check digits should be 05
/// }
/// ```
public enum CPFFieldState: Hashable, Sendable {
    /// Fewer than 11 digits so far (0 for an empty field).
    case incomplete(digitCount: Int)
    /// 11 digits making a valid CPF.
    case valid(CPF)
    /// 11 digits that are not a CPF: ``CPFValidationError/checkDigits(expected:)``,
    /// or ``CPFValidationError/repeatedDigits`` unless repeated digits are allowed.
    case invalid(CPFValidationError)

    /// Whether all 11 digits are in (valid or not).
    ///
    /// ```swift
    /// CPFFieldState.incomplete(digitCount: 4).isComplete   // false
    /// ```
    public var isComplete: Bool {
        if case .incomplete = self { return false }
        return true
    }

    /// The CPF, when the field holds a valid one.
    ///
    /// ```swift
    /// if let cpf = viewModel.state.value.cpf { save(cpf) }
    /// ```
    public var cpf: CPF? {
        if case .valid(let cpf) = self { return cpf }
        return nil
    }
}

/// What a view sees of a CPF field's model: the state in observable boxes,
/// and the user's intents.
///
/// A view is handed a model conforming to this protocol (see
/// ``CPFFieldView``) and never creates one, so it can be shown with a test
/// double, and the same model drives a `UITextField`, a SwiftUI view or a
/// terminal (`cpf prompt`).
///
/// ```swift
/// func textField(_ field: UITextField, shouldChangeCharactersIn range: NSRange,
///                replacementString string: String) -> Bool {
///     viewModel.replaceCharacters(in: range.location..<range.location + range.length, with: string)
/// }
/// ```
///
/// Offsets (`caret`, ranges) count UTF-16 code units, as UIKit does; the
/// masked text is ASCII, so they also count characters.
public protocol CPFFieldViewModeling: AnyObject {
    /// The masked text, `DDD.DDD.DDD-DD` as far as the digits go.
    var text: Observable<String> { get }
    /// The caret's offset in `text`, `0...text.value.utf16.count`.
    var caret: Observable<Int> { get }
    /// Incomplete, valid or invalid with the reason.
    var state: Observable<CPFFieldState> { get }

    /// Applies an edit as `shouldChangeCharactersIn(range:replacementString:)`
    /// asks for it, through ``CPFMaskEditor``.
    ///
    /// - Returns: `false`: the model has changed the text itself (its
    ///   bindings set the field's text and caret), so the field must not
    ///   apply the edit again. Return it from the delegate method.
    @discardableResult
    func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool
    /// Inserts typed or pasted text at the caret (only its ASCII digits count).
    func insert(_ text: String)
    /// Backspace: removes the digit before the caret (across a separator).
    func deleteBackward()
    /// Delete: removes the digit after the caret (across a separator).
    func deleteForward()
    /// Puts the caret at `offset` (clamped to the text).
    func moveCaret(to offset: Int)
    /// Moves the caret back over one digit (and the separator before it).
    func moveLeft()
    /// Moves the caret forward over one digit (and the separator before it).
    func moveRight()
    /// Moves the caret to the start.
    func moveToStart()
    /// Moves the caret to the end.
    func moveToEnd()
    /// The 11 bare digits to submit when the field may be accepted (a valid
    /// CPF, or any complete number if the model allows invalid ones); `nil`
    /// otherwise, and nothing changes.
    func accept() -> String?
}

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
        let model = viewModel
        let redisplay: (Any) -> Void = { [weak self, weak model] _ in
            guard let self, let model else { return }
            self.display(text: model.text.value, caret: model.caret.value, state: model.state.value)
        }
        return [
            model.text.bindAndFire(redisplay),
            model.caret.bind(redisplay),
            model.state.bind(redisplay),
        ]
    }
}

/// The model of a CPF text field, for any user interface: masks as the user
/// types (through ``CPFMaskEditor``), keeps the caret, and validates.
///
/// ```swift
/// let viewModel = CPFFieldViewModel()
/// let token = viewModel.state.bind { print($0) }
/// viewModel.insert("39053344705")
/// viewModel.text.value    // "390.533.447-05"
/// viewModel.caret.value   // 14
/// viewModel.state.value   // .valid(390.533.447-05)
/// viewModel.accept()      // "39053344705"
/// ```
///
/// After an edit, all three boxes hold their new values before any observer
/// is called; then the boxes whose value changed notify, in the order text,
/// caret, state. So an observer of any box sees a consistent model.
public final class CPFFieldViewModel: CPFFieldViewModeling {
    /// The field's state; see ``CPFFieldState``.
    public typealias State = CPFFieldState

    public let text: Observable<String>
    public let caret: Observable<Int>
    public let state: Observable<CPFFieldState>

    /// Whether the ten numbers of one repeated digit (`111.111.111-11`…),
    /// which pass the checksum but are never issued, count as valid.
    public let allowsRepeatedDigits: Bool
    /// Whether ``accept()`` takes any complete number, valid or not.
    public let acceptsInvalidNumbers: Bool

    /// Makes the model of a field holding the digits of `text`, masked, the
    /// caret at the end.
    ///
    /// ```swift
    /// let viewModel = CPFFieldViewModel(text: "390533447")   // "390.533.447"
    /// let lenient = CPFFieldViewModel(allowsRepeatedDigits: true, acceptsInvalidNumbers: true)
    /// ```
    ///
    /// - Parameters:
    ///   - text: The initial text; only its first 11 ASCII digits count.
    ///   - allowsRepeatedDigits: Whether `111.111.111-11` and the like are valid.
    ///   - acceptsInvalidNumbers: Whether ``accept()`` takes any 11 digits.
    public init(text: String = "", allowsRepeatedDigits: Bool = false, acceptsInvalidNumbers: Bool = false) {
        self.allowsRepeatedDigits = allowsRepeatedDigits
        self.acceptsInvalidNumbers = acceptsInvalidNumbers
        let masked = CPFMask.apply(to: text)
        self.text = Observable(masked)
        caret = Observable(masked.utf16.count)
        state = Observable(Self.state(of: masked, allowsRepeatedDigits: allowsRepeatedDigits))
    }

    /// The bare digits typed so far.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.5").digits   // "3905"
    /// ```
    public var digits: String {
        String(decoding: text.value.utf8.filter { $0 &- 0x30 < 10 }, as: UTF8.self)
    }

    /// How many digits are in, 0 to 11.
    ///
    /// ```swift
    /// CPFFieldViewModel(text: "390.5").digitCount   // 4
    /// ```
    public var digitCount: Int {
        CPFMaskEditor.digitCount(in: text.value, before: .max)
    }

    /// Applies an edit through ``CPFMaskEditor/edit(_:range:replacement:)``.
    ///
    /// ```swift
    /// viewModel.replaceCharacters(in: 3..<3, with: "5")   // false: the model changed the text
    /// ```
    ///
    /// - Returns: Always `false`, as a text field delegate returns when it
    ///   has changed the text itself.
    @discardableResult
    public func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool {
        apply(CPFMaskEditor.edit(text.value, range: range, replacement: replacement))
        return false
    }

    /// Inserts typed or pasted text at the caret; see ``CPFMaskEditor`` for
    /// the rules (only ASCII digits count, a whole number replaces the field,
    /// 11 digits at most).
    ///
    /// ```swift
    /// viewModel.insert("390.533.447-05")
    /// ```
    public func insert(_ text: String) {
        replaceCharacters(in: caret.value..<caret.value, with: text)
    }

    /// Backspace: removes the digit before the caret; right after a separator,
    /// the digit before the separator.
    ///
    /// ```swift
    /// // "390.5|" → "390|"
    /// viewModel.deleteBackward()
    /// ```
    public func deleteBackward() {
        let caret = caret.value
        guard caret > 0 else { return }
        replaceCharacters(in: caret - 1..<caret, with: "")
    }

    /// Delete: removes the first digit after the caret (skipping a separator).
    ///
    /// ```swift
    /// // "390|.533" → "390|.33"
    /// viewModel.deleteForward()
    /// ```
    public func deleteForward() {
        let caret = caret.value
        var offset = 0
        for unit in text.value.utf16 {
            if offset >= caret, unit &- 0x30 < 10 {
                replaceCharacters(in: caret..<offset + 1, with: "")
                return
            }
            offset += 1
        }
    }

    /// Puts the caret at `offset`, clamped to `0...text.value.utf16.count`.
    ///
    /// ```swift
    /// viewModel.moveCaret(to: 3)
    /// ```
    public func moveCaret(to offset: Int) {
        apply(CPFMaskEditor.Edit(text: text.value, caret: min(max(offset, 0), text.value.utf16.count)))
    }

    /// Moves the caret back over one digit, to just after the digit before it.
    ///
    /// ```swift
    /// // "390.5|" → "390|.5"
    /// viewModel.moveLeft()
    /// ```
    public func moveLeft() {
        let before = CPFMaskEditor.digitCount(in: text.value, before: caret.value)
        let snapped = CPFMask.maskedLength(digitCount: before)
        moveCaret(to: caret.value > snapped ? snapped : CPFMask.maskedLength(digitCount: max(before - 1, 0)))
    }

    /// Moves the caret forward over one digit (and a separator before it).
    ///
    /// ```swift
    /// // "390|.5" → "390.5|"
    /// viewModel.moveRight()
    /// ```
    public func moveRight() {
        let before = CPFMaskEditor.digitCount(in: text.value, before: caret.value)
        guard before < digitCount else { return }
        moveCaret(to: CPFMask.maskedLength(digitCount: before + 1))
    }

    /// Moves the caret to the start of the field.
    ///
    /// ```swift
    /// viewModel.moveToStart()   // caret 0
    /// ```
    public func moveToStart() {
        moveCaret(to: 0)
    }

    /// Moves the caret to the end of the field.
    ///
    /// ```swift
    /// viewModel.moveToEnd()   // caret text.value.utf16.count
    /// ```
    public func moveToEnd() {
        moveCaret(to: text.value.utf16.count)
    }

    /// The 11 bare digits when the field may be accepted: a valid CPF, or,
    /// with ``acceptsInvalidNumbers``, any 11 digits; `nil` otherwise.
    ///
    /// ```swift
    /// if let digits = viewModel.accept() { submit(digits) }
    /// ```
    public func accept() -> String? {
        switch state.value {
        case .valid(let cpf): return cpf.digits
        case .invalid where acceptsInvalidNumbers: return digits
        case .invalid, .incomplete: return nil
        }
    }

    /// Sets all three boxes, then lets those that changed notify.
    private func apply(_ edit: CPFMaskEditor.Edit) {
        let newState = edit.text == text.value
            ? state.value
            : Self.state(of: edit.text, allowsRepeatedDigits: allowsRepeatedDigits)
        let textChanged = edit.text != text.value
        let caretChanged = edit.caret != caret.value
        let stateChanged = newState != state.value
        text.setWithoutNotifying(edit.text)
        caret.setWithoutNotifying(edit.caret)
        state.setWithoutNotifying(newState)
        if textChanged { text.notify() }
        if caretChanged { caret.notify() }
        if stateChanged { state.notify() }
    }

    /// The state of a masked text.
    private static func state(of text: String, allowsRepeatedDigits: Bool) -> CPFFieldState {
        let count = CPFMaskEditor.digitCount(in: text, before: .max)
        guard count == CPFMask.maximumDigitCount else { return .incomplete(digitCount: count) }
        switch text.parsedCPF(options: .init(allowsRepeatedDigits: allowsRepeatedDigits)) {
        case .success(let cpf): return .valid(cpf)
        case .failure(let reason): return .invalid(reason)
        }
    }
}
