// Tests of ObservationToken.swift: a binding lasts as long as its token.

import CPFTextField
import Testing

@Suite("ObservationToken")
struct ObservationTokenTests {
    @Test("cancel ends a binding; cancelling twice does nothing")
    func cancel() {
        let box = ObservableBox(0)
        let seen = Recorder<Int>()
        let kept = Recorder<Int>()
        let token = box.bind(seen.record)
        let other = box.bind(kept.record)
        #expect(!token.isCancelled)
        #expect(box.observerCount == 2)
        box.value = 1
        token.cancel()
        #expect(token.isCancelled)
        #expect(box.observerCount == 1)
        box.value = 2
        token.cancel()
        #expect(seen.values == [1])
        #expect(kept.values == [1, 2])
        _ = other
    }

    @Test("releasing the token ends the binding")
    func releasingTheToken() {
        let box = ObservableBox(0)
        let seen = Recorder<Int>()
        do {
            let token = box.bind(seen.record)
            box.value = 1
            withExtendedLifetime(token) {}  // `_ = token` would not keep it: -O releases it at once
        }
        #expect(box.observerCount == 0)
        box.value = 2
        #expect(seen.values == [1])
    }

    @Test("tokens stored in an array keep their bindings until the array goes")
    func storeIn() {
        let box = ObservableBox(0)
        let seen = Recorder<Int>()
        var tokens: [ObservationToken] = []
        box.bind(seen.record).store(in: &tokens)
        box.bindAndFire(seen.record).store(in: &tokens)
        #expect(tokens.count == 2)
        box.value = 5
        tokens = []
        box.value = 6
        #expect(seen.values == [0, 5, 5])
    }

    @Test("a token outliving its box can still be cancelled and released")
    func tokenOutlivesBox() {
        var box: ObservableBox<Int>? = ObservableBox(0)
        let token = box!.bind { _ in }
        let gone = WeakReference(box)
        box = nil
        #expect(gone.object == nil)
        token.cancel()
        #expect(token.isCancelled)
    }
}
