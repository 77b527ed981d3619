// Tests of System/WholeWrite.swift (a signal arriving during a write is
// tested end to end: LimitsEndToEndTests, killed 200 times).

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("WholeWrite")
struct WholeWriteTests {
    /// Whether `signal` is blocked in the calling thread.
    static func isBlocked(_ signal: Int32) -> Bool {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return sigismember(&mask, signal) == 1
    }

    @Test func theTerminatingSignalsAreHeldBackDuringABlockAndTheMaskIsRestoredAfter() throws {
        WholeWrite.makeReady()
        let before = SignalCleanup.signals.map(Self.isBlocked)
        let during: [Bool] = try WholeWrite.run { () throws(Errno) in SignalCleanup.signals.map(Self.isBlocked) }
        #expect(during.allSatisfy { $0 })
        #expect(SignalCleanup.signals.map(Self.isBlocked) == before)
    }

    @Test func anErrorOfTheWriteStillRestoresTheMask() {
        WholeWrite.makeReady()
        let before = SignalCleanup.signals.map(Self.isBlocked)
        #expect(throws: Errno(rawValue: EIO)) {
            try WholeWrite.run { () throws(Errno) in throw Errno(rawValue: EIO) }
        }
        #expect(SignalCleanup.signals.map(Self.isBlocked) == before)
    }
}
