// Reliability, end to end: every command that reads input, against the
// hazards of real data (binary junk, NUL, invalid UTF-8, BOM, CRLF, a missing
// final newline, empty input, a 1 GiB line) and of real environments (missing,
// directory and unreadable inputs, a closed pipe, a full disk).

import CPFKit
import CPFTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("reliability of every command that reads input")
struct ReliabilityEndToEndTests {
    /// The commands that read lines, with whether they keep one output line per input line.
    static let lineCommands: [[String]] = [["check"], ["check", "--json"], ["format"], ["strip"], ["complete"]]
    static let rewriters: [[String]] = [["format"], ["strip"], ["complete"], ["format", "--partial"]]

    static func randomBytes(count: Int, seed: UInt64) -> Data {
        var random = SplitMix64(seed: seed)
        return Data(
            (0..<count).map { _ in
                // Plenty of NULs, newlines and CRs among arbitrary bytes.
                switch random.next() % 8 {
                case 0: 0
                case 1: 0x0A
                case 2: 0x0D
                default: UInt8(truncatingIfNeeded: random.next())
                }
            })
    }

    static func temporaryFile(_ contents: Data) throws -> String {
        let path = NSTemporaryDirectory() + "cpf-reliability-\(UUID().uuidString)"
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("random binary input, NULs and invalid UTF-8 never crash; exit 0 or 1", arguments: lineCommands)
    func binaryInput(command: [String]) {
        for seed in UInt64(1)...5 {
            let result = run(command, stdin: Self.randomBytes(count: 50_000, seed: seed))
            #expect(result.status == 0 || result.status == 1, "\(command) seed \(seed): \(result.stderr.prefix(200))")
        }
    }

    @Test("rewriters keep one output line per input line on binary input", arguments: rewriters)
    func rewritersKeepLines(command: [String]) {
        let input = Self.randomBytes(count: 50_000, seed: 9)
        let result = run(command, stdin: input)
        let inputLines =
            input.split(separator: 0x0A, omittingEmptySubsequences: false).count - (input.last == 0x0A ? 1 : 0)
        let outputLines = result.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).count - 1
        #expect(outputLines == inputLines)
        #expect(result.status == 1)
    }

