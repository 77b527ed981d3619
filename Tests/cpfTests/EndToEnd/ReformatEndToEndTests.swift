// End-to-end tests of `cpf format` and `cpf strip`.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf format and cpf strip")
struct ReformatEndToEndTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let stdout: String
        let stderr: String
        let status: Int32
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "arguments",
        arguments: [
            Case(arguments: ["format", "39053344705"], stdout: "390.533.447-05\n", stderr: "", status: 0),
            Case(
                arguments: ["format", "390 533 447 05", "390.533.447-05"],
                stdout: "390.533.447-05\n390.533.447-05\n", stderr: "", status: 0),
            Case(arguments: ["strip", "390.533.447-05"], stdout: "39053344705\n", stderr: "", status: 0),
            Case(arguments: ["strip", " 390.533.447-05 "], stdout: "39053344705\n", stderr: "", status: 0),
            // Wrong check digits are still rewritten, unless --validate.
            Case(arguments: ["format", "23100299900"], stdout: "231.002.999-00\n", stderr: "", status: 0),
            Case(arguments: ["strip", "231.002.999-00"], stdout: "23100299900\n", stderr: "", status: 0),
            Case(
                arguments: ["format", "--validate", "23100299900"], stdout: "23100299900\n",
                stderr: "cpf: '***002999**': check digits should be 81\n", status: 1),
            Case(
                arguments: ["strip", "--validate", "231.002.999-00"], stdout: "231.002.999-00\n",
                stderr: "cpf: '***.002.999-**': check digits should be 81\n", status: 1),
            Case(
                arguments: ["format", "--validate", "39053344705"], stdout: "390.533.447-05\n", stderr: "", status: 0),
            // Repeated digits: 11 digits, so rewritten; not valid, so not with --validate.
            Case(arguments: ["format", "11111111111"], stdout: "111.111.111-11\n", stderr: "", status: 0),
            Case(
                arguments: ["format", "--validate", "11111111111"], stdout: "11111111111\n",
                stderr: "cpf: '***111111**': all 11 digits are the same\n", status: 1),
            Case(
                arguments: ["format", "--validate", "--allow-repeated", "11111111111"], stdout: "111.111.111-11\n",
                stderr: "", status: 0),
            // --pad
            Case(arguments: ["strip", "--pad", "123456797"], stdout: "00123456797\n", stderr: "", status: 0),
            Case(arguments: ["format", "--pad", "5334470"], stdout: "000.053.344-70\n", stderr: "", status: 0),
            Case(
                arguments: ["format", "--pad", "--validate", "5334470"], stdout: "5334470\n",
                stderr: "cpf: '***44**': check digits should be 03\n", status: 1),
            Case(
                arguments: ["strip", "123456797"], stdout: "123456797\n",
                stderr: "cpf: '***4567**': 9 digits, expected 11\n", status: 1),
            // --strict
            Case(
                arguments: ["strip", "--strict", "390 533 447 05"], stdout: "390 533 447 05\n",
                stderr: "cpf: '*** 533 447 **': not in the form DDD.DDD.DDD-DD or DDDDDDDDDDD\n", status: 1),
            Case(arguments: ["strip", "--strict", "390.533.447-05"], stdout: "39053344705\n", stderr: "", status: 0),
            // Not 11 digits, or not digits: passed through.
            Case(
                arguments: ["format", "foo", "39053344705"], stdout: "foo\n390.533.447-05\n",
                stderr: "cpf: 'foo': invalid character 'f' at position 1\n", status: 1),
            Case(
                arguments: ["strip", "390.533.447-055"], stdout: "390.533.447-055\n",
                stderr: "cpf: '***.533.447-0**': 12 digits, expected 11\n", status: 1),
            // --partial
            Case(arguments: ["format", "--partial", "3905"], stdout: "390.5\n", stderr: "", status: 0),
            Case(arguments: ["format", "--partial", "390533447"], stdout: "390.533.447\n", stderr: "", status: 0),
            Case(arguments: ["format", "--partial", "390"], stdout: "390\n", stderr: "", status: 0),
            Case(arguments: ["format", "--partial", "3905334470"], stdout: "390.533.447-0\n", stderr: "", status: 0),
            Case(arguments: ["format", "--partial", "39053344705"], stdout: "390.533.447-05\n", stderr: "", status: 0),
            Case(arguments: ["format", "--partial", "390.5"], stdout: "390.5\n", stderr: "", status: 0),
            Case(
                arguments: ["format", "--partial", "390533447051"], stdout: "390533447051\n",
                stderr: "cpf: '***5334470**': 12 digits, expected 11\n", status: 1),
        ])
    func arguments(_ c: Case) {
        let result = run(c.arguments)
        #expect(String(decoding: result.stdout, as: UTF8.self) == c.stdout)
        #expect(result.stderr == c.stderr)
        #expect(result.status == c.status)
    }

    static let lines = Data("39053344705\n23100299900\r\n12345\n  390 533 447 05  \n\nfoo")

    @Test func formatRewritesEveryLineAndPassesFailuresThroughInPlace() {
        let result = run(["format"], stdin: Self.lines)
        #expect(result.stdout == Data("390.533.447-05\n231.002.999-00\r\n12345\n390.533.447-05\n\nfoo\n"))
        #expect(
            result.stderr == """
                cpf: -:3: '*****': 5 digits, expected 11
                cpf: -:5: '': empty
                cpf: -:6: 'foo': invalid character 'f' at position 1
                cpf: 6 read, 3 rewritten, 3 not rewritten

                """)
        #expect(result.status == 1)
    }

    @Test func stripRewritesEveryLineAndPassesFailuresThroughInPlace() {
        let result = run(["strip"], stdin: Self.lines)
        #expect(result.stdout == Data("39053344705\n23100299900\r\n12345\n39053344705\n\nfoo\n"))
        #expect(result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 4)
        #expect(result.status == 1)
    }

    @Test(arguments: ["format", "strip"])
    func outputHasOneLinePerInputLine(command: String) {
        var generator = SeededGenerator(seed: 7)
        var input = Data()
        var count = 0
        for _ in 0..<500 {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: input += Data("\(referenceCPF(base: Int.random(in: 0..<1_000_000_000, using: &generator)))\n")
            case 1:
                input += Data("\(masked(referenceCPF(base: Int.random(in: 0..<1_000_000_000, using: &generator))))\r\n")
            case 2: input += Data("garbage \(count)\n")
            case 3: input += Data("\n")
            default: input += Data("\(Int.random(in: 0..<1_000_000, using: &generator))\n")
            }
            count += 1
        }
        let result = run([command], stdin: input)
        #expect(result.stdout.filter { $0 == 0x0A }.count == count)
        #expect(result.status == 1)
    }

    @Test func allRewrittenExitsZero() {
        let result = run(["format"], stdin: Data("39053344705\n529.982.247-25\r\n"))
        #expect(result.stdout == Data("390.533.447-05\n529.982.247-25\r\n"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func validateChecksTheCheckDigitsOfLines() {
        let result = run(["format", "--validate"], stdin: Data("39053344705\n23100299900\n"))
        #expect(result.stdout == Data("390.533.447-05\n23100299900\n"))
        #expect(
            result.stderr
                == "cpf: -:2: '***002999**': check digits should be 81\ncpf: 2 read, 1 rewritten, 1 not rewritten\n")
        #expect(result.status == 1)
    }

    @Test func padRewritesShortBareNumbers() {
        let result = run(["strip", "--pad"], stdin: Data("123456797\n1.23456797\n"))
        #expect(result.stdout == Data("00123456797\n1.23456797\n"))
        #expect(
            result.stderr
                == "cpf: -:2: '*.**4567**': 9 digits, expected 11\ncpf: 2 read, 1 rewritten, 1 not rewritten\n")
        #expect(result.status == 1)
    }

    @Test func partialMasksIncompleteLinesAndKeepsEmptyLinesEmpty() {
        let result = run(["format", "--partial"], stdin: Data("3905\n390533447\n\n390533447051\n39053344705\n3\r\n"))
        #expect(result.stdout == Data("390.5\n390.533.447\n\n390533447051\n390.533.447-05\n3\r\n"))
        #expect(
            result.stderr
                == "cpf: -:4: '***5334470**': 12 digits, expected 11\ncpf: 6 read, 5 rewritten, 1 not rewritten\n")
        #expect(result.status == 1)
    }

    @Test func partialExitsZeroWhenEveryLineIsMasked() {
        let result = run(["format", "--partial"], stdin: Data("3905\n\n390.533.4\n"))
        #expect(result.stdout == Data("390.5\n\n390.533.4\n"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func reportsNameTheInputFile() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "39053344705\nbad\n")
        let b = directory.file("b.txt", "oops\n")
        let result = run(["strip", "-i", a, "--input", b])
        #expect(result.stdout == Data("39053344705\nbad\noops\n"))
        #expect(
            result.stderr == """
                cpf: \(a):2: 'bad': invalid character 'b' at position 1
                cpf: \(b):1: 'oops': invalid character 'o' at position 1
                cpf: 3 read, 1 rewritten, 2 not rewritten

                """)
        #expect(result.status == 1)
    }

    @Test func aMissingInputExitsTwo() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "39053344705\n")
        let result = run(["format", "-i", directory.path("none"), "-i", a])
        #expect(result.stdout == Data("390.533.447-05\n"))
        #expect(result.stderr == "cpf: \(directory.path("none")): No such file or directory\n")
        #expect(result.status == 2)
    }
}
