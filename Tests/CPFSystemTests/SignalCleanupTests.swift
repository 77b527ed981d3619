// Tests of CPFSystem/SignalCleanup.swift (the handler itself, which ends the
// process, is tested end to end: TreeEndToEndTests, killed during a rewrite).

import CPFTestSupport
import Foundation
import Testing

@testable import CPFSystem

@Suite("SignalCleanup")
struct SignalCleanupTests {
    @Test func claimingASlotInstallsTheHandlers() throws {
        let slot = try #require(SignalCleanup.claimSlot())
        var action = sigaction()
        sigaction(SIGTERM, nil, &action)
        #expect(!system_handlerIsIgnore(action))
        #expect(action.sa_flags & Int32(truncatingIfNeeded: SA_RESETHAND) != 0)
        let directory = TemporaryDirectory()
        slot.hold(Array("cpf-test-never-made".utf8), in: try OpenDirectory(RawText(directory.url.path)))
        slot.release()
    }
}
