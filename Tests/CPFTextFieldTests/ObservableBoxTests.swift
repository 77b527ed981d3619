// Tests of ObservableBox.swift: the observable box and its bindings.

import CPFTextField
import Testing

/// Collects what observers were called with.
final class Recorder<Value> {
    var values: [Value] = []
    func record(_ value: Value) { values.append(value) }
}

/// A weak reference, to see an object go.
final class WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}

@Suite("ObservableBox")
struct ObservableBoxTests {
    @Test("bind does not call back at once, then calls back on every change")
    func bindCallsBackOnChanges() {
        let box = ObservableBox(1)
        let seen = Recorder<Int>()
        let token = box.bind(seen.record)
        #expect(seen.values == [])
        box.value = 2
        box.value = 3
        #expect(seen.values == [2, 3])
        #expect(box.value == 3)
        withExtendedLifetime(token) {}  // `_ = token` would not keep it: -O releases it at once
    }

    @Test("setting an equal value still calls back: every set is a change to report")
    func equalValuesAreReported() {
        let box = ObservableBox("a")
        let seen = Recorder<String>()
        let token = box.bind(seen.record)
        box.value = "a"
        #expect(seen.values == ["a"])
        withExtendedLifetime(token) {}  // `_ = token` would not keep it: -O releases it at once
    }

    @Test("bindAndFire calls back at once with the current value, then on every change")
    func bindAndFireCallsBackAtOnce() {
        let box = ObservableBox("390")
        let seen = Recorder<String>()
        let token = box.bindAndFire(seen.record)
        #expect(seen.values == ["390"])
        box.value = "390.5"
        #expect(seen.values == ["390", "390.5"])
        withExtendedLifetime(token) {}  // `_ = token` would not keep it: -O releases it at once
    }

    @Test("observers are called in the order they were bound")
    func order() {
        let box = ObservableBox(0)
        var calls: [String] = []
        let first = box.bind { calls.append("first \($0)") }
        let second = box.bindAndFire { calls.append("second \($0)") }
        let third = box.bind { calls.append("third \($0)") }
        box.value = 1
        #expect(calls == ["second 0", "first 1", "second 1", "third 1"])
        _ = (first, second, third)
    }

    @Test("an observer cancelled by an earlier observer of the same change is not called")
    func cancelDuringNotification() {
        let box = ObservableBox(0)
        var calls: [String] = []
        var second: ObservationToken?
        let first = box.bind { _ in
            calls.append("first")
            second?.cancel()
        }
        second = box.bind { _ in calls.append("second") }
        box.value = 1
        #expect(calls == ["first"])
        _ = first
    }

    @Test("an observer that sets the value again: later observers see the newest value")
    func reentrantSet() {
        let box = ObservableBox(0)
        var seen: [String] = []
        let first = box.bind { value in
            seen.append("first \(value)")
            if value == 1 { box.value = 2 }
        }
        let second = box.bind { seen.append("second \($0)") }
        box.value = 1
        #expect(seen == ["first 1", "first 2", "second 2", "second 2"])
        _ = (first, second)
    }

    @Test("the box does not keep an observer's weakly captured owner alive")
    func weakCapture() {
        final class View {
            var tokens: [ObservationToken] = []
            var shown = ""
        }
        let box = ObservableBox("a")
        var view: View? = View()
        let weakView = WeakReference(view)
        view!.tokens.append(box.bindAndFire { [weak view] in view?.shown = $0 })
        #expect(view?.shown == "a")
        view = nil
        #expect(weakView.object == nil)
        #expect(box.observerCount == 0)
        box.value = "b"
    }
}
