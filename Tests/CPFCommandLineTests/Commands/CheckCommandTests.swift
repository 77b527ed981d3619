// Tests of Commands/CheckCommand.swift: the parsing options and
// the usage errors found before any input is read.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("CheckCommand")
struct CheckCommandTests {
    @Test(
        "parsing options",
        arguments: [
            ([], CPF.ParsingOptions(format: .lenient, padsLeadingZeros: false, allowsRepeatedDigits: false)),
            (["--strict"], CPF.ParsingOptions(format: .strict)),
            (["--pad"], CPF.ParsingOptions(padsLeadingZeros: true)),
            (["--allow-repeated"], CPF.ParsingOptions(allowsRepeatedDigits: true)),
            (
                ["--strict", "--pad", "--allow-repeated"],
                CPF.ParsingOptions(format: .strict, padsLeadingZeros: true, allowsRepeatedDigits: true)
            ),
        ] as [([String], CPF.ParsingOptions)])
    func parsingOptionsFollowTheFlags(_ words: [String], _ options: CPF.ParsingOptions) throws {
        #expect(CommonOptions.parsingOptions(try parse(words)) == options)
        #expect(CommonOptions.parsingOptions(try parse(words, for: FormatCommand.definition)) == options)
    }

    @Test(
        "usage errors before any input is read",
        arguments: [
            (["--valid", "--invalid"], UsageError.conflictingOptions("--valid", "--invalid")),
            (["--json", "--csv"], .conflictingOptions("--json", "--csv")),
            (["-q", "--valid"], .conflictingOptions("--valid", "-q")),
            (["-i", "a", "390.533.447-05"], .invalid("CPF arguments cannot be combined with '-i'")),
            (
                ["--field", "0"],
                .invalidValue(
                    option: "--field", value: "0", expected: "a field number from 1, or a field name with --header")
            ),
            (
                ["-f", "x"],
                .invalidValue(
                    option: "-f", value: "x", expected: "a field number from 1, or a field name with --header")
            ),
            (
                ["-f", "2147483648"],
                .invalidValue(
                    option: "-f", value: "2147483648", expected: "a field number from 1, or a field name with --header")
            ),
            (["--delimiter", ";"], .invalid("'--delimiter' needs '--field'")),
            (
                ["-f", "1", "-d", ""],
                .invalidValue(option: "-d", value: "", expected: CommonOptions.delimiterExpectation)
            ),
            (["-f", "1", "390.533.447-05"], .invalid("'-f' applies to input lines, not to CPF arguments")),
            (["--header", "390.533.447-05"], .invalid("'--header' applies to input lines, not to CPF arguments")),
            (["--annotate", "390.533.447-05"], .invalid("'--annotate' applies to input lines, not to CPF arguments")),
            (["--annotate", "--valid"], .conflictingOptions("--valid", "--annotate")),
            (["--input="], .invalid("'--input' needs a file name ('-' for standard input)")),
        ] as [([String], UsageError)])
    func usageErrors(_ words: [String], _ error: UsageError) throws {
        let parsed = try parse(words)
        #expect(throws: error) { try CheckCommand.run(parsed, context: Context()) }
    }

    @Test func theCommandIsCalledCheck() {
        #expect(CheckCommand.definition.name == "check")
        #expect(CheckCommand.definition.usageLine == "cpf check [<options>] [<cpf> ...]")
    }
}
