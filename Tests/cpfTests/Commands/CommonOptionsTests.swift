// Tests of Commands/CommonOptions.swift: the options shared by the commands
// that read CPFs.

@testable import cpf
import Testing

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
}
