// End-to-end test of partition safety: cutting the input into pieces at line
// boundaries, running `cpf` on each and concatenating the outputs gives the
// output of the whole (headers aside), as a Spark `pipe` / `SELECT TRANSFORM`
// stage or a Hadoop Streaming mapper needs.

import CPFTestSupport
import Foundation
import Testing

@Suite("partition safety")
struct PartitionEndToEndTests {
    /// Lines of every kind: valid, invalid, masked, bare, empty, CRLF, text
    /// around CPFs, a base, a CSV row.
    static let lines: [String] = {
        var random = SeededGenerator(seed: 12)
        var lines: [String] = []
        for index in 0..<300 {
            let cpf = referenceCPF(base: Int(random.next() % 1_000_000_000))
            switch index % 9 {
            case 0: lines.append(cpf)
            case 1: lines.append(masked(cpf))
            case 2: lines.append(String(cpf.dropLast()) + "x")
            case 3: lines.append("")
            case 4: lines.append(masked(cpf) + "\r")
            case 5: lines.append("id \(index), cpf \(masked(cpf)), ok")
            case 6: lines.append(String(cpf.prefix(9)))
            case 7: lines.append("\"a, b\",\(cpf),z")
            default: lines.append("text \(cpf.prefix(7)) end")
            }
        }
        // A CPF broken across lines 38 and 39, which a cut separates: only
        // --line-local (and --per-line) make the pieces agree with the whole there.
        lines[37] = "cut 390.533."
        lines[38] = "447-05 e \\N"
        return lines
    }()

    static let commands: [[String]] = [
        ["check", "--valid"], ["check", "--invalid"], ["check", "--annotate"], ["check", "--json"],
        ["check", "-q"], ["format"], ["strip"], ["format", "--partial"], ["complete"],
        ["format", "--field", "2"], ["check", "--annotate", "--field", "2"], ["find", "--line-local"],
        ["find", "--per-line"], ["redact", "--line-local"], ["format", "--field", "2", "--raw", "--exit-zero"],
        ["check", "--annotate", "--field", "2", "--raw"],
    ]

    @Test("pieces give the same lines as the whole", arguments: commands)
    func piecesEqualTheWhole(_ arguments: [String]) {
        let whole = Self.lines.map { $0 + "\n" }.joined()
        let expected = run(arguments, stdin: Data(whole)).stdout
        var pieces = Data()
        var start = 0
        for cut in [1, 37, 38, 150, 299, 300] {
            let piece = Self.lines[start..<cut].map { $0 + "\n" }.joined()
            var output = run(arguments, stdin: Data(piece)).stdout
            if arguments.contains("find"), !arguments.contains("--per-line") {
                // find's LINE counts from the start of its own input.
                output = Data(
                    outputLines(output).map { line -> String in
                        let parts = line.split(separator: ":", maxSplits: 2)
                        return "\(parts[0]):\(Int(parts[1])! + start):\(parts[2])\n"
                    }.joined().utf8)
            }
            if arguments.contains("--json") {
                output = Data(
                    outputLines(output).map { line -> String in
                        var line = line
                        for key in ["line", "record"] {
                            let range = line.range(of: "\"\(key)\":[0-9]+", options: .regularExpression)!
                            let number = Int(line[range].dropFirst(key.count + 3))!
                            line = line.replacingCharacters(in: range, with: "\"\(key)\":\(number + start)")
                        }
                        return line + "\n"
                    }.joined().utf8)
            }
            pieces += output
            start = cut
        }
        #expect(pieces == expected)
    }
}
