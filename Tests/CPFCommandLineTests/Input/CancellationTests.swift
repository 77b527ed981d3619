// Tests of Input/Cancellation.swift: the end of a run decided below the
// entry point.

import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("Cancellation")
struct CancellationTests {
    @Test func aRunIsNotCancelledUntilSomeoneCancelsIt() {
        let cancellation = Cancellation()
        #expect(!cancellation.isCancelled)
        #expect(cancellation.status == nil)
        cancellation.cancel(with: .error)
        #expect(cancellation.isCancelled)
        #expect(cancellation.status == .error)
    }

    @Test func theFirstStatusWins() {
        let cancellation = Cancellation()
        cancellation.cancel(with: .success)
        cancellation.cancel(with: .error)
        #expect(cancellation.status == .success)
    }

    @Test func threadsMayCancelWhileOthersLook() {
        let cancellation = Cancellation()
        let group = WorkerGroup(parts: 4)
        group.run { part in
            for _ in 0..<1000 { _ = cancellation.isCancelled }
            if part == 2 { cancellation.cancel(with: .error) }
        }
        #expect(cancellation.status == .error)
    }
}
