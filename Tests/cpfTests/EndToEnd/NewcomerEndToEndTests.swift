// End-to-end tests of what a new user runs into first: the examples of the
// help, a file name given as a CPF, a mistyped command, hints, choices in any
// case, suggestions of `info`.

import CPFTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@Suite("a new user's first commands")
struct NewcomerEndToEndTests {
    @Test func everyExampleOfCheckHelpWorks() throws {
        let directory = TemporaryDirectory()
        _ = directory.file("customers.csv", "id,cpf\n1,390.533.447-05\n2,\"529.982.247-25\"\n")
        _ = directory.file("cpfs.txt", "390.533.447-05\nx\n")
        let help = String(decoding: run(["help", "check"]).stdout, as: UTF8.self)
        let examples = help.components(separatedBy: "\n").filter { $0.hasPrefix("  cpf check") }
        try #require(examples.count >= 3)
        for example in examples {
            let command = example.trimmingCharacters(in: .whitespaces).dropFirst(4)
                .replacingOccurrences(of: "cpf check", with: "check")
            let outcome = runShell("cd '\(directory.url.path)' && \"$CPF\" \(command)")
            #expect(outcome.status != 2, "\(example): \(outcome.stderr)")
        }
    }

    @Test func aFileNameGivenAsACPFGetsAHint() {
        let directory = TemporaryDirectory()
        let path = directory.file("cpfs.txt", "390.533.447-05\n")
        let result = run(["check", path])
        #expect(result.stderr.contains("hint: '\(path)' is a file; to read CPFs from it, use '--input \(path)'"))
        #expect(result.status == 1)
    }

    @Test func helpHelpIsTheOverview() {
        let result = run(["help", "help"])
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("OVERVIEW:"))
        #expect(result.status == 0)
    }

    @Test func completeRefusesARepeatedBaseUnlessAllowed() {
        let refused = run(["complete", "111111111"])
        #expect(refused.stdout == Data("111111111\n"))
        #expect(refused.stderr.contains("repeated digit"))
        #expect(refused.status == 1)
        let allowed = run(["complete", "--allow-repeated", "111111111"])
        #expect(allowed.stdout == Data("11111111111\n"))
        #expect(allowed.status == 0)
    }

    @Test func infoSuggestsAMissingOrExtraDigit() {
        let missing = String(decoding: run(["info", "3905334470"]).stdout, as: UTF8.self)
        #expect(missing.contains("390.533.447-05"))
        let extra = String(decoding: run(["info", "390533447051"]).stdout, as: UTF8.self)
        #expect(extra.contains("Did you mean:  390.533.447-05"))
    }

    @Test func infoStrictExplainsTheShapeNotTheDigitCount() {
        let text = String(decoding: run(["info", "--strict", "390 533 447 05"]).stdout, as: UTF8.self)
        #expect(!text.contains("needs 11 digits"))
        #expect(text.contains("Did you mean:  390.533.447-05"))
    }

    @Test func choicesIgnoreCase() {
        let result = run(["redact", "--style", "LGPD"], stdin: Data("390.533.447-05\n"))
        #expect(result.stdout == Data("***.533.447-**\n"))
        #expect(result.status == 0)
    }

    @Test func aQuoteInAMessageIsShownAsItIs() {
        let result = run(["check", "\"39053344705"])
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("invalid character '\"' at position 1"))
    }

    @Test func checkReadingATerminalSaysSo() throws {
        // A pseudo-terminal, made the Linux way (posix_openpt is not imported).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (the same on every Linux architecture Swift runs on).
        let unlocked = ioctl(master, 0x4004_5431, &unlock) == 0
        let numbered = ioctl(master, 0x8004_5430, &number) == 0
        #expect(unlocked && numbered)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(slave >= 0)
        let (errorsRead, errorsWrite) = makePipe()
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let pid = spawnCPF(["check"], stdin: slave, stdout: null, stderr: errorsWrite)
        close(errorsWrite)
        close(null)
        // The hint comes before anything is typed.
        var request = pollfd(fd: errorsRead, events: Int16(POLLIN), revents: 0)
        #expect(poll(&request, 1, 10_000) == 1)
        var chunk = [UInt8](repeating: 0, count: 512)
        let count = chunk.withUnsafeMutableBytes { read(errorsRead, $0.baseAddress, $0.count) }
        #expect(
            String(decoding: chunk[..<max(count, 0)], as: UTF8.self)
                == "cpf: reading CPFs from the terminal, one per line; Ctrl-D ends\n")
        kill(pid, SIGTERM)
        let exit = waitForExit(pid, timeout: 10)
        #expect(exit.signal == SIGTERM && !exit.timedOut, "cpf did not end on SIGTERM: \(exit)")
        close(slave)
        close(errorsRead)
    }
}
