// End-to-end tests of live output: with its standard input a pipe kept
// open, `cpf` writes what it can for each line before it waits for the next.

import CPFTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A running `cpf` whose standard input is a pipe the test writes to.
private final class LivePipe {
    let pid: pid_t
    let input: Int32
    let output: Int32
    let errors: Int32
    private var pending: [UInt8] = []

    init(_ arguments: [String]) {
        CPFBinary.ignoreSIGPIPE
        let (stdinRead, stdinWrite) = makePipe()
        let (stdoutRead, stdoutWrite) = makePipe()
        let (stderrRead, stderrWrite) = makePipe()
        pid = spawnCPF(arguments, stdin: stdinRead, stdout: stdoutWrite, stderr: stderrWrite)
        close(stdinRead)
        close(stdoutWrite)
        close(stderrWrite)
        input = stdinWrite
        output = stdoutRead
        errors = stderrRead
    }

    func send(_ text: String) {
        writeAllIgnoringEPIPE(input, Data(text))
    }

    /// The next line of standard output (with its LF), or `nil` when none
    /// comes within `timeout` seconds.
    func nextLine(timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[...end], as: UTF8.self)
                pending.removeSubrange(...end)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var request = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    /// Closes standard input and waits for `cpf` to end; returns the rest
    /// of standard output and the exit status.
    func finish() -> (rest: String, status: Int32) {
        close(input)
        let rest = readToEnd(output)
        _ = readToEnd(errors)
        close(output)
        close(errors)
        let outcome = waitForExit(pid, timeout: 30)
        return (String(decoding: pending, as: UTF8.self) + String(decoding: rest, as: UTF8.self), outcome.status)
    }
}

@Suite("Live output")
struct LiveOutputEndToEndTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        /// Lines sent one at a time, each with the output line it must give
        /// before the next is sent.
        let exchanges: [(sent: String, expected: String)]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "each line's output comes out before the pipe is closed",
        arguments: [
            Case(
                arguments: ["redact"],
                exchanges: [
                    ("id 390.533.447-05 ok\n", "id ***.***.***-** ok\n"), ("next line\n", "next line\n"),
                ]),
            Case(
                arguments: ["find"],
                exchanges: [
                    ("a 390.533.447-05\n", "-:1:3: 390.533.447-05\n"), ("b 39053344705\n", "-:2:3: 39053344705\n"),
                ]),
            Case(
                arguments: ["check"],
                exchanges: [
                    ("390.533.447-06\n", "-:1: '390.533.447-06': check digits should be 05\n"),
                    ("x\n", "-:2: 'x': invalid character 'x' at position 1\n"),
                ]),
            Case(
                arguments: ["check", "--valid"],
                exchanges: [
                    ("390.533.447-05\n", "390.533.447-05\n"), ("52998224725\n", "52998224725\n"),
                ]),
            Case(arguments: ["check", "--invalid"], exchanges: [("x\n", "x\n"), ("y\r\n", "y\r\n")]),
            Case(
                arguments: ["check", "--json"],
                exchanges: [
                    (
                        "39053344705\n",
                        #"{"source":"-","line":1,"record":1,"input":"39053344705","valid":true,"cpf":"39053344705"}"#
                            + "\n"
                    )
                ]),
            Case(
                arguments: ["check", "--csv"],
                exchanges: [
                    ("39053344705\n", "source,line,record,input,valid,cpf,reason,message\n"),
                    ("", "-,1,1,39053344705,true,39053344705,,\n"),
                ]),
            Case(
                arguments: ["check", "--annotate"],
                exchanges: [
                    ("39053344705\n", "39053344705,true,\n"), ("1\n", "1,false,length\n"),
                ]),
            Case(
                arguments: ["check", "--field", "2", "--valid"],
                exchanges: [
                    ("a,\"390.533.447-05\"\n", "a,\"390.533.447-05\"\n")
                ]),
            Case(
                arguments: ["format"],
                exchanges: [("39053344705\n", "390.533.447-05\n"), ("52998224725\n", "529.982.247-25\n")]),
            Case(arguments: ["strip"], exchanges: [("390.533.447-05\n", "39053344705\n")]),
            Case(arguments: ["format", "--field", "2"], exchanges: [("a,39053344705,b\n", "a,390.533.447-05,b\n")]),
            Case(
                arguments: ["complete"],
                exchanges: [("390533447\n", "39053344705\n"), ("529982247\n", "52998224725\n")]),
        ])
    func liveLines(_ test: Case) {
        let cpf = LivePipe(test.arguments)
        for (sent, expected) in test.exchanges {
            cpf.send(sent)
            #expect(cpf.nextLine() == expected, "after sending \(sent.debugDescription)")
        }
        let end = cpf.finish()
        #expect(end.status >= 0)
    }

    @Test("pseudonymize writes each line's pseudonym before the pipe is closed")
    func pseudonymizeKeepsUp() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        let cpf = LivePipe(["pseudonymize", "--key-file", key])
        cpf.send("390.533.447-05\n")
        #expect(cpf.nextLine() == "485.331.840-26\n")
        cpf.send("39053344705\n")
        #expect(cpf.nextLine() == "48533184026\n")
        #expect(cpf.finish().status == 0)
        _ = directory
    }

    @Test("redact writes a line at once even when the next one is still to come")
    func redactKeepsUp() {
        let cpf = LivePipe(["redact", "--style", "lgpd"])
        cpf.send("a 390.533.447-05\n")
        #expect(cpf.nextLine() == "a ***.533.447-**\n")
        cpf.send("b")
        let end = cpf.finish()
        #expect(end.rest == "b")
        #expect(end.status == 0)
    }
}