    @Test("--json stays valid JSON, one object per line, for binary input")
    func jsonOfBinary() throws {
        let input = Self.randomBytes(count: 100_000, seed: 4)
        let result = run(["check", "--json"], stdin: input)
        let lines = result.stdout.split(separator: 0x0A)
        #expect(
            lines.count == input.split(separator: 0x0A, omittingEmptySubsequences: false).count
                - (input.last == 0x0A ? 1 : 0))
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line)) is [String: Any])
        }
    }

    @Test(
        "empty input: nothing to do, exit 0, no output",
        arguments: [["format"], ["strip"], ["complete"], ["check", "--json"], ["check", "--valid"]])
    func emptyInput(command: [String]) {
        let result = run(command, stdin: Data())
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "a BOM at the start is not checked but copied, CRLF is kept, and a last line without a newline counts",
        arguments: [
            (["format"], "390.533.447-05\r\n231.002.999-81\n"),
            (["strip"], "39053344705\r\n23100299981\n"),
            (["check", "--valid"], "39053344705\r\n231.002.999-81\n"),
        ])
    func bomCRLFAndLastLine(command: [String], expected: String) {
        var input = Data([0xEF, 0xBB, 0xBF])
        input.append(Data("39053344705\r\n231.002.999-81".utf8))
        let result = run(command, stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout.text == "\u{FEFF}" + expected)
    }

    @Test("complete: a BOM is not checked but copied, CRLF kept, a last line without newline counts")
    func completeBOM() {
        var input = Data([0xEF, 0xBB, 0xBF])
        input.append(Data("390533447\r\n231002999".utf8))
        let result = run(["complete"], stdin: input)
        #expect(result.stdout.text == "\u{FEFF}39053344705\r\n23100299981\n")
    }

    @Test(
        "missing, directory and unreadable inputs: cpf: NAME: reason, the other inputs still read, exit 2",
        arguments: [["check"], ["format"], ["strip"], ["complete"]])
    func badInputs(command: [String]) throws {
        let good = try Self.temporaryFile(Data((command == ["complete"] ? "390533447\n" : "390.533.447-05\n").utf8))
        defer { unlink(good) }
        let directory = NSTemporaryDirectory()
        // Reading /proc/self/mem at offset 0 fails with EIO even for root,
        // for whom chmod 000 would not make a file unreadable.
        let unreadable = "/proc/self/mem"
        let missing = "/nonexistent/cpfs.txt"
        let result = run(command + ["-i", missing, "-i", directory, "-i", unreadable, "-i", good])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cpf: \(missing): No such file or directory"))
        #expect(result.stderr.contains("cpf: \(directory): Is a directory"))
        #expect(result.stderr.contains("cpf: \(unreadable): Input/output error"))
        // The good input after the bad ones was still processed.
        if command == ["check"] {
            #expect(result.stderr.contains("cpf: 1 checked, 1 valid, 0 invalid"))
        } else {
            #expect(!result.stdout.isEmpty)
        }
    }

    @Test(
        "a full disk: cpf: … on stderr and exit 2, for every command",
        arguments: [
            ["check", "--valid"], ["check", "--json"], ["format"], ["strip"], ["complete"],
            ["generate", "-n", "100000"], ["info", "39053344705"],
        ])
    func fullDisk(command: [String]) throws {
        let input = command.first == "complete" ? "390533447\n" : "390.533.447-05\n"
        let path = try Self.temporaryFile(Data(String(repeating: input, count: 20_000).utf8))
        defer { unlink(path) }
        let outcome = launch(command, stdin: .file(path), stdoutPath: "/dev/full")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("cpf: standard output: No space left on device"))
    }

    @Test(
        "a closed pipe downstream ends the command at once, quietly",
        arguments: [
            "check --valid", "check --json", "format", "strip", "complete",
        ])
    func closedPipe(command: String) throws {
        // The input never ends, so the pipeline ends only if cpf stops at the closed pipe; a
        // clock would flake on a loaded machine, the timeout is only the failure's bound.
        let line = command == "complete" ? "390533447" : "390.533.447-05"
        let result = runShell("yes '\(line)' | \"$CPF\" \(command) | head -1", timeout: 600)
        #expect(result.stdout.split(separator: 0x0A).count == 1)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// Whether the `cpf` under test runs under AddressSanitizer, whose
    /// shadow memory makes any binary larger than the 16 MiB bound.
    static var isAddressSanitized: Bool { CPFBinary.isAddressSanitized }

    /// The size of the huge line: 64 MiB for the debug binary of `swift
    /// test` (64 times the read buffer, and quick), 1024 (1 GiB) when
    /// `.ci/run` reruns this suite against the release binary.
    static let hugeLineMiB = Int(ProcessInfo.processInfo.environment["CPF_HUGE_LINE_MIB"] ?? "") ?? 64

    @Test("a huge line (1 GiB in CI): judged in bounded memory (at most 16 MiB), and the next lines still checked")
    func hugeLine() throws {
        // One huge line of digits, then a valid CPF and junk.
        let mebibytes = Self.hugeLineMiB
        let path = NSTemporaryDirectory() + "cpf-one-gib-line-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { unlink(path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let chunk = Data(repeating: UInt8(ascii: "7"), count: 1 << 20)
        for _ in 0..<mebibytes { handle.write(chunk) }
        handle.write(Data("\n390.533.447-05\nabc\n".utf8))
        try handle.close()

        for command in [
            ["check", "--json"], ["check", "--invalid"], ["check", "-q"], ["format"], ["strip"], ["complete"],
        ] {
            let discards = command == ["check", "--invalid"] || command == ["complete"]
            let outcome = launch(command, stdin: .file(path), stdoutPath: discards ? "/dev/null" : nil, timeout: 120)
            #expect(outcome.signal == nil, "\(command)")
            #expect(outcome.status == 1, "\(command)")
            #expect(outcome.maxResidentKiB > 0)
            if !Self.isAddressSanitized {
                #expect(outcome.maxResidentKiB <= 16 * 1024, "\(command): peak \(outcome.maxResidentKiB) KiB")
            }
            switch command {
            case ["check", "--json"]:
                let lines = outcome.stdout.split(separator: 0x0A).map {
                    try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
                }
                #expect(lines.count == 3)
                #expect(lines.first??["reason"] as? String == "length")
                #expect(lines.first??["message"] as? String == "\(mebibytes << 20) digits, expected 11")
                #expect(lines.dropFirst().first??["valid"] as? Bool == true)
                #expect(lines.last??["reason"] as? String == "invalid-character")
            case ["format"], ["strip"]:
                // The huge line passes through whole; the CPF after it is rewritten.
                let rewritten = command == ["format"] ? "\n390.533.447-05\nabc\n" : "\n39053344705\nabc\n"
                #expect(outcome.stdout.count == (mebibytes << 20) + rewritten.utf8.count)
                #expect(outcome.stdout.suffix(rewritten.utf8.count).text == rewritten)
            default:
                break
            }
        }
    }
}

