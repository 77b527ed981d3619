// End-to-end tests of `cpf pseudonymize`, through the built binary.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

@Suite("cpf pseudonymize, end to end")
struct PseudonymizeEndToEndTests {
    /// The key 00 01 … 1f, whose pseudonyms CPFKit's tests pin against an
    /// independent FF1: 390.533.447-05 → 485.331.840-26.
    static let keyHex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

    /// A directory with `key` (mode 0600) in it.
    static func keyed() -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory()
        let key = directory.file("key", keyHex + "\n")
        chmod(key, 0o600)
        return (directory, key)
    }

    @Test("arguments keep their form: masked stays masked, bare stays bare, spaces stay")
    func argumentsKeepTheirForm() {
        let (directory, key) = Self.keyed()
        let result = run([
            "pseudonymize", "--key-file", key, "390.533.447-05", "39053344705", " 390 533 447 05", "390533447-05",
        ])
        #expect(result.stdout == Data("485.331.840-26\n48533184026\n 485 331 840 26\n485331840-26\n"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
        _ = directory
    }

    @Test("--formatted masks every result; --reverse turns pseudonyms back")
    func formattedAndReverse() {
        let (directory, key) = Self.keyed()
        #expect(
            run(["pseudonymize", "--key-file", key, "--formatted", "39053344705"]).stdout == Data("485.331.840-26\n"))
        let back = run(["pseudonymize", "--key-file", key, "--reverse", "485.331.840-26", "48533184026"])
        #expect(back.stdout == Data("390.533.447-05\n39053344705\n"))
        #expect(back.status == 0)
        _ = directory
    }

    @Test("--tweak and --keep-region follow the construction")
    func tweakAndKeepRegion() {
        let (directory, key) = Self.keyed()
        #expect(
            run(["pseudonymize", "--key-file", key, "--tweak", "crm-2025", "39053344705"]).stdout
                == Data("53845152362\n"))
        #expect(
            run(["pseudonymize", "--key-file", key, "--keep-region", "39053344705"]).stdout == Data("48404092770\n"))
        #expect(
            run(["pseudonymize", "--key-file", key, "--keep-region", "--tweak=crm-2025", "--reverse", "89762889711"])
                .stdout
                == Data("39053344705\n"))
        _ = directory
    }

    @Test("lines: one output line per input line, invalid ones reported, hidden when CPF-like, exit 1")
    func lines() {
        let (directory, key) = Self.keyed()
        let input = "390.533.447-05\r\nbad\n\n111.111.111-11\n39053344706\n12345678909"
        let result = run(["pseudonymize", "--key-file", key], stdin: Data(input.utf8))
        let first = run(["pseudonymize", "--key-file", key, "12345678909"]).stdout
        // A last line without a newline gets one, as with format and strip.
        #expect(result.stdout == Data("485.331.840-26\r\nbad\n\n***.***.***-**\n***********\n".utf8) + first)
        #expect(
            result.stderr == """
                cpf: -:2: 'bad': invalid character 'b' at position 1
                cpf: -:3: '': empty
                cpf: -:4: '***.111.111-**': all 11 digits are the same; hidden
                cpf: -:5: '***533447**': check digits should be 05; hidden
                cpf: 6 read, 2 rewritten, 4 not rewritten

                """)
        #expect(result.status == 1)
        _ = directory
    }

    @Test("a round trip through --reverse gives the lines back, byte for byte")
    func roundTrip() {
        let (directory, key) = Self.keyed()
        let cpfs = run(["generate", "--unique", "-n", "3000", "--seed", "4"]).stdout
        let masked = run(["generate", "--unique", "-n", "3000", "--seed", "5", "--formatted"]).stdout
        let input = cpfs + masked
        let there = run(["pseudonymize", "--key-file", key, "--tweak", "t"], stdin: input)
        #expect(there.status == 0)
        let pseudonyms = outputLines(there.stdout)
        #expect(Set(pseudonyms).count == 6000)
        #expect(pseudonyms.allSatisfy { $0.isValidCPF })
        #expect(pseudonyms.prefix(3000).allSatisfy { $0.count == 11 })
        #expect(pseudonyms.suffix(3000).allSatisfy { $0.count == 14 })
        let back = run(["pseudonymize", "--key-file", key, "--tweak", "t", "--reverse"], stdin: there.stdout)
        #expect(back.stdout == input)
        _ = directory
    }

    @Test("--input reads files, reports name them")
    func inputFiles() {
        let (directory, key) = Self.keyed()
        let file = directory.file("a.txt", "39053344705\nx\n")
        let result = run(["pseudonymize", "--key-file", key, "-i", file])
        #expect(result.stdout == Data("48533184026\nx\n"))
        #expect(
            result.stderr
                == "cpf: \(file):2: 'x': invalid character 'x' at position 1\ncpf: 2 read, 1 rewritten, 1 not rewritten\n"
        )
        #expect(result.status == 1)
    }

    // MARK: - Key files

    @Test(
        "key file problems are clear errors, exit 2, nothing on standard output",
        arguments: [
            ("short", "abcd\n", "expected 64 hexadecimal digits (a 256-bit key), found 4 characters"),
            ("long", keyHex + "00\n", "expected 64 hexadecimal digits (a 256-bit key), found 66 characters"),
            ("empty", "", "expected 64 hexadecimal digits (a 256-bit key), found 0 characters"),
            ("nonhex", String(keyHex.dropLast()) + "g\n", "character 64 is not a hexadecimal digit (0-9, a-f)"),
            ("spaced", " " + keyHex, "character 1 is not a hexadecimal digit (0-9, a-f)"),
        ])
    func badKeyFiles(name: String, contents: String, message: String) {
        let directory = TemporaryDirectory()
        let path = directory.file(name, contents)
        chmod(path, 0o600)
        let result = run(["pseudonymize", "--key-file", path, "39053344705"])
        #expect(result.stderr == "cpf: key file '\(path)': \(message)\n")
        #expect(result.stdout.isEmpty)
        #expect(result.status == 2)
    }

    @Test("a missing key file, or none given, exits 2")
    func missingKeyFile() {
        let directory = TemporaryDirectory()
        let missing = run(["pseudonymize", "--key-file", directory.path("none"), "39053344705"])
        #expect(missing.stderr == "cpf: key file '\(directory.path("none"))': No such file or directory\n")
        #expect(missing.status == 2)
        let none = run(["pseudonymize", "39053344705"])
        #expect(none.stderr.hasPrefix("cpf: '--key-file' is required"))
        #expect(none.status == 2)
    }

    @Test("a key without a final newline, or with CRLF, or in capitals, works")
    func keyFileVariants() {
        let directory = TemporaryDirectory()
        for (name, contents) in [
            ("bare", Self.keyHex), ("crlf", Self.keyHex + "\r\n"), ("upper", Self.keyHex.uppercased() + "\n"),
        ] {
            let path = directory.file(name, contents)
            chmod(path, 0o600)
            let result = run(["pseudonymize", "--key-file", path, "39053344705"])
            #expect(result.stdout == Data("48533184026\n"), "\(name)")
            #expect(result.stderr == "", "\(name)")
        }
    }

    @Test("a key file others can read gets a warning, and still works")
    func permissionsWarning() {
        let directory = TemporaryDirectory()
        let path = directory.file("key", Self.keyHex + "\n")
        chmod(path, 0o644)
        let result = run(["pseudonymize", "--key-file", path, "39053344705"])
        #expect(result.stdout == Data("48533184026\n"))
        #expect(
            result.stderr
                == "cpf: warning: key file '\(path)' can be read by others (mode 0644); run 'chmod 600 \(path)'\n")
        #expect(result.status == 0)
    }

    @Test(
        """
        only read permission for the group or others warns: 0700 and 0711 (Spark's addFile) do not, 0640, 0604 \
        and 0644 do
        """,
        arguments: [
            (0o600, false), (0o700, false), (0o711, false), (0o622, false), (0o640, true), (0o604, true), (0o644, true),
        ])
    func permissionsWarningReadBits(mode: Int, warns: Bool) {
        let directory = TemporaryDirectory()
        let path = directory.file("key", Self.keyHex + "\n")
        chmod(path, mode_t(mode))
        let result = run(["pseudonymize", "--key-file", path, "39053344705"])
        #expect(result.stdout == Data("48533184026\n"))
        let octal = String(mode, radix: 8)
        #expect(
            result.stderr
                == (warns
                    ? """
                    cpf: warning: key file '\(path)' can be read by others (mode 0\(octal)); run 'chmod 600 \
                    \(path)'\n
                    """
                    : ""))
        #expect(result.status == 0)
    }

    @Test("a key file that is a FIFO, a device or a folder is refused at once, exit 2, without waiting for a writer")
    func nonRegularKeyFiles() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let folder = directory.path("folder")
        try #require(mkdir(folder, 0o700) == 0)
        for path in [fifo, "/dev/null", "/dev/zero", folder] {
            for command in [
                ["pseudonymize", "--key-file", path, "39053344705"],
                ["redact", "--style", "pseudonym", "--key-file", path],
            ] {
                // A FIFO with no writer would block an open without O_NONBLOCK for ever.
                let result = launch(command, stdin: .pipe(Data("CPF 390.533.447-05\n".utf8)), timeout: 20)
                #expect(!result.timedOut, "\(path)")
                #expect(result.status == 2, "\(path)")
                #expect(result.stdout.isEmpty, "\(path)")
                #expect(
                    result.stderr
                        == """
                        cpf: key file '\(path)': not a regular file (a key is read from a file, never from a pipe \
                        or a device)\n
                        """
                )
            }
        }
    }

    /// A shell line that runs `cpf` under strace, `strace` options first.
    static func underStrace(_ strace: String, _ options: String, _ arguments: String) -> String {
        "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" '\(strace)' -f \(options) \"$CPF\" \(arguments)"
    }

    @Test("--new-key-file on a full disk reports it, exit 2, and leaves no empty key file behind", .needsStrace)
    func newKeyFileOnAFullDisk() throws {
        // strace makes the key's write fail with ENOSPC, as a full disk would.
        let strace = try #require(HostileReliabilityEndToEndTests.strace)
        let directory = TemporaryDirectory()
        let path = directory.path("new.key")
        for injection in ["write:error=ENOSPC", "fsync:error=EIO"] {
            let result = runShell(
                Self.underStrace(
                    strace, "-o /dev/null -P '\(path)' -e inject=\(injection)",
                    "pseudonymize --new-key-file '\(path)'"))
            let reason = injection.hasPrefix("write") ? "No space left on device" : "Input/output error"
            #expect(result.status == 2, "\(injection)")
            #expect(result.stderr == "cpf: cannot create key file '\(path)': \(reason)\n")
            #expect(access(path, F_OK) != 0, "\(injection): a key file was left behind")
        }
        // The name is free for the next try.
        #expect(run(["pseudonymize", "--new-key-file", path]).status == 0)
    }

    @Test("--new-key-file writes the key to the disk (fsync) before it reports success", .needsStrace)
    func newKeyFileIsSynced() throws {
        let strace = try #require(HostileReliabilityEndToEndTests.strace)
        let directory = TemporaryDirectory()
        let path = directory.path("new.key")
        let log = directory.path("log")
        let result = runShell(
            Self.underStrace(
                strace, "-o '\(log)' -P '\(path)' -e trace=write,fsync,fdatasync,close",
                "pseudonymize --new-key-file '\(path)'"))
        #expect(result.status == 0)
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .compactMap { line in ["write(", "fsync(", "fdatasync(", "close("].first { line.contains($0) } }
        #expect(calls == ["write(", "fsync(", "close("] || calls == ["write(", "fdatasync(", "close("], "\(calls)")
    }

    @Test("--new-key-file writes 64 hexadecimal digits and a newline, mode 0600, and never overwrites")
    func newKeyFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("new.key")
        let made = run(["pseudonymize", "--new-key-file", path])
        #expect(made.status == 0)
        #expect(made.stdout.isEmpty)
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        #expect(contents.count == 65 && contents.hasSuffix("\n"))
        #expect(CPFPseudonymizer.Key(hexadecimal: contents.dropLast()) != nil)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        // A second key differs, and an existing file is refused.
        let other = directory.path("other.key")
        run(["pseudonymize", "--new-key-file", other])
        #expect(try String(contentsOfFile: other, encoding: .utf8) != contents)
        let again = run(["pseudonymize", "--new-key-file", path])
        #expect(again.status == 2)
        #expect(again.stderr == "cpf: '\(path)' already exists: a key file is never overwritten\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == contents)
        // The new key works, quietly.
        let used = run(["pseudonymize", "--key-file", path, "39053344705"])
        #expect(used.status == 0)
        #expect(used.stderr == "")
    }

    @Test("--new-key-file takes nothing else")
    func newKeyFileAlone() {
        let directory = TemporaryDirectory()
        let result = run(["pseudonymize", "--new-key-file", directory.path("k"), "--tweak", "x"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: '--new-key-file' cannot be used with '--tweak'"))
    }

    @Test("help explains the command, its exit status and examples")
    func help() {
        let help = String(decoding: run(["help", "pseudonymize"]).stdout, as: UTF8.self)
        for part in [
            "USAGE: cpf pseudonymize", "--key-file <file>", "--new-key-file <file>", "--keep-region", "EXIT STATUS:",
            "EXAMPLES:",
        ] {
            #expect(help.contains(part))
        }
    }

    @Test("help says that a CPF can be its own pseudonym, a fixed point, in both languages")
    func helpSaysFixedPoint() {
        let help = String(decoding: run(["help", "pseudonymize"]).stdout, as: UTF8.self)
        #expect(help.contains("fixed point"))
        #expect(!help.contains("another valid CPF"))
        let portuguese = runShell("LANG=pt_BR.UTF-8 \"$CPF\" help pseudonymize")
        #expect(String(decoding: portuguese.stdout, as: UTF8.self).contains("ponto fixo"))
    }

    @Test("a CPF can be its own pseudonym: with the key 00 01 … 1f, 995.726.505-99 is the one fixed point")
    func fixedPoint() {
        // Found by trying all 10^9 bases with this key and no tweak: the only
        // base that FF1 leaves in place, the ten repeated ones aside.
        let (directory, key) = Self.keyed()
        let result = run(["pseudonymize", "--key-file", key, "995.726.505-99", "99572650599"])
        #expect(result.stdout == Data("995.726.505-99\n99572650599\n".utf8))
        #expect(result.status == 0)
        #expect(
            run(["pseudonymize", "--key-file", key, "--reverse", "99572650599"]).stdout == Data("99572650599\n".utf8))
        // Another tweak is another permutation: it moves.
        #expect(
            run(["pseudonymize", "--key-file", key, "--tweak", "t", "99572650599"]).stdout != Data("99572650599\n".utf8)
        )
        _ = directory
    }

    /// The first eight digits that the key 00 01 … 1f (empty tweak) leaves in
    /// place with --keep-region: found by trying all 10^8 of them (the only
    /// such prefix for this key, 111111111 aside, which is never changed).
    static let fixedPrefix = "67794392"

    @Test("with --keep-region, a fixed point of the eight-digit permutation is its own pseudonym in all ten regions")
    func fixedPointsWithKeepRegion() {
        let (directory, key) = Self.keyed()
        let cpfs = (0...9).map { referenceCPF(base: Int(Self.fixedPrefix + "\($0)")!) }
        let input = Data((cpfs.joined(separator: "\n") + "\n").utf8)
        let regional = run(["pseudonymize", "--key-file", key, "--keep-region"], stdin: input)
        #expect(regional.stdout == input)
        #expect(regional.status == 0)
        #expect(run(["pseudonymize", "--key-file", key, "--keep-region", "--reverse"], stdin: input).stdout == input)
        // Without --keep-region the permutation is another one: these move.
        let whole = outputLines(run(["pseudonymize", "--key-file", key], stdin: input).stdout)
        #expect(zip(whole, cpfs).allSatisfy { $0 != $1 })
        _ = directory
    }

    @Test("--field rewrites one CSV column in place, keeping its form and every other byte, and --reverse undoes it")
    func csvColumn() {
        let (directory, key) = Self.keyed()
        let csv = "nome,cpf,x\r\n\"Silva, Ana\",\"390.533.447-05\",1\r\nRui,39053344705,2\r\nBad,123,3\r\n"
        let result = run(["pseudonymize", "--key-file", key, "--field", "2", "--header"], stdin: Data(csv))
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == "nome,cpf,x\r\n\"Silva, Ana\",\"485.331.840-26\",1\r\nRui,48533184026,2\r\nBad,123,3\r\n")
        #expect(result.stderr.contains("-:4: '***': 3 digits, expected 11"))
        #expect(result.status == 1)
        let back = run(
            ["pseudonymize", "--key-file", key, "--field", "2", "--header", "--reverse"], stdin: result.stdout)
        #expect(String(decoding: back.stdout, as: UTF8.self) == csv)
        _ = directory
    }
}
