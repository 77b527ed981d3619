// End-to-end tests of the reports of the rewriting commands (issue 25):
// values in the LGPD form unless --show-values, at most 20 reports then a
// summary, -q for none; no batch command's standard error holds a CPF-like
// value in clear.

import CPFTestSupport
import Foundation
import Testing

@Suite("safe, quiet diagnostics")
struct SafeDiagnosticsEndToEndTests {
    /// Mistyped CPFs, masked and bare, padded-valid runs, and text; the
    /// CPF's field is the second.
    static let csv: String = {
        var text = "id,cpf\n"
        for index in 0..<40 {
            let value =
                switch index % 4 {
                case 0: "390.533.447-\(String(format: "%02d", index))"
                case 1: "5299822470\(index % 10)"
                case 2: "1091905720"
                default: "N/A"
                }
            text += "\(index),\(value)\n"
        }
        return text
    }()

    /// Runs of 9 to 11 digits, separators allowed, as a CPF-like value in clear.
    static func cpfLikeValues(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "[0-9][0-9.\\- ]{7,12}[0-9]")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            let match = String(text[Range($0.range, in: text)!])
            return (9...11).contains(match.filter(\.isNumber).count) ? match : nil
        }
    }

    @Test(
        "no batch command's standard error holds a CPF-like value in clear",
        arguments: [["format"], ["strip"], ["format", "--validate"], ["complete"], ["check"], ["redact"]])
    func noValueInClear(command: [String]) {
        let field = command == ["redact"] ? ["--field", "cpf", "--header"] : ["--field", "2", "--header"]
        let result = run(command + field, stdin: Data(Self.csv.utf8))
        #expect(Self.cpfLikeValues(in: result.stderr) == [], "\(command): \(result.stderr)")
    }

    @Test func pseudonymizeNeitherInItsReports() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        defer { _ = directory }
        let result = run(["pseudonymize", "--key-file", key, "-f", "cpf", "--header"], stdin: Data(Self.csv.utf8))
        #expect(Self.cpfLikeValues(in: result.stderr) == [])
        #expect(
            Self.cpfLikeValues(in: String(decoding: result.stdout, as: UTF8.self)).allSatisfy { value in
                !Self.csv.contains(value)
            })
    }

    @Test func twentyReportsThenTheSummary() {
        let result = run(["strip", "--validate", "--field", "2", "--header"], stdin: Data(Self.csv.utf8))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.first == "cpf: -:2: '***.533.447-**': check digits should be 05")
        #expect(lines.last == "cpf: 40 read, 0 rewritten, 40 not rewritten; 20 reports past the first 20 not shown")
        #expect(result.status == 1)
    }

    @Test func showValuesShowsThemAsRead() {
        let result = run(["strip", "--show-values", "--validate"], stdin: Data("390.533.447-00\n"))
        #expect(
            result.stderr
                == "cpf: -:1: '390.533.447-00': check digits should be 05\ncpf: 1 read, 0 rewritten, 1 not rewritten\n")
    }

    @Test("-q: no report and no summary, the exit status answers", arguments: ["format", "strip", "complete"])
    func quiet(command: String) {
        let result = run([command, "-q"], stdin: Data("x\n390.533.447-00\n"))
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func aCleanRunPrintsNoSummary() {
        let result = run(["format"], stdin: Data("39053344705\n"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func portugueseSummary() {
        let result = runShell("printf '390.533.447-00\\n39053344705\\n' | LANG=pt_BR.UTF-8 \"$CPF\" strip --validate")
        #expect(result.stderr.hasSuffix("cpf: 2 lidos, 1 reescrito, 1 não reescrito\n"))
    }

    @Test(
        """
        a CNPJ in the name of a file, a zip member or a folder is hidden in redact's diagnostics and in find \
        --hide's output and JSON, as a CPF is
        """, .enabled(if: InstalledTool.areInstalled("zip"), "zip is not installed"))
    func cnpjInNamesHidden() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && printf 'CPF 529.982.247-25\n' > 11222333000181.txt &&
            printf 'CPF 529.982.247-25\n' | gzip > 11222333000181.gz &&
            zip -q a.zip 11222333000181.gz 11222333000181.txt &&
            mkdir 11222333000181 && printf 'CPF 390.533.447-05\n' > 11222333000181/f.txt || exit 9
            "$CPF" find --hide full a.zip; "$CPF" find --hide full --json a.zip
            "$CPF" find -r --hide full --stats 11222333000181
            "$CPF" redact a.zip > /dev/null; echo "zip $?"
            "$CPF" redact --in-place 11222333000181.txt; echo "file $?"
            "$CPF" redact -r --in-place 11222333000181; echo "folder $?"
            """#)
        let output = String(decoding: result.stdout, as: UTF8.self) + result.stderr
        #expect(!output.contains("11222333000181"), "\(output)")
        #expect(
            outputLines(result.stdout) == [
                "a.zip!**************.gz:1:5: ***.***.***-**", "a.zip!**************.txt:1:5: ***.***.***-**",
                #"{"source":"a.zip","member":"**************.gz","line":1,"column":5,"text":"***.***.***-**","#
                    + #""cpf":"***********","confidence":"high","valid":true}"#,
                #"{"source":"a.zip","member":"**************.txt","line":1,"column":5,"text":"***.***.***-**","#
                    + #""cpf":"***********","confidence":"high","valid":true}"#,
                "**************/f.txt:1:5: ***.***.***-**", "zip 2", "file 0", "folder 0",
            ])
        // The --stats line's time varies: only its start is checked.
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains { $0.hasPrefix("1 files (1 with CPFs), 19 bytes, ") })
        #expect(
            errors.filter { !$0.hasPrefix("1 files") } == [
                "CPFs: 1 high, 0 medium, 0 low, 0 mistyped",
                """
                cpf: a.zip: not searched: member **************.gz: not plain text (gzip), which redact does not \
                rewrite inside an archive
                """,
                "cpf: redacted **************.txt (1 hidden)", "cpf: redacted **************/f.txt (1 hidden)",
            ])
    }
}