/// The second round of reliability (issue 13): hostile environments and
/// hostile arguments.
@Suite("reliability, second round: hostile environments and arguments")
struct HostileReliabilityEndToEndTests {
    /// A line longer than the 1 MiB read buffer that is still a valid CPF
    /// (2 MiB of leading spaces), so its first pieces wait in the temporary
    /// file, then a short valid line.
    static let longValidLine: Data = {
        var data = Data(repeating: UInt8(ascii: " "), count: 2 << 20)
        data.append(Data("39053344705\n39053344705\n".utf8))
        return data
    }()

    @Test("standard output closed: the write error is reported, exit 2 (the temporary file never takes descriptor 1)")
    func closedStandardOutput() throws {
        let directory = TemporaryDirectory()
        let input = directory.file("in.txt", Self.longValidLine)
        let result = runShell("\"$CPF\" check --valid < '\(input)' >&-")
        #expect(result.status == 2)
        #expect(result.stderr == "cpf: standard output: Bad file descriptor\n")
    }

    @Test("standard error closed: diagnostics never go into the temporary file, nor into standard output")
    func closedStandardError() throws {
        let directory = TemporaryDirectory()
        let input = directory.file("in.txt", Self.longValidLine + Data("bad\n".utf8))
        let result = runShell("\"$CPF\" format < '\(input)' 2>&-")
        #expect(result.status == 1)
        #expect(result.stdout.text == "390.533.447-05\n390.533.447-05\nbad\n")
    }

