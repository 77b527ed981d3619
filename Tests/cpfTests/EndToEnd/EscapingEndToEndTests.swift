// End-to-end tests of what `cpf` echoes of text it did not write itself
// (option names and values, unknown commands, file names, inputs,
// arguments): never a byte that a terminal acts on, and names that are not
// UTF-8 kept as the bytes they are.

import CPFTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("terminal-safe echoes and byte-exact names")
struct EscapingEndToEndTests {
    /// Bytes a terminal acts on, or that change how a line shows: ESC, BEL,
    /// C1 CSI (U+009B), a right-to-left override (U+202E), an isolate
    /// (U+2066), a zero-width space, DEL.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}\u{2066}\u{200B}\u{7F}"
    static let hostileShown = "\\x1b]0;pwned\\x07\\x1b[2J\\u{009b}31m\\u{202e}\\u{2066}\\u{200b}\\x7f"

    /// Whether a message holds nothing a terminal would act on or reorder.
    static func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                || scalar.value == 0x200B
        }
    }

    @Test(
        "usage errors show option names and values escaped",
        arguments: [
            (["check", "--" + hostile], "unknown option '--\(hostileShown)'"),
            (["check", "-\u{1B}"], "unknown option '-\\x1b'"),
            ([hostile], "unknown command '\(hostileShown)'"),
            (["help", hostile], "unknown command '\(hostileShown)'"),
            (["prompt", "--label", hostile], "invalid value '\(hostileShown)' for '--label'"),
            (["prompt", "--label", "a\u{202E}b"], "invalid value 'a\\u{202e}b' for '--label'"),
            (["generate", "--state", hostile], "invalid value '\(hostileShown)' for '--state'"),
            (["generate", "-n", hostile], "invalid value '\(hostileShown)' for '-n'"),
            (["generate", "--seed", hostile], "invalid value '\(hostileShown)' for '--seed'"),
            (["redact", "--style", hostile], "invalid value '\(hostileShown)' for '--style'"),
            (["check", "--field", hostile], "invalid value '\(hostileShown)' for '--field'"),
            (["check", "--field", "1", "--delimiter", hostile], "invalid value '\(hostileShown)' for '--delimiter'"),
            (["info", "1", hostile], "unexpected argument '\(hostileShown)'"),
            (["check", "--json=it's"], "'--json' does not take a value"),
            (["check", "--it's"], "unknown option '--it\\'s'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: \(message)"), "\(result.stderr)")
        #expect(Self.isInert(result.stderr), "\(result.stderr)")
    }

    @Test("file names in diagnostics and in the SOURCE of reports are escaped")
    func fileNames() {
        let directory = TemporaryDirectory()
        let name = "x\u{1B}[2J\u{202E}.txt"
        let path = directory.file(name, "123\n")
        let shownPath = directory.path("x\\x1b[2J\\u{202e}.txt")
        let missing = run(["check", "-i", directory.path("gone\u{1B}[2J")])
        #expect(missing.stderr.hasPrefix("cpf: \(directory.path("gone\\x1b[2J")): No such file or directory\n"))
        let report = run(["check", "-i", path])
        #expect(report.stdout.text == "\(shownPath):1: '123': 3 digits, expected 11\n")
        let reformat = run(["format", "-i", path])
        #expect(reformat.stderr.hasPrefix("cpf: \(shownPath):1: '***': "))
        let complete = run(["complete", "-i", path])
        #expect(complete.stderr.hasPrefix("cpf: \(shownPath):1: '***': "))
        let cpfFile = directory.file("y\u{1B}[2J.txt", "cpf 390.533.447-05\n")
        #expect(run(["find", cpfFile]).stdout.text == "\(directory.path("y\\x1b[2J.txt")):1:5: 390.533.447-05\n")
        // Machine output keeps its own escaping: JSON escapes the name as JSON.
        let json = jsonObjects(run(["find", "--json", cpfFile]).stdout)
        #expect(json.first?["source"] as? String == cpfFile)
        for output in [missing.stderr, report.stdout.text, reformat.stderr, complete.stderr] {
            #expect(Self.isInert(output), "\(output)")
        }
    }

    @Test("verdict lines and report lines show arguments and inputs escaped, so U+202E cannot reorder a verdict")
    func verdicts() {
        let argument = run(["check", "\u{202E}50-744.335.093"])
        #expect(argument.stdout.text.hasPrefix("\\u{202e}50-744.335.093: invalid ("))
        let lines = run(["check"], stdin: Data("\u{1B}[2J\u{9B}1\n".utf8))
        #expect(lines.stdout.text.hasPrefix("-:1: '\\x1b[2J\\u{009b}1': invalid character"))
        let info = run(["info", "\u{1B}[2J"])
        #expect(info.stdout.text.hasPrefix("Input:         \\x1b[2J\n"))
        for output in [argument.stdout.text, lines.stdout.text, info.stdout.text] {
            #expect(Self.isInert(output), "\(output)")
        }
    }

    @Test("a file name that is not UTF-8 opens, and shows escaped")
    func latin1FileName() {
        let directory = TemporaryDirectory()
        let result = runShell(
            """
            cd '\(directory.url.path)' && printf 'CPF 390.533.447-05\\n' > "$(printf 'relat\\363rio.txt')" &&
            "$CPF" find "$(printf 'relat\\363rio.txt')" && "$CPF" check -i "$(printf 'relat\\363rio.txt')" --json
            """)
        #expect(result.status == 1)  // check: the line is not a CPF alone
        #expect(result.stderr == "")
        let lines = outputLines(result.stdout)
        #expect(lines.first == "relat\\xf3rio.txt:1:5: 390.533.447-05")
        #expect(lines.last?.hasPrefix(#"{"source":"relat\ufffdrio.txt","line":1,"#) == true)
    }

    @Test("arguments are the bytes given: --invalid and --valid print them as they are")
    func argumentBytes() {
        let invalid = runShell(#""$CPF" check --invalid "$(printf 'abc\377')""#)
        #expect(invalid.status == 1)
        #expect(invalid.stdout == Data([0x61, 0x62, 0x63, 0xFF, 0x0A]))
        let shown = runShell(#""$CPF" check "$(printf 'abc\377')""#)
        #expect(shown.stdout.text.hasPrefix("abc\\xff: invalid ("))
        let formatted = runShell(#""$CPF" format "$(printf '\377')""#)
        #expect(formatted.stdout == Data([0xFF, 0x0A]))
        #expect(formatted.stderr.hasPrefix("cpf: '\\xff': "))
    }

    @Test("echoes of arguments are cut at 64 KiB, then …")
    func longArguments() {
        let long = String(repeating: "x", count: 100_000)
        let verdict = run(["check", long])
        #expect(
            verdict.stdout.text == String(repeating: "x", count: 1 << 16)
                + "…: invalid (invalid character 'x' at position 1)\n")
        let info = run(["info", long])
        #expect(info.stdout.text.hasPrefix("Input:         " + String(repeating: "x", count: 1 << 16) + "…\n"))
        let infoJSON = jsonObjects(run(["info", "--json", long]).stdout)
        #expect(infoJSON.first?["input"] as? String == String(repeating: "x", count: 1 << 16) + "…")
        let usage = run(["generate", "-n", long])
        #expect(usage.stderr.hasPrefix("cpf: invalid value '" + String(repeating: "x", count: 1 << 16) + "…' for '-n'"))
    }

    /// The raw characters of machine output that a terminal would act on or
    /// that change how a line shows: C0 controls but LF, DEL, C1 controls,
    /// bidi overrides and isolates, zero-width characters, the soft hyphen, U+FEFF.
    static func rawControls(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value) || value == 0xAD
                || (0x200B...0x200F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0xFEFF
        }.map { "U+" + String($0.value, radix: 16) }
    }

    @Test(
        """
        --json and --csv of check, find and info carry no raw control, DEL, C1 or bidi character; JSON reads back \
        exactly, CSV shows the readable form
        """
    )
    func machineOutputIsInert() throws {
        let directory = TemporaryDirectory()
        let inputs = [
            "\u{1B}[2J390.533.447-05", "390.533.447-05\u{7F}", "\u{9B}31m", "\u{202E}50-744.335.093",
            "\u{2066}x\u{2069}\u{200B}", "a\\b\tc", "\u{1B}]0;pwned\u{07}",
        ]
        let shown = [
            "\\x1b[2J390.533.447-05", "390.533.447-05\\x7f", "\\u{009b}31m", "\\u{202e}50-744.335.093",
            "\\u{2066}x\\u{2069}\\u{200b}", "a\\\\b\\tc", "\\x1b]0;pwned\\x07",
        ]
        let name = "n\u{1B}[2J\u{202E}\u{9B}.txt"
        let file = directory.file(name, inputs.joined(separator: "\n") + "\n")
        let text = directory.file(
            "f\u{2066}\u{7F}.txt", "CPF 390.533\u{2066}.447-05\nCPF 390\u{AD}.533.447-05 \u{202E}\nCPF 111.444.777-35\n"
        )

        // JSON: valid on every line, and the values are the bytes given.
        let checkJSON = run(["check", "--json", "-i", file])
        let fromFile = jsonObjects(checkJSON.stdout)
        #expect(fromFile.map { $0["input"] as? String } == inputs)
        #expect(fromFile.allSatisfy { $0["source"] as? String == file })
        let argumentsJSON = run(["check", "--json"] + inputs)
        #expect(jsonObjects(argumentsJSON.stdout).map { $0["input"] as? String } == inputs)
        let findJSON = run(["find", "--json", text])
        let matches = jsonObjects(findJSON.stdout)
        #expect(
            matches.map { $0["text"] as? String } == [
                "390.533\u{2066}.447-05", "390\u{AD}.533.447-05", "111.444.777-35",
            ])
        #expect(matches.allSatisfy { $0["source"] as? String == text })
        let treeJSON = run(["find", "-r", "--json", "--count", directory.url.path])
        #expect(Set(jsonObjects(treeJSON.stdout).compactMap { $0["source"] as? String }) == [text, file])
        let infoJSON = run(["info", "--json", inputs[0]])
        #expect(jsonObjects(infoJSON.stdout).first?["input"] as? String == inputs[0])

        // CSV: RFC 4180, eight fields a row, the source and input cells in the readable form.
        let checkCSV = run(["check", "--csv", "-i", file])
        let rows = parseCSV(String(decoding: checkCSV.stdout, as: UTF8.self)).dropFirst()
        #expect(rows.map { $0[3] } == shown)
        #expect(rows.allSatisfy { $0.count == 8 && $0[0] == directory.path("n\\x1b[2J\\u{202e}\\u{009b}.txt") })
        let argumentsCSV = run(["check", "--csv"] + inputs)
        #expect(parseCSV(String(decoding: argumentsCSV.stdout, as: UTF8.self)).dropFirst().map { $0[3] } == shown)

        for (label, output) in [
            ("check --json", checkJSON.stdout), ("check --json ARGS", argumentsJSON.stdout),
            ("find --json", findJSON.stdout), ("find -r --json --count", treeJSON.stdout),
            ("info --json", infoJSON.stdout), ("check --csv", checkCSV.stdout),
            ("check --csv ARGS", argumentsCSV.stdout),
        ] {
            #expect(Self.rawControls(output).isEmpty, "\(label): \(Self.rawControls(output))")
        }
    }
}
