// Tests of ChildProcess.swift.

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("ChildProcess")
struct ChildProcessTests {
    /// Everything the child printed.
    func readAll(_ descriptor: FileDescriptor) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try descriptor.read(into: buffer)
            if count == 0 { return bytes }
            bytes += buffer.prefix(count)
        }
    }

    @Test func theChildReadsItsInputAndGetsItsArgumentsWithoutAShell() throws {
        try withFileDescriptor(containing: Array("from the file\n".utf8)) { input in
            let shell = try #require(ChildProcess.find("sh", searchPath: "/usr/bin:/bin"))
            let child = try ChildProcess(
                program: shell, arguments: ["sh", "-c", "cat; echo \"$1 $2\"", "sh", "a b", "$HOME"], input: input)
            let printed = try readAll(child.output)
            child.output.close()
            #expect(String(decoding: printed, as: UTF8.self) == "from the file\na b $HOME\n")
            #expect(try child.wait() == .exited(0))
        }
    }

    @Test func theStatusAndTheSignalThatEndedItAreKept() throws {
        try withFileDescriptor(containing: []) { input in
            let shell = try #require(ChildProcess.find("sh", searchPath: "/usr/bin:/bin"))
            let failing = try ChildProcess(program: shell, arguments: ["sh", "-c", "exit 7"], input: input)
            failing.output.close()
            #expect(try failing.wait() == .exited(7))
            let killed = try ChildProcess(program: shell, arguments: ["sh", "-c", "kill -TERM $$"], input: input)
            killed.output.close()
            #expect(try killed.wait() == .signalled(15))
        }
    }

    @Test func aProgramThatCannotRunIsAnError() {
        _ = withFileDescriptor(containing: []) { input in
            #expect(throws: Errno.self) {
                _ = try ChildProcess(program: "/nonexistent/program", arguments: ["x"], input: input)
            }
        }
    }

    @Test func programsAreFoundInThePathAsExecvpFindsThem() {
        #expect(ChildProcess.find("sh", searchPath: "/nonexistent:/bin") == "/bin/sh")
        #expect(ChildProcess.find("./local", searchPath: "/bin") == "./local")
        #expect(ChildProcess.find("no-such-program-here", searchPath: "/bin:/usr/bin") == nil)
        #expect(ChildProcess.find("", searchPath: "/bin") == nil)
        // A directory is not a program.
        #expect(ChildProcess.find("bin", searchPath: "/") == nil)
    }

    @Test("sets the variables asked for over cpf's own, and can discard the child's standard error")
    func environmentAndErrors() throws {
        try withFileDescriptor(containing: []) { input in
            let shell = try #require(ChildProcess.find("sh", searchPath: "/usr/bin:/bin"))
            let child = try ChildProcess(
                program: shell, arguments: ["sh", "-c", "echo \"$OMP_THREAD_LIMIT $CPF_TEST_B\"; echo noise >&2"],
                input: input, setting: ["OMP_THREAD_LIMIT=1", "CPF_TEST_B=b=c"], discardsErrors: true)
            let printed = try readAll(child.output)
            child.output.close()
            #expect(String(decoding: printed, as: UTF8.self) == "1 b=c\n")
            #expect(try child.wait() == .exited(0))
            // cpf's own environment is still there: PATH reaches the child.
            let inherits = try ChildProcess(
                program: shell, arguments: ["sh", "-c", "test -n \"$PATH\""], input: input, setting: ["X=1"])
            inherits.output.close()
            #expect(try inherits.wait() == .exited(0))
        }
    }
}