    @Test(
        "--delimiter refuses a digit, '.', '-' and a space, which would cut the CPF itself",
        arguments: ["5", ".", "-", " "])
    func delimiterThatCutsTheCPF(delimiter: String) {
        let result = run(["check", "--field", "2", "--delimiter", delimiter], stdin: Data("a.390.533.447-05\n".utf8))
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "cpf: invalid value '\(delimiter)' for '--delimiter': expected one ASCII character other than"))
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "every write(2) of a full buffer ends at a record boundary: no half JSON object or CSV row is ever out",
        .needsStrace,
        arguments: [
            ["check", "--json"], ["check", "--csv"], ["check", "--csv", "--field", "2"], ["format"],
            ["find", "--json"],
        ])
    func recordAlignedWrites(command: [String]) throws {
        let strace = try #require(HostileReliabilityEndToEndTests.strace)
        let directory = TemporaryDirectory()
        // CSV records whose quoted field holds a line feed, for --field.
        let line = command.contains("--field") ? "x,\"390.533.447-05\n\",y\n" : "cpf 390.533.447-06 e 390.533.447-05\n"
        let input = directory.file("in.txt", String(repeating: line, count: 20_000))
        let log = directory.path("writes.log")
        let result = runShell(
            """
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" '\(strace)' -f -o '\(log)' -e trace=write -e signal=none "$CPF" \(command.joined(separator: " ")) < '\(input)'
            """)
        #expect(result.stdout.count > 1 << 19)
        let sizes = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { line -> Int? in
            // Every thread's writes (-f), each line after the thread's number.
            let call = line.drop { $0.isNumber || $0 == " " }
            guard call.hasPrefix("write(1,"), let equals = call.range(of: ") = ", options: .backwards) else {
                return nil
            }
            return Int(call[equals.upperBound...])
        }
        #expect(sizes.count > 2)
        #expect(sizes.reduce(0, +) == result.stdout.count)
        var offset = 0
        let records =
            command.contains("--field")
            ? Set(
                result.stdout.indices.filter { index in
                    // Where a CSV record ends: a line feed after which a new row starts.
                    result.stdout[index] == 0x0A
                        && (index + 1 == result.stdout.endIndex || result.stdout[index + 1] == UInt8(ascii: "-"))
                }) : nil
        for size in sizes {
            offset += size
            #expect(result.stdout[offset - 1] == 0x0A, "a write ends mid-line at \(offset)")
            if let records { #expect(records.contains(offset - 1), "a write ends inside a CSV record at \(offset)") }
        }
    }

    @Test("a non-blocking standard output that fills up is waited for, not an error")
    func nonBlockingStandardOutput() throws {
        try #require(CPFBinary.isPresent, Comment(rawValue: CPFBinary.missingMessage))
        let (readEnd, writeEnd) = makePipe()
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let (errorRead, errorWrite) = makePipe()
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let pid = spawnCPF(["generate", "-n", "200000"], stdin: null, stdout: writeEnd, stderr: errorWrite)
        close(null)
        close(writeEnd)
        close(errorWrite)
        // Poll (at most 30 s) until the pipe is full: cpf has then met EAGAIN and must wait, not fail.
        #if os(Linux)
            let capacity = fcntl(readEnd, 1032)  // F_GETPIPE_SZ, not exported to Swift
        #else
            let capacity: CInt = 16_384  // the smallest pipe buffer macOS gives
        #endif
        let deadline = Date().addingTimeInterval(30)
        var queued: CInt = 0
        while Date() < deadline {
            guard ioctl(readEnd, UInt(FIONREAD), &queued) == 0, queued < capacity else { break }
            usleep(1_000)
        }
        #expect(queued >= capacity)
        let output = readToEnd(readEnd)
        close(readEnd)
        let errors = String(decoding: readToEnd(errorRead), as: UTF8.self)
        close(errorRead)
        let (status, signal, _) = waitForExit(pid, timeout: 30)
        #expect(signal == nil)
        #expect(status == 0)
        #expect(errors == "")
        #expect(output.count == 200_000 * 12)
    }

    @Test(
        "with SIGPIPE blocked, a closed pipe downstream ends cpf quietly with status 0 (not 'Broken pipe', 2)",
        arguments: [
            ["generate", "-n", "10000000"], ["check", "--json"],
        ])
    func closedPipeWithSIGPIPEBlocked(command: [String]) throws {
        try #require(CPFBinary.isPresent, Comment(rawValue: CPFBinary.missingMessage))
        let directory = TemporaryDirectory()
        let input = directory.file("in.txt", String(repeating: "390.533.447-05\n", count: 400_000))
        let (readEnd, writeEnd) = makePipe()
        let (errorRead, errorWrite) = makePipe()
        let inputFD = open(input, O_RDONLY | O_CLOEXEC)
        var pid = pid_t()
        let spawned = spawnProcess(
            &pid, CPFBinary.path, command, descriptors: (inputFD, writeEnd, errorWrite), blocking: [SIGPIPE])
        close(inputFD)
        close(writeEnd)
        close(errorWrite)
        try #require(spawned == 0)
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) } > 0)
        close(readEnd)  // like head: read a little, then go away
        let (status, signal, timedOut) = waitForExit(pid, timeout: 10)
        let errors = String(decoding: readToEnd(errorRead), as: UTF8.self)
        close(errorRead)
        #expect(!timedOut)
        #expect(signal == nil)
        #expect(status == 0)
        #expect(errors == "")
    }

    @Test("standard input closed: reading it fails with a message, exit 2")
    func closedStandardInput() {
        let result = runShell("\"$CPF\" check <&-")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: standard input: Bad file descriptor\n"))
    }

    /// The strace executable, which `.ci/run` installs (and fails without).
    /// Under AddressSanitizer, LeakSanitizer cannot run under ptrace and
    /// would end the traced `cpf` with status 1: the traced runs turn it off.
    static let strace: String? = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "a read error inside a line longer than 1 MiB ends that line: one output line per input line",
        .needsStrace,
        arguments: [
            ["format"], ["strip"], ["complete"], ["check", "--json"],
        ])
    func readErrorInsideALongLine(command: [String]) throws {
        let strace = try #require(Self.strace)
        let directory = TemporaryDirectory()
        // 3 MiB of spaces, then a CPF: the reader delivers its first 1 MiB, and
        // the second read of this file (and only of it: -P) fails with EIO.
        var big = Data(repeating: UInt8(ascii: " "), count: 3 << 20)
        big.append(Data("39053344705\n".utf8))
        let bigPath = directory.file("big.txt", big)
        let small = directory.file("small.txt", command == ["complete"] ? "390533447\nabc\n" : "39053344705\nabc\n")
        let words = command.joined(separator: " ")
        let result = runShell(
            """
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" '\(strace)' -f -o /dev/null -P '\(bigPath)' -e trace=read -e inject=read:error=EIO:when=2 \
                "$CPF" \(words) -i '\(bigPath)' -i '\(small)'
            """)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cpf: \(bigPath): Input/output error\n"))
        // The cut line (its first 1 MiB), then the two lines of the next input.
        let lines = result.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3, "\(lines.map(\.count))")
        #expect(lines.first?.count == (command == ["check", "--json"] ? lines.first?.count : 1 << 20))
        #expect(lines.last.map { String(decoding: $0, as: UTF8.self) }?.contains("abc") == true)
        if command == ["check", "--json"] {
            let records = jsonObjects(result.stdout)
            #expect(records.map { $0["line"] as? Int } == [1, 1, 2])
            #expect(records.map { $0["source"] as? String } == [bigPath, small, small])
        }
    }

    @Test(
        """
        a read error in a large file redacted on two threads: the chunks before it written in order, the error \
        reported
        """,
        .needsStrace
    )
    func readErrorInALargeFileOnTwoThreads() throws {
        let strace = try #require(Self.strace)
        let directory = TemporaryDirectory()
        // 3 MiB of lines with CPFs: twelve chunks of 256 KiB, read with
        // pread64 by both threads. strace counts each thread's calls apart:
        // a thread's sixth pread64 fails with EIO. The main thread's first
        // calls are the dynamic loader's (none in the static binary, four in
        // the sanitized release build), then one reads the first 4 KiB that
        // tell plain text from gzip or UTF-16, so its first chunk may be the
        // one that fails: at least one chunk, read by the other thread, comes
        // before it.
        let line = "cliente 390.533.447-05 pedido 12345 cpf 52998224725 ok\n"
        let bigPath = directory.file("big.txt", String(repeating: line, count: (3 << 20) / line.utf8.count))
        let whole = run(["redact", "--threads", "1", bigPath]).stdout
        let result = runShell(
            """
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" '\(strace)' -f -o /dev/null -e trace=pread64 -e inject=pread64:error=EIO:when=6 \
                "$CPF" redact --threads 2 '\(bigPath)'
            """)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cpf: \(bigPath): Input/output error\n"))
        let written = result.stdout
        #expect(
            written.count >= 1 << 18 && written.count < whole.count && written.count % (1 << 18) == 0,
            "\(written.count) bytes")
        #expect(whole.prefix(written.count) == written)
    }
}

