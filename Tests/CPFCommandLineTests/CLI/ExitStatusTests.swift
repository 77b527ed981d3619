// Tests of CLI/ExitStatus.swift: the process's exit statuses.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("ExitStatus")
struct ExitStatusTests {
    @Test func theStatusesAreZeroOneAndTwo() {
        #expect(ExitStatus.success.rawValue == 0)
        #expect(ExitStatus.failure.rawValue == 1)
        #expect(ExitStatus.error.rawValue == 2)
    }

    @Test func aConditionIsSuccessOrFailure() {
        #expect(ExitStatus(succeeded: true) == .success)
        #expect(ExitStatus(succeeded: false) == .failure)
    }
}
