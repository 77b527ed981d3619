// End-to-end tests of output that cannot be written: a reader that goes away
// (closed pipe) and a full disk (/dev/full).

import CPFTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@Suite("closed pipe and full disk")
struct OutputFailureEndToEndTests {
    /// About 6 MB of valid CPFs, one per line: 1,000 different ones, 400 times.
    static let manyValidLines: Data = {
        let block = Data((0..<1_000).map { referenceCPF(base: 100_000_000 + $0 * 797_003) + "\n" }.joined())
        var data = Data(capacity: block.count * 400)
        for _ in 0..<400 { data.append(block) }
        return data
    }()

    @Test(arguments: [["check", "--valid"], ["format"], ["check", "--json"], ["find"], ["redact"]])
    func aClosedPipeDownstreamEndsCPFQuietly(arguments: [String]) throws {
        CPFBinary.ignoreSIGPIPE
        try #require(CPFBinary.isPresent, Comment(rawValue: CPFBinary.missingMessage))
        let directory = TemporaryDirectory()
        let input = directory.file("many.txt", Self.manyValidLines)
        let stdinFD = open(input, O_RDONLY | O_CLOEXEC)
        let (stdoutRead, stdoutWrite) = makePipe()
        let (stderrRead, stderrWrite) = makePipe()
        let pid = spawnCPF(arguments, stdin: stdinFD, stdout: stdoutWrite, stderr: stderrWrite)
        close(stdinFD)
        close(stdoutWrite)
        close(stderrWrite)

        // Read a little, like `head -1`, then go away.
        var buffer = [UInt8](repeating: 0, count: 4096)
        let got = buffer.withUnsafeMutableBytes { read(stdoutRead, $0.baseAddress, $0.count) }
        #expect(got > 0)
        close(stdoutRead)

        let started = Date()
        let (status, signal, timedOut) = waitForExit(pid, timeout: 10)
        let stderr = String(decoding: readToEnd(stderrRead), as: UTF8.self)
        close(stderrRead)
        #expect(!timedOut, "cpf went on after its reader closed the pipe")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(
            signal == SIGPIPE || (signal == nil && status != 0),
            "status \(status), signal \(String(describing: signal))")
        #expect(stderr == "", "cpf wrote to standard error: \(stderr)")
    }

    @Test(
        "a full disk is reported and exits 2",
        arguments: [
            ["check", "--valid"], ["check", "--json"], ["check", "--csv"], ["format"], ["strip"], ["find"],
            ["find", "--json"],
            ["redact"], ["redact", "--style", "lgpd"],
        ])
    func fullDisk(arguments: [String]) {
        let outcome = launch(arguments, stdin: .pipe(Data("390.533.447-05\n529.982.247-25\n")), stdoutPath: "/dev/full")
        #expect(outcome.signal == nil)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("cpf: "))
        #expect(outcome.stderr.contains("standard output"))
        #expect(outcome.stderr.contains("No space left on device"))
    }

    @Test(arguments: [["check", "--valid"], ["find"], ["redact"]])
    func aFullDiskWithLargeOutputStopsAtOnce(arguments: [String]) {
        let outcome = launch(arguments, stdin: .pipe(Self.manyValidLines), stdoutPath: "/dev/full", timeout: 20)
        #expect(outcome.signal == nil)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "cpf: standard output: No space left on device\n")
    }

    @Test(
        "a full disk ends a run that reads no input, or an endless one, through the status it returns",
        arguments: [
            #""$CPF" generate -n 999999999"#, #"yes 390.533.447-05 | "$CPF" check --valid"#,
            #"yes 'CPF 390.533.447-05' | "$CPF" find"#, #"yes 'CPF 390.533.447-05' | "$CPF" redact"#,
        ])
    func aFullDiskEndsEveryLoop(command: String) {
        let result = runShell(command + " > /dev/full", timeout: 20)
        #expect(result.status == 2)
        #expect(result.stderr == "cpf: standard output: No space left on device\n")
    }

    @Test func argumentVerdictsToAFullDiskExitTwo() {
        let outcome = launch(["check", "390.533.447-05"], stdin: .nothing, stdoutPath: "/dev/full")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("cpf: standard output: "))
    }

    @Test func helpToAFullDiskExitsTwo() {
        let outcome = launch(["--help"], stdin: .nothing, stdoutPath: "/dev/full")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("cpf: standard output: "))
    }
}
