// End-to-end tests of what a Spark or Hadoop Streaming stage needs of
// `cpf` (issue 26): `--exit-zero`, so a partition of invalid data or with
// no CPF does not fail its task, while an I/O error still does.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf in partitioned jobs")
struct SparkEndToEndTests {
    /// A command that ends with 1 on `stdin`, and its arguments.
    static let failingRuns: [([String], String)] = [
        (["check"], "123\n"),
        (["format", "--validate"], "23100299900\n"),
        (["strip", "--validate"], "231.002.999-00\n"),
        (["complete"], "12\n"),
        (["find"], "no number here\n"),
    ]

    @Test("--exit-zero turns 1 into 0 and changes no output", arguments: failingRuns)
    func exitZeroTurnsOneIntoZero(_ arguments: [String], _ input: String) {
        let plain = run(arguments, stdin: Data(input.utf8))
        #expect(plain.status == 1)
        let zero = run(arguments + ["--exit-zero"], stdin: Data(input.utf8))
        #expect(zero.status == 0)
        #expect(zero.stdout == plain.stdout)
        #expect(zero.stderr == plain.stderr)
    }

    @Test("--exit-zero keeps 2 for an unreadable input, a missing key and a usage error")
    func exitZeroKeepsTwo() throws {
        let missing = "/nonexistent/cpf-spark-\(getpid())"
        for arguments in [
            ["check", "--exit-zero", "-i", missing],
            ["format", "--exit-zero", "-i", missing],
            ["find", "--exit-zero", missing],
            ["redact", "--exit-zero", missing],
            ["pseudonymize", "--exit-zero", "--key-file", missing],
            ["check", "--exit-zero", "--no-such-option"],
        ] {
            #expect(run(arguments, stdin: Data("390.533.447-05\n".utf8)).status == 2, "\(arguments)")
        }
    }

