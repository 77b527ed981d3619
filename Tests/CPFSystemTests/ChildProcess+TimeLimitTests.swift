// Tests of ChildProcess+TimeLimit.swift: a child's output read whole, and a
// child killed past its time or size limit. No test sleeps: the clock is the
// test's, or the limit is the only wait.

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("ChildProcess time limit")
struct ChildProcessTimeLimitTests {
    static func shell() throws -> RawText {
        try #require(ChildProcess.find("sh", searchPath: "/usr/bin:/bin"))
    }

    @Test("reads a child's whole output and how it ended")
    func wholeOutput() throws {
        try withFileDescriptor(containing: Array("input\n".utf8)) { input in
            let child = try ChildProcess(
                program: try Self.shell(), arguments: ["sh", "-c", "cat; head -c 100000 /dev/zero; exit 3"],
                input: input)
            guard case .ended(let output, let ending) = try child.readAll(timeLimit: 600) else {
                Issue.record("killed")
                return
            }
            #expect(output.count == 6 + 100_000)
            #expect(output.prefix(6) == Array("input\n".utf8)[...])
            #expect(ending == .exited(3))
        }
    }

    @Test("kills a child still running when the test's clock passes the limit")
    func killedByTheClock() throws {
        try withFileDescriptor(containing: []) { input in
            let child = try ChildProcess(
                program: try Self.shell(), arguments: ["sh", "-c", "exec sleep 600"], input: input)
            var now = 0.0
            // Each reading of the clock is 10 s later: the 5 s limit is past at the first look.
            let outcome = try child.readAll(timeLimit: 5) {
                now += 10
                return now
            }
            #expect(outcome == .killed(timedOut: true))
        }
    }

    @Test("kills a program that sleeps once its time limit has passed")
    func killedByTheSystemClock() throws {
        try withFileDescriptor(containing: []) { input in
            let child = try ChildProcess(
                program: try Self.shell(), arguments: ["sh", "-c", "echo started; exec sleep 600"], input: input)
            let start = system_monotonicSeconds()
            #expect(try child.readAll(timeLimit: 0.2) == .killed(timedOut: true))
            // Killed, not waited for to its end.
            #expect(system_monotonicSeconds() - start < 300)
        }
    }

    @Test("kills a child printing more than the size limit")
    func killedBySize() throws {
        try withFileDescriptor(containing: []) { input in
            let child = try ChildProcess(
                program: try Self.shell(), arguments: ["sh", "-c", "exec cat /dev/zero"], input: input)
            #expect(try child.readAll(timeLimit: 600, limit: 1 << 20) == .killed(timedOut: false))
        }
    }
}
