// End-to-end tests with lines of 3 MB (longer than cpf's 1 MiB read buffer)
// and with random binary input.

import CPFTestSupport
import Foundation
import Testing

enum BigInput {
    static let size = 3 * 1024 * 1024
    /// 3 MB of `x`, ended by CRLF: invalid (invalid character).
    static let xLine = Data(repeating: UInt8(ascii: "x"), count: size)
    /// 3 MB of spaces and a valid CPF: valid.
    static let spacedCPFLine = Data(repeating: UInt8(ascii: " "), count: size) + Data("390.533.447-05")
    /// 3 MB of digits: invalid (length).
    static let digitLine = Data(repeating: UInt8(ascii: "1"), count: size)

    /// The three long lines, each followed by a normal line.
    static let input: Data =
        xLine + Data("\r\n231.002.999-00\n")
        + spacedCPFLine + Data("\n529.982.247-25\n")
        + digitLine + Data("\nabc\n390.533.447-05")

    /// 64 KiB of an echoed input, then an ellipsis.
    static func echo(_ byte: Character) -> String {
        String(repeating: byte, count: 1 << 16) + "…"
    }

    /// Random bytes, NUL and line ends included; the same on every run.
    static let binary: Data = {
        var generator = SeededGenerator(seed: 0xB1_A2)
        var bytes = [UInt8](repeating: 0, count: 1 << 18)
        for index in bytes.indices {
            switch Int.random(in: 0..<20, using: &generator) {
            case 0: bytes[index] = 0x0A
            case 1: bytes[index] = 0x0D
            case 2: bytes[index] = 0x00
            case 3: bytes[index] = UInt8(ascii: "\"")
            case 4...7: bytes[index] = UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)
            default: bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return Data(bytes)
    }()

    /// The number of lines in `data`, counting a last line without LF.
    static func lineCount(_ data: Data) -> Int {
        let feeds = data.filter { $0 == 0x0A }.count
        return feeds + (data.last == 0x0A || data.isEmpty ? 0 : 1)
    }
}

@Suite("lines of 3 MB and binary input")
struct LargeAndBinaryInputEndToEndTests {
    @Test func reportJudgesLongLinesAndGoesOnWithTheNextLines() {
        let result = run(["check"], stdin: BigInput.input)
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                -:1: '\(BigInput.echo("x"))': invalid character 'x' at position 1
                -:2: '231.002.999-00': check digits should be 81
                -:5: '\(BigInput.echo("1"))': \(BigInput.size) digits, expected 11
                -:6: 'abc': invalid character 'a' at position 1

                """)
        #expect(result.stderr == "cpf: 7 checked, 3 valid, 4 invalid (2 invalid-character, 1 length, 1 check-digits)\n")
        #expect(result.status == 1)
    }

    @Test func validFilterCopiesTheLongValidLineWhole() {
        let result = run(["check", "--valid"], stdin: BigInput.input)
        #expect(result.stdout.count == BigInput.spacedCPFLine.count + 1 + 15 + 15)
        #expect(result.stdout == BigInput.spacedCPFLine + Data("\n529.982.247-25\n390.533.447-05\n"))
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func invalidFilterCopiesTheLongInvalidLinesWhole() {
        let result = run(["check", "--invalid"], stdin: BigInput.input)
        let expected = BigInput.xLine + Data("\r\n231.002.999-00\n") + BigInput.digitLine + Data("\nabc\n")
        #expect(result.stdout.count == expected.count)
        #expect(result.stdout == expected)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func jsonJudgesLongLines() throws {
        let result = run(["check", "--json"], stdin: BigInput.input)
        let objects = jsonObjects(result.stdout)
        try #require(objects.count == 7)
        #expect(objects.map { $0["line"] as? Int } == Array(1...7))
        #expect(objects.map { $0["valid"] as? Bool } == [false, false, true, true, false, false, true])
        #expect(
            objects.map { $0["reason"] as? String } == [
                "invalid-character", "check-digits", nil, nil, "length", "invalid-character", nil,
            ])
        #expect(objects[2]["cpf"] as? String == "39053344705")
    }

    @Test func formatRewritesTheLongValidLineAndPassesTheOthersThrough() {
        let result = run(["format", "--show-values"], stdin: BigInput.input)
        let expected =
            BigInput.xLine + Data("\r\n231.002.999-00\n390.533.447-05\n529.982.247-25\n")
            + BigInput.digitLine + Data("\nabc\n390.533.447-05\n")
        #expect(result.stdout.count == expected.count)
        #expect(result.stdout == expected)
        #expect(
            result.stderr == """
                cpf: -:1: '\(BigInput.echo("x"))': invalid character 'x' at position 1
                cpf: -:5: '\(BigInput.echo("1"))': \(BigInput.size) digits, expected 11
                cpf: -:6: 'abc': invalid character 'a' at position 1
                cpf: 7 read, 4 rewritten, 3 not rewritten

                """)
        #expect(result.status == 1)
    }

    @Test func aLongLineOfSpacesAroundACPFIsValidAtTheEndOfTheInput() {
        let line = BigInput.spacedCPFLine + Data(repeating: UInt8(ascii: " "), count: 1_500_000)
        let result = run(["check", "--valid"], stdin: line)
        #expect(result.stdout == line + Data("\n"))
        #expect(result.status == 0)
    }

    /// CSV records longer than the read buffer: a 1.5 MB header, a quoted
    /// field of 3 MB over two lines before a valid CPF, a CPF quoted after
    /// 1.5 MB of spaces, and 1.5 MB of digits.
    static let longRecords: (input: Data, header: Data, records: [Data]) = {
        let header = Data(repeating: UInt8(ascii: "h"), count: 1_500_000) + Data(",cpf\n")
        let half = Data(repeating: UInt8(ascii: "y"), count: 1_500_000)
        let records = [
            Data("\"") + half + Data("\n") + half + Data("\",390.533.447-05\n"),
            Data("a,231.002.999-00\n"),
            Data("b,\"") + Data(repeating: UInt8(ascii: " "), count: 1_500_000) + Data("390.533.447-05\"\r\n"),
            Data("c,") + Data(repeating: UInt8(ascii: "1"), count: 1_500_000) + Data("\n"),
        ]
        return (records.reduce(header, +), header, records)
    }()

    @Test func longCSVRecordsAreJudgedByTheirField() throws {
        let (input, header, records) = Self.longRecords
        let json = run(["check", "--field", "2", "--header", "--json"], stdin: input)
        let objects = jsonObjects(json.stdout)
        try #require(objects.count == 4)
        #expect(objects.map { $0["line"] as? Int } == [2, 4, 5, 6])
        #expect(objects.map { $0["valid"] as? Bool } == [true, false, true, false])
        #expect(objects.map { $0["reason"] as? String } == [nil, "check-digits", nil, "length"])

        let valid = run(["check", "--field", "2", "--header", "--valid"], stdin: input)
        #expect(valid.stdout == header + records[0] + records[2])
        let invalid = run(["check", "--field", "2", "--header", "--invalid"], stdin: input)
        #expect(invalid.stdout == header + records[1] + records[3])
        #expect(invalid.status == 1)
    }

    /// BUG: the README promises that echoes of an input in error messages
    /// show at most its first 64 KiB followed by `…`, and `check` does so
    /// for every line, but `format` and `strip` echo a line of 64 KiB to
    /// 1 MiB (one that fits in the read buffer) whole on standard error.
    @Test("format and strip echo at most 64 KiB of an input in their reports", arguments: ["format", "strip"])
    func reformatReportsCutLongEchoes(command: String) {
        let line = String(repeating: "x", count: 100_000)
        let result = run([command], stdin: Data(line + "\n"))
        #expect(result.stdout == Data(line + "\n"))
        #expect(result.status == 1)
        let expected =
            "cpf: -:1: '\(BigInput.echo("x"))': invalid character 'x' at position 1\n"
            + "cpf: 1 read, 0 rewritten, 1 not rewritten\n"
        let matches = result.stderr == expected
        #expect(
            matches,
            """
            expected \(expected.utf8.count) bytes on standard error, 64 KiB of the input then '…'; \
            got \(result.stderr.utf8.count) bytes ending in \(String(result.stderr.suffix(50)).debugDescription)
            """)
    }

    @Test func checkEchoesAtMost64KiBOfAnInputInItsReport() {
        let line = String(repeating: "x", count: 100_000)
        let result = run(["check"], stdin: Data(line + "\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == "-:1: '\(BigInput.echo("x"))': invalid character 'x' at position 1\n")
        let json = jsonObjects(run(["check", "--json"], stdin: Data(line + "\n")).stdout)
        #expect(json.first?["input"] as? String == BigInput.echo("x"))
    }

    @Test(
        "binary input never crashes",
        arguments: [
            ["check"], ["check", "--valid"], ["check", "--invalid"], ["check", "--csv"], ["check", "-q"],
            ["check", "--field", "2"], ["check", "--field", "1", "--header", "--invalid"],
            ["format"], ["strip"], ["format", "--partial"],
        ])
    func binaryInputDoesNotCrash(arguments: [String]) {
        let outcome = launch(arguments, stdin: .pipe(BigInput.binary))
        #expect(outcome.signal == nil)
        #expect(outcome.status == 0 || outcome.status == 1)
        if arguments == ["format"] || arguments == ["strip"] || arguments == ["format", "--partial"] {
            #expect(BigInput.lineCount(outcome.stdout) == BigInput.lineCount(BigInput.binary))
        }
        if arguments == ["check", "--invalid"] {
            // Everything invalid is copied whole; the random data holds few valid CPFs.
            #expect(outcome.stdout.count <= BigInput.binary.count + 1)
            #expect(outcome.stdout.count > BigInput.binary.count / 2)
        }
    }

    @Test func binaryInputGivesValidJSONForEveryLine() {
        let outcome = launch(["check", "--json"], stdin: .pipe(BigInput.binary))
        #expect(outcome.signal == nil)
        #expect(outcome.status == 1)
        let objects = jsonObjects(outcome.stdout)
        #expect(objects.count == BigInput.lineCount(BigInput.binary))
        #expect(objects.map { $0["line"] as? Int } == Array(1...objects.count))
    }

    @Test func validPlusInvalidIsTheWholeBinaryInput() {
        // Every line lands in exactly one of the two filters.
        let valid = run(["check", "--valid"], stdin: BigInput.binary)
        let invalid = run(["check", "--invalid"], stdin: BigInput.binary)
        #expect(
            BigInput.lineCount(valid.stdout) + BigInput.lineCount(invalid.stdout) == BigInput.lineCount(BigInput.binary)
        )
        #expect(
            valid.stdout.count + invalid.stdout.count == BigInput.binary.count + (BigInput.binary.last == 0x0A ? 0 : 1))
    }
}

/// The temporary file that holds the first pieces of a long undecided line:
/// made in `$TMPDIR`, and when it cannot be made or written, that line is
/// reported and copied through unchanged (left out by `pseudonymize`), the
/// other lines go on, and the run exits 2.
@Suite("long lines when no temporary file can be made")
struct SpillFileEndToEndTests {
    static let missing = "/nonexistent-cpf-tmpdir"
    /// 2 MiB of spaces then a number with wrong check digits: undecided
    /// until its last bytes, so its first pieces must wait.
    static let spacedWrong = Data(repeating: UInt8(ascii: " "), count: 2 << 20) + Data("39053344706".utf8)
    static let input = spacedWrong + Data("\n39053344705\nbad\n".utf8)
    static let message = "cannot hold this long line in a temporary file in \(missing) (No such file or directory)"

    /// Whether two outputs are the same bytes; a Bool, so that a failure
    /// does not make the test library diff megabytes.
    static func same(_ output: Data, _ expected: Data) -> Bool {
        output == expected
    }

    /// Runs `cpf ARGUMENTS < input` with TMPDIR set to `tmpdir`.
    static func run(_ arguments: String, tmpdir: String = missing, stdin: Data = input) -> (
        status: Int32, stdout: Data, stderr: String
    ) {
        let directory = TemporaryDirectory()
        let file = directory.file("in.txt", stdin)
        return runShell("TMPDIR='\(tmpdir)' \"$CPF\" \(arguments) < '\(file)'")
    }

    @Test("check --valid: the long line is copied unchecked and reported, the next lines are checked, exit 2")
    func filter() {
        let result = Self.run("check --valid")
        #expect(result.status == 2)
        #expect(Self.same(result.stdout, Self.spacedWrong + Data("\n39053344705\n".utf8)))
        #expect(result.stderr == "cpf: -:1: \(Self.message): passed through unchecked\n")
        // With a folder that exists, the long line is judged: not copied.
        let directory = TemporaryDirectory()
        let judged = Self.run("check --valid", tmpdir: directory.url.path)
        #expect(judged.status == 1)
        #expect(Self.same(judged.stdout, Data("39053344705\n".utf8)))
    }

    @Test("format, strip, complete: the long line goes out unchanged and reported, the others are rewritten, exit 2")
    func rewriters() {
        let format = Self.run("format")
        #expect(format.status == 2)
        #expect(Self.same(format.stdout, Self.spacedWrong + Data("\n390.533.447-05\nbad\n".utf8)))
        #expect(
            format.stderr
                == """
                cpf: -:1: \(Self.message): passed through unchecked\ncpf: -:3: 'bad': invalid character 'b' at \
                position 1\ncpf: 3 read, 2 rewritten, 1 not rewritten\n
                """
        )
        let strip = Self.run("strip")
        #expect(strip.status == 2)
        #expect(Self.same(strip.stdout, Self.spacedWrong + Data("\n39053344705\nbad\n".utf8)))
        let spacedBase = Data(repeating: UInt8(ascii: " "), count: 2 << 20) + Data("390533447".utf8)
        let complete = Self.run("complete", stdin: spacedBase + Data("\n390533447\n".utf8))
        #expect(complete.status == 2)
        #expect(Self.same(complete.stdout, spacedBase + Data("\n39053344705\n".utf8)))
        #expect(complete.stderr == "cpf: -:1: \(Self.message): passed through unchecked\n")
    }

    @Test("format --field: a long field that cannot be held is copied unchanged and reported, exit 2")
    func field() {
        let record = Data("a,".utf8) + Self.spacedWrong + Data(",z\nb,39053344705,z\n".utf8)
        let result = Self.run("format --field 2", stdin: record)
        #expect(result.status == 2)
        #expect(Self.same(result.stdout, Data("a,".utf8) + Self.spacedWrong + Data(",z\nb,390.533.447-05,z\n".utf8)))
        #expect(
            result.stderr
                == "cpf: -:1: \(Self.message): passed through unchecked\ncpf: 2 read, 1 rewritten, 1 not rewritten\n")
    }

    @Test(
        """
        pseudonymize never copies what it could not check: the long line is left out and reported; a long valid \
        one is still pseudonymized
        """
    )
    func pseudonymize() {
        let directory = TemporaryDirectory()
        let key = directory.file("key", PseudonymizeEndToEndTests.keyHex + "\n")
        chmod(key, 0o600)
        let result = Self.run("pseudonymize --key-file '\(key)'")
        #expect(result.status == 2)
        #expect(Self.same(result.stdout, Data("\n48533184026\nbad\n".utf8)))
        #expect(
            result.stderr.hasSuffix(
                "cpf: -:1: \(Self.message): left out\ncpf: -:3: 'bad': invalid character 'b' at position 1\n"
                    + "cpf: 3 read, 1 rewritten, 2 not rewritten\n"))
        #expect(!result.stderr.contains("39053344706"))
        let valid = Self.run(
            "pseudonymize --key-file '\(key)'",
            stdin: Data(repeating: UInt8(ascii: " "), count: 2 << 20) + Data("39053344705\n".utf8))
        #expect(valid.status == 0)
        #expect(Self.same(valid.stdout, Data("48533184026\n".utf8)))
    }

    @Test("a full disk under the temporary file (ENOSPC injected) is handled the same way", .needsStrace)
    func fullDisk() throws {
        let strace = try #require(HostileReliabilityEndToEndTests.strace)
        let directory = TemporaryDirectory()
        let file = directory.file("in.txt", Self.input)
        let result = runShell(
            """
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" TMPDIR='\(directory.url.path)' '\(strace)' -f -o /dev/null \\
                -e trace=pwrite64 -e inject=pwrite64:error=ENOSPC "$CPF" format < '\(file)'
            """)
        #expect(result.status == 2)
        #expect(Self.same(result.stdout, Self.spacedWrong + Data("\n390.533.447-05\nbad\n".utf8)))
        #expect(
            result.stderr.hasPrefix(
                """
                cpf: -:1: cannot hold this long line in a temporary file in \(directory.url.path) (No space left \
                on device): passed through unchecked\n
                """
            ))
    }
}
