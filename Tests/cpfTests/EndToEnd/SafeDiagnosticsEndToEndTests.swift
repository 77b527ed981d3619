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
}
