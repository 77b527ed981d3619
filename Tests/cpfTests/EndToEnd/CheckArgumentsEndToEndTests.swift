// End-to-end tests of `cpf check` with CPFs given as arguments.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf check with CPF arguments")
struct CheckArgumentsEndToEndTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let stdout: String
        let status: Int32
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "one verdict line per argument and the exit status",
        arguments: [
            Case(arguments: ["390.533.447-05"], stdout: "390.533.447-05: valid\n", status: 0),
            // The specification's example message says 38; the check-digit rule
            // (docs/reference.md#the-cpf) gives 81, and the rule wins (docs/decisions.md).
            Case(
                arguments: ["231.002.999-00"], stdout: "231.002.999-00: invalid (check digits should be 81)\n",
                status: 1),
            Case(
                arguments: ["390.533.447-05", "231.002.999-00"],
                stdout: "390.533.447-05: valid\n231.002.999-00: invalid (check digits should be 81)\n", status: 1),
            Case(
                arguments: ["39053344705", "390 533 447 05", "529.982.247-25"],
                stdout: "39053344705: valid\n390 533 447 05: valid\n529.982.247-25: valid\n", status: 0),
            Case(
                arguments: ["390.533.447-05x"],
                stdout: "390.533.447-05x: invalid (invalid character 'x' at position 15)\n", status: 1),
            Case(
                arguments: ["foo390.533.447-05"],
                stdout: "foo390.533.447-05: invalid (invalid character 'f' at position 1)\n", status: 1),
            Case(arguments: [""], stdout: ": invalid (empty)\n", status: 1),
            Case(arguments: ["390.533.447"], stdout: "390.533.447: invalid (9 digits, expected 11)\n", status: 1),
            Case(
                arguments: ["111.111.111-11"], stdout: "111.111.111-11: invalid (all 11 digits are the same)\n",
                status: 1),
            Case(
                arguments: ["３９０.533.447-05"],
                stdout: "３９０.533.447-05: invalid (invalid character '３' at position 1)\n", status: 1),
            // `--` ends options, so a CPF may start with a dash.
            Case(arguments: ["--", "-39053344705."], stdout: "-39053344705.: valid\n", status: 0),
        ])
    func verdicts(_ c: Case) {
        let result = run(["check"] + c.arguments)
        #expect(String(decoding: result.stdout, as: UTF8.self) == c.stdout)
        #expect(result.stderr == "")
        #expect(result.status == c.status)
    }

    @Test func verdictLinesDoNotReadStandardInput() {
        let result = run(["check", "390.533.447-05"], stdin: Data("231.002.999-00\n"))
        #expect(String(decoding: result.stdout, as: UTF8.self) == "390.533.447-05: valid\n")
        #expect(result.status == 0)
    }

    @Test func validAndInvalidFiltersPrintTheArgumentsThemselves() {
        let arguments = ["390.533.447-05", "231.002.999-00", "12345678909"]
        let valid = run(["check", "--valid"] + arguments)
        #expect(String(decoding: valid.stdout, as: UTF8.self) == "390.533.447-05\n12345678909\n")
        #expect(valid.stderr == "")
        #expect(valid.status == 1)
        let invalid = run(["check", "--invalid"] + arguments)
        #expect(String(decoding: invalid.stdout, as: UTF8.self) == "231.002.999-00\n")
        #expect(invalid.status == 1)
    }

    @Test func quietPrintsNothingAndTheStatusAnswers() {
        let valid = run(["check", "-q", "390.533.447-05"])
        #expect(valid.stdout.isEmpty)
        #expect(valid.stderr == "")
        #expect(valid.status == 0)
        let invalid = run(["check", "--quiet", "390.533.447-05", "231.002.999-00"])
        #expect(invalid.stdout.isEmpty)
        #expect(invalid.stderr == "")
        #expect(invalid.status == 1)
    }

    @Test func jsonGivesArgumentsTheSourceArgumentAndTheirIndexAsLine() throws {
        let result = run(["check", "--json", "390.533.447-05", "231.002.999-00", "x"])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let objects = jsonObjects(result.stdout)
        try #require(objects.count == 3)
        #expect(objects.map { $0["source"] as? String } == ["(argument)", "(argument)", "(argument)"])
        #expect(objects.map { $0["line"] as? Int } == [1, 2, 3])
        #expect(objects.map { $0["input"] as? String } == ["390.533.447-05", "231.002.999-00", "x"])
        #expect(objects.map { $0["valid"] as? Bool } == [true, false, false])
        #expect(objects[0]["cpf"] as? String == "39053344705")
        #expect(objects[1]["reason"] as? String == "check-digits")
        #expect(objects[1]["message"] as? String == "check digits should be 81")
        #expect(objects[2]["reason"] as? String == "invalid-character")
    }

    @Test func csvGivesArgumentsTheSourceArgument() {
        let result = run(["check", "--csv", "390.533.447-05", "231.002.999-00"])
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                source,line,record,input,valid,cpf,reason,message
                (argument),1,1,390.533.447-05,true,39053344705,,
                (argument),2,2,231.002.999-00,false,,check-digits,check digits should be 81

                """)
        #expect(result.status == 1)
    }

    struct OptionCase: CustomTestStringConvertible, Sendable {
        let options: [String]
        let input: String
        let verdict: String
        var testDescription: String { "\(options.joined(separator: " ")) \(input)" }
    }

    @Test(
        "--strict, --pad and --allow-repeated",
        arguments: [
            OptionCase(options: ["--strict"], input: "39053344705", verdict: "valid"),
            OptionCase(options: ["--strict"], input: "390.533.447-05", verdict: "valid"),
            OptionCase(options: ["--strict"], input: " 390.533.447-05 ", verdict: "valid"),
            OptionCase(
                options: ["--strict"], input: "390 533 447 05",
                verdict: "invalid (not in the form DDD.DDD.DDD-DD or DDDDDDDDDDD)"),
            OptionCase(
                options: ["--strict"], input: "390.533.44705",
                verdict: "invalid (not in the form DDD.DDD.DDD-DD or DDDDDDDDDDD)"),
            OptionCase(
                options: ["--strict"], input: "390533447-05",
                verdict: "invalid (not in the form DDD.DDD.DDD-DD or DDDDDDDDDDD)"),
            OptionCase(options: ["--strict"], input: "231.002.999-00", verdict: "invalid (check digits should be 81)"),
            OptionCase(options: [], input: "390 533 447 05", verdict: "valid"),
            OptionCase(options: [], input: "123456797", verdict: "invalid (9 digits, expected 11)"),
            OptionCase(options: ["--pad"], input: "123456797", verdict: "valid"),
            OptionCase(options: ["--pad"], input: "00123456797", verdict: "valid"),
            OptionCase(options: ["--pad"], input: "5334470", verdict: "invalid (check digits should be 03)"),
            OptionCase(options: ["--pad"], input: "1.23456797", verdict: "invalid (9 digits, expected 11)"),
            OptionCase(options: ["--pad"], input: "0", verdict: "invalid (all 11 digits are the same)"),
            OptionCase(options: ["--pad"], input: "123456789012", verdict: "invalid (12 digits, expected 11)"),
            OptionCase(options: ["--pad", "--strict"], input: "123456797", verdict: "valid"),
            OptionCase(options: [], input: "000.000.000-00", verdict: "invalid (all 11 digits are the same)"),
            OptionCase(options: ["--allow-repeated"], input: "111.111.111-11", verdict: "valid"),
            OptionCase(options: ["--allow-repeated"], input: "99999999999", verdict: "valid"),
            OptionCase(
                options: ["--allow-repeated"], input: "111.111.111-12", verdict: "invalid (check digits should be 11)"),
            OptionCase(
                options: ["--allow-repeated"], input: "231.002.999-00", verdict: "invalid (check digits should be 81)"),
        ])
    func parsingOptions(_ c: OptionCase) {
        let result = run(["check"] + c.options + ["--", c.input])
        #expect(String(decoding: result.stdout, as: UTF8.self) == "\(c.input): \(c.verdict)\n")
        #expect(result.status == (c.verdict == "valid" ? 0 : 1))
    }
}