    @Test("--exit-zero on a clean run is still 0")
    func exitZeroOnSuccess() {
        let outcome = run(["check", "--exit-zero", "--valid"], stdin: Data("390.533.447-05\n".utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stdout == Data("390.533.447-05\n".utf8))
    }

    @Test("commands that read no lines do not take --exit-zero", arguments: ["generate", "info"])
    func notOnOtherCommands(_ name: String) {
        #expect(run([name, "--exit-zero"]).status == 2)
    }

    /// Raw rows as Spark's TRANSFORM sends them: `\N` for NULL, quotes as
    /// ordinary bytes, U+0001 or tab between fields.
    struct RawCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let stdin: String
        let stdout: String
        let status: Int32
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "--raw rows",
        arguments: [
            RawCase(
                arguments: ["format", "--field", "2", "--delimiter", "tab", "--raw"],
                stdin: "1\t39053344705\n2\t\\N\n\"a\t52998224725\tz\"\n",
                stdout: "1\t390.533.447-05\n2\t\\N\n\"a\t529.982.247-25\tz\"\n", status: 0),
            RawCase(
                arguments: ["strip", "--field", "2", "--delimiter", "soh", "--raw"],
                stdin: "1\u{1}390.533.447-05\u{1}x\n2\u{1}\\N\u{1}y\n",
                stdout: "1\u{1}39053344705\u{1}x\n2\u{1}\\N\u{1}y\n", status: 0),
            RawCase(
                arguments: ["check", "--annotate", "--field", "2", "--delimiter", "\\x01", "--raw"],
                stdin: "1\u{1}390.533.447-05\n2\u{1}\\N\n3\u{1}123\n",
                stdout:
                    "1\u{1}390.533.447-05\u{1}true\u{1}\n2\u{1}\\N\u{1}\\N\u{1}\\N\n3\u{1}123\u{1}false\u{1}length\n",
                status: 0),
            RawCase(
                arguments: ["check", "--field", "2", "--delimiter", "tab", "--raw", "-q"],
                stdin: "1\t390.533.447-05\n2\t\\N\n", stdout: "", status: 0),
            RawCase(
                arguments: ["check", "--field", "2", "--delimiter", "tab", "--raw", "--invalid"],
                stdin: "1\t390.533.447-05\n2\t\\N\n3\tx\n", stdout: "3\tx\n", status: 1),
            // Without --raw, \N is a value like another: not a CPF.
            RawCase(
                arguments: ["format", "--field", "2", "--delimiter", "tab", "-q"],
                stdin: "2\t\\N\n", stdout: "2\t\\N\n", status: 1),
            RawCase(
                arguments: ["redact", "--field", "2", "--delimiter", "tab", "--raw"],
                stdin: "\"a\t390.533.447-05 \"b\n\\N\t\\N\n",
                stdout: "\"a\t***.***.***-** \"b\n\\N\t\\N\n", status: 0),
        ])
    func rawRows(_ test: RawCase) {
        let outcome = run(test.arguments, stdin: Data(test.stdin.utf8))
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == test.stdout)
        #expect(outcome.status == test.status, "\(outcome.stderr)")
    }

    @Test("--raw needs --field")
    func rawNeedsAField() {
        let outcome = run(["format", "--raw"], stdin: Data("39053344705\n".utf8))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("'--raw' needs '--field'"))
    }

    @Test("find --per-line prints one JSON array per input line")
    func findPerLine() {
        let input = "a 390.533.447-05 b 529.982.247-25\nnone\n\nCPF 390.533.\n447-05\r\n"
        let outcome = run(["find", "--per-line"], stdin: Data(input.utf8))
        #expect(outcome.status == 0)
        #expect(
            outputLines(outcome.stdout) == [
                #"[{"column":3,"text":"390.533.447-05","cpf":"39053344705","confidence":"high","valid":true},"#
                    + #"{"column":20,"text":"529.982.247-25","cpf":"52998224725","confidence":"high","valid":true}]"#,
                "[]", "[]", "[]", "[]",
            ])
        let hidden = run(["find", "--per-line", "--hide", "full"], stdin: Data("x 39053344705\n".utf8))
        #expect(
            text(hidden.stdout)
                == #"[{"column":3,"text":"***********","cpf":"***********","confidence":"medium","valid":true}]"# + "\n"
        )
        let none = run(["find", "--per-line"], stdin: Data("nothing\n".utf8))
        #expect(none.status == 1)
        #expect(text(none.stdout) == "[]\n")
    }

    @Test("find --per-line gives the same lines, whatever the cut")
    func findPerLineIsPartitionSafe() {
        let lines = (0..<60).map { index in
            index % 3 == 0 ? "CPF:" : index % 3 == 1 ? "n \(index) 390.533.447-05" : "390.533.\(index)"
        }
        let whole = run(
            ["find", "--per-line", "--confidence", "low"], stdin: Data(lines.map { $0 + "\n" }.joined().utf8))
        var pieces = Data()
        var start = 0
        for cut in [1, 2, 7, 30, 31, 60] {
            let piece = lines[start..<cut].map { $0 + "\n" }.joined()
            pieces += run(["find", "--per-line", "--confidence", "low"], stdin: Data(piece.utf8)).stdout
            start = cut
        }
        #expect(outputLines(whole.stdout).count == 60)
        #expect(pieces == whole.stdout)
    }

    @Test("--line-local takes no CPF across a line break, in find and redact")
    func lineLocal() {
        let input = Data("x 390.533.\n447-05 y\nz 529.982.247-25\n".utf8)
        #expect(text(run(["redact"], stdin: input).stdout) == "x ***.***.\n***-** y\nz ***.***.***-**\n")
        #expect(
            text(run(["redact", "--line-local"], stdin: input).stdout) == "x 390.533.\n447-05 y\nz ***.***.***-**\n")
        #expect(text(run(["find"], stdin: input).stdout) == "-:1:3: 390.533.\\n447-05\n-:3:3: 529.982.247-25\n")
        #expect(text(run(["find", "--line-local"], stdin: input).stdout) == "-:3:3: 529.982.247-25\n")
    }

    @Test(
        "--per-line reads no tree and prints no other format", arguments: ["-r", "--json", "--count", "-l", "--stats"])
    func perLineConflicts(_ option: String) {
        #expect(run(["find", "--per-line", option], stdin: Data()).status == 2)
    }

    /// The folder of `cpf_spark.py`, in this checkout.
    static let sparkHelperFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("integrations/spark").path

    @Test(
        "cpf_spark fails the task when the partition's rows raise midway, not succeed with half of it",
        .enabled(if: InstalledTool.areInstalled("python3")))
    func sparkHelperPassesOnAnUpstreamError() {
        // No Spark: the partition function is called as an executor would,
        // with the shipped binary's path given directly.
        let script = #"""
            python3 - "$FOLDER" <<'EOF'
            import os, sys
            sys.path.insert(0, sys.argv[1])
            import cpf_spark
            cpf_spark.command = lambda *arguments: [os.environ["CPF"], *arguments]
            def rows():
                yield "a 390.533.447-05"
                raise ValueError("the upstream stage failed")
            try:
                out = list(cpf_spark._run(("redact",), rows()))
            except ValueError as error:
                print("raised:", error)
                sys.exit(0)
            print("succeeded with", len(out), "lines")
            sys.exit(1)
            EOF
            """#
        let outcome = runShell("FOLDER='\(Self.sparkHelperFolder)'\n" + script)
        #expect(text(outcome.stdout) == "raised: the upstream stage failed\n", "\(outcome.stderr)")
        #expect(outcome.status == 0)
        #expect(!outcome.stderr.contains("390.533.447-05"))
    }

    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
}
