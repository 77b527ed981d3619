// Tests of Commands/CommonOptions.swift: the options shared by the commands
// that read CPFs.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("CommonOptions")
struct CommonOptionsTests {
    @Test func inputTakesAFileAndHasAShortName() {
        #expect(CommonOptions.input.long == "input")
        #expect(CommonOptions.input.short == "i")
        #expect(CommonOptions.input.takesValue)
        #expect(!CommonOptions.strict.takesValue)
        #expect(!CommonOptions.pad.takesValue)
        #expect(!CommonOptions.allowRepeated.takesValue)
    }

    @Test func everyCommandThatReadsCPFsHasTheCommonOptions() {
        for definition in [CheckCommand.definition, FormatCommand.definition, StripCommand.definition] {
            let longs = definition.options.map(\.long)
            for common in ["input", "strict", "pad", "allow-repeated"] {
                #expect(longs.contains(common), "\(definition.name) lacks --\(common)")
            }
        }
    }

    @Test("--field and --header are spelt the same by every command that takes them, whatever its help says")
    func theRecordOptionsAreOneDefinition() {
        let commands = Program.commands.map { $0.definition }
        for (common, name) in [(CommonOptions.field, "field"), (CommonOptions.header, "header")] {
            let uses = commands.flatMap { $0.options }.filter { $0.long == name }
            #expect(uses.count == 6, "check, format, strip, complete, pseudonymize and redact take --\(name)")
            for option in uses {
                #expect(option.short == common.short && option.valueName == common.valueName)
                #expect(option.completion == common.completion)
            }
        }
        #expect(CheckCommand.field.help != CommonOptions.field.help)
        #expect(CheckCommand.header.help != CommonOptions.header.help)
    }

    @Test func argumentsOrInputButNotBoth() throws {
        try CommonOptions.requireArgumentsOrInput(parse(["390.533.447-05"]))
        try CommonOptions.requireArgumentsOrInput(parse(["-i", "a.txt"]))
        try CommonOptions.requireArgumentsOrInput(parse([]))
        #expect(throws: UsageError.invalid("CPF arguments cannot be combined with '-i'")) {
            try CommonOptions.requireArgumentsOrInput(parse(["-i", "a.txt", "390.533.447-05"]))
        }
        #expect(throws: UsageError.invalid("CPF arguments cannot be combined with '--input'")) {
            try CommonOptions.requireArgumentsOrInput(parse(["x", "--input=-"]))
        }
    }
    @Test(
        "delimiters",
        arguments: [
            (",", 0x2C), (";", 0x3B), ("|", 0x7C), ("\t", 0x09), ("tab", 0x09), ("\\t", 0x09), (":", 0x3A), ("/", 0x2F),
            ("soh", 0x01), ("\\x01", 0x01), ("\\001", 0x01), ("\\u0001", 0x01), ("\u{1}", 0x01),
        ] as [(String, UInt8)])
    func delimiters(_ text: String, _ byte: UInt8) throws {
        #expect(try CommonOptions.parseDelimiter(RawText(text), spelling: "-d") == byte)
    }

    // A digit, '.', '-' or a space would cut the CPF itself.
    @Test(
        "delimiters that are refused",
        arguments: ["", "ab", "\"", "\n", "\r", "é", "TAB", ",,", " ", ".", "-", "0", "5", "9"])
    func badDelimiters(_ text: String) {
        #expect(
            throws: UsageError.invalidValue(
                option: "--delimiter", value: RawText(text),
                expected: CommonOptions.delimiterExpectation)
        ) {
            try CommonOptions.parseDelimiter(RawText(text), spelling: "--delimiter")
        }
    }

    @Test(
        "--field, --delimiter and --header",
        arguments: [
            (["-f", "3", "-d", "tab", "--header"], 2, 0x09, true),
            (["--header"], nil, 0x2C, true),
            (["--field=1"], 0, 0x2C, false),
        ] as [([String], Int?, UInt8, Bool)])
    func columns(_ words: [String], _ field: Int?, _ delimiter: UInt8, _ header: Bool) throws {
        let columns = try CommonOptions.columns(parse(words, for: FormatCommand.definition))
        #expect(columns.field == field)
        #expect(columns.delimiter == delimiter)
        #expect(columns.skipsHeader == header)
    }

    @Test func headerAloneIsAllowedAndTheDelimiterNeedsAField() throws {
        _ = try CommonOptions.columns(parse(["--header"], for: StripCommand.definition))
        #expect(throws: UsageError.invalid("'-d' needs '--field'")) {
            try CommonOptions.columns(parse(["-d", ";"], for: StripCommand.definition))
        }
        #expect(throws: UsageError.invalid("'--header' applies to input lines, not to CPF arguments")) {
            try CommonOptions.columns(parse(["--header", "39053344705"], for: CompleteCommand.definition))
        }
    }

    @Test func anEmptyInputNameIsAUsageError() {
        #expect(throws: UsageError.invalid("'--input' needs a file name ('-' for standard input)")) {
            try CommonOptions.requireArgumentsOrInput(parse(["--input="]))
        }
    }

    @Test("--exit-zero is on every command that reads lines, and on no other")
    func exitZeroIsOnTheLineCommands() {
        let definitions = Program.commands.map { $0.definition }
        let takers = definitions.filter { $0.options.contains { $0.long == "exit-zero" } }.map { $0.name }
        #expect(takers == ["check", "format", "strip", "complete", "find", "redact", "pseudonymize"])
        #expect(!CommonOptions.exitZero.takesValue)
        #expect(CommonOptions.exitZero.help.english.contains("still exit 2"))
    }

    @Test func everyLineCommandHasTheColumnOptions() {
        for definition in [
            CheckCommand.definition, FormatCommand.definition, StripCommand.definition, CompleteCommand.definition,
        ] {
            let longs = definition.options.map(\.long)
            for option in ["field", "delimiter", "header"] {
                #expect(longs.contains(option), "\(definition.name) lacks --\(option)")
            }
        }
    }
}
