// Tests of CLI/ArgumentParser.swift: ParsedArguments.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("ArgumentParser")
struct ArgumentParserTests {
    @Test(
        "an option with a value, however it is written",
        arguments: [
            ["--field", "2"], ["--field=2"], ["-f", "2"], ["-f2"],
        ])
    func optionValueSpellings(_ words: [String]) throws {
        let parsed = try parse(words)
        #expect(parsed.has(CheckCommand.field))
        #expect(parsed.value(CheckCommand.field) == "2")
        #expect(parsed.positionals.isEmpty)
    }

    @Test func theSpellingUsedIsRemembered() throws {
        #expect(try parse(["-f", "2"]).spelling(CheckCommand.field) == "-f")
        #expect(try parse(["--field=2"]).spelling(CheckCommand.field) == "--field")
        #expect(try parse([]).spelling(CheckCommand.field) == "--field")
    }

    @Test func flagsAndBundledShortOptions() throws {
        let parsed = try parse(["-q", "--strict"])
        #expect(parsed.has(CheckCommand.quiet))
        #expect(parsed.has(CommonOptions.strict))
        #expect(!parsed.has(CommonOptions.pad))
        #expect(parsed.value(CheckCommand.quiet) == "")

        let bundled = try parse(["-qf3"])
        #expect(bundled.has(CheckCommand.quiet))
        #expect(bundled.value(CheckCommand.field) == "3")

        let separate = try parse(["-qi", "file.txt"])
        #expect(separate.has(CheckCommand.quiet))
        #expect(separate.value(CommonOptions.input) == "file.txt")
    }

    @Test func repeatedOptionsKeepEveryValueInOrder() throws {
        let parsed = try parse(["-i", "a", "--input", "b", "--input=c", "-id"])
        #expect(parsed.values(CommonOptions.input) == ["a", "b", "c", "d"])
        #expect(parsed.value(CommonOptions.input) == "d")
        #expect(parsed.values(CheckCommand.field) == [])
    }

    @Test func positionalsMixWithOptions() throws {
        let parsed = try parse(["390.533.447-05", "--strict", "231.002.999-00"])
        #expect(parsed.positionals == ["390.533.447-05", "231.002.999-00"])
        #expect(parsed.has(CommonOptions.strict))
    }

    @Test func aLoneDashIsAPositionalAndAValue() throws {
        #expect(try parse(["-"]).positionals == ["-"])
        #expect(try parse(["-i", "-"]).values(CommonOptions.input) == ["-"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--strict", "--", "-q", "--bogus", "--"])
        #expect(parsed.positionals == ["-q", "--bogus", "--"])
        #expect(!parsed.has(CheckCommand.quiet))
        #expect(parsed.has(CommonOptions.strict))
    }

    @Test func anOptionValueMayLookLikeAnOption() throws {
        #expect(try parse(["--input", "--strict"]).values(CommonOptions.input) == ["--strict"])
        #expect(try parse(["-d", "-", "-f", "1"]).value(CheckCommand.delimiter) == "-")
        #expect(try parse(["--input=a=b"]).value(CommonOptions.input) == "a=b")
        #expect(try parse(["--input="]).value(CommonOptions.input) == "")
    }

    @Test func helpIsAnOptionOfEveryCommand() throws {
        #expect(try parse(["--help"]).has(.help))
        #expect(try parse(["-h"], for: FormatCommand.definition).has(.help))
        #expect(try parse(["-qh"]).has(.help))
    }

    @Test(
        "usage errors",
        arguments: [
            (["--bogus"], UsageError.unknownOption("--bogus")),
            (["--bogus=1"], .unknownOption("--bogus")),
            (["-z"], .unknownOption("-z")),
            (["-qz"], .unknownOption("-z")),
            (["--" + "=x"], .unknownOption("--")),
            (["--field"], .missingValue(option: "--field")),
            (["-f"], .missingValue(option: "-f")),
            (["-qf"], .missingValue(option: "-f")),
            (["--strict=yes"], .unexpectedValue(option: "--strict")),
            (["--help=1"], .unexpectedValue(option: "--help")),
            (["--partial"], .unknownOption("--partial")),
        ] as [([String], UsageError)])
    func usageErrors(_ words: [String], _ error: UsageError) {
        #expect(throws: error) { try parse(words) }
    }

    @Test func formatKnowsPartialAndStripDoesNot() throws {
        #expect(try parse(["--partial"], for: FormatCommand.definition).has(ReformatCommand.partial))
        #expect(throws: UsageError.unknownOption("--partial")) {
            try parse(["--partial"], for: StripCommand.definition)
        }
    }

    @Test func requireAtMostOneNamesTheFirstTwoGiven() throws {
        let options = [
            CheckCommand.valid, CheckCommand.invalid, CheckCommand.json, CheckCommand.csv, CheckCommand.quiet,
        ]
        try parse(["--json"]).requireAtMostOne(of: options)
        try parse(["--json", "--json"]).requireAtMostOne(of: options)
        try parse([]).requireAtMostOne(of: options)
        #expect(throws: UsageError.conflictingOptions("--valid", "--invalid")) {
            try parse(["--invalid", "--valid"]).requireAtMostOne(of: options)
        }
        #expect(throws: UsageError.conflictingOptions("--csv", "-q")) {
            try parse(["-q", "--csv", "--strict"]).requireAtMostOne(of: options)
        }
    }

    @Test(
        "whole numbers in a range",
        arguments: [
            ("1", 1), ("2", 2), ("+3", 3), ("2147483647", 2_147_483_647),
        ])
    func integers(_ text: String, _ value: Int) throws {
        #expect(
            try parse(["--field", text]).integer(CheckCommand.field, in: 1...Int(Int32.max), expected: "a field number")
                == value)
    }

    @Test(
        "values that are not whole numbers in the range",
        arguments: ["0", "-1", "abc", "", " 2", "2 ", "1.5", "2147483648", "99999999999999999999"])
    func badIntegers(_ text: String) throws {
        let parsed = try parse(["-f", text])
        #expect(throws: UsageError.invalidValue(option: "-f", value: RawText(text), expected: "a field number")) {
            try parsed.integer(CheckCommand.field, in: 1...Int(Int32.max), expected: "a field number")
        }
    }

    @Test func anAbsentIntegerIsNil() throws {
        #expect(try parse([]).integer(CheckCommand.field, in: 1...9, expected: "x") == nil)
    }

    @Test("a choice is matched in any ASCII case", arguments: [("lgpd", "lgpd"), ("LGPD", "lgpd"), ("Full", "full")])
    func choiceInAnyCase(_ given: String, _ chosen: String) throws {
        let arguments = try parse(["--style", given], for: RedactCommand.definition)
        #expect(try arguments.choice(RedactCommand.style, among: ["full", "lgpd"]) == chosen)
    }

    @Test func anUnknownChoiceListsTheChoices() throws {
        let arguments = try parse(["--style", "x"], for: RedactCommand.definition)
        #expect(throws: UsageError.invalidValue(option: "--style", value: "x", expected: "'a', 'b' or 'c'")) {
            try arguments.choice(RedactCommand.style, among: ["a", "b", "c"])
        }
        #expect(try parse([], for: RedactCommand.definition).choice(RedactCommand.style, among: ["a"]) == nil)
    }
}