@Suite("reliability, second round: the input file is the output file")
struct SameFileReliabilityEndToEndTests {
    /// About 300 KiB of lines with a CPF each: more than the output buffer,
    /// so a command that read its own output would never reach the end.
    static let contents = String(repeating: "cliente 390.533.447-05 ok\n", count: 12_000)

    @Test(
        "cpf: FILE: input file is output file, the file left as it was, exit 2",
        arguments: [
            "redact f >> f", "find f >> f", "format -i f >> f", "check --valid -i f >> f", "strip -i f >> f",
            "redact < f >> f", "redact g f >> f",
        ])
    func refused(command: String) {
        let directory = TemporaryDirectory()
        let path = directory.file("f", Self.contents)
        directory.file("g", "390.533.447-05\n")
        let result = runShell("cd '\(directory.url.path)' && timeout 20 \"$CPF\" \(command)")
        let name = command.contains("<") ? "standard input" : "f"
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: \(name): input file is output file\n"), "\(result.stderr.prefix(300))")
        let after = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        if command == "redact g f >> f" {
            // The other input is still copied.
            #expect(after == Data((Self.contents + "***.***.***-**\n").utf8))
        } else {
            #expect(after.count == Self.contents.utf8.count)
        }
    }

    @Test("the same file is fine when standard output is another file, /dev/null or a pipe")
    func otherOutputs() {
        let directory = TemporaryDirectory()
        directory.file("f", Self.contents)
        let result = runShell(
            """
            cd '\(directory.url.path)' && "$CPF" redact f > g && "$CPF" redact f > /dev/null && "$CPF" redact f | wc -l
            """)
        #expect(result.status == 0)
        #expect(result.stdout.text.trimmingCharacters(in: .whitespacesAndNewlines) == "12000")
        #expect(result.stderr == "")
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where strace is installed (it injects the errors
    /// and records the writes these tests check); skipped, saying so,
    /// elsewhere. `.ci/run` installs it and fails without it.
    static var needsStrace: Self {
        .enabled(if: HostileReliabilityEndToEndTests.strace != nil, "strace is missing (.ci/run installs it)")
    }
}
