// Tests of Commands/ReformatCommand.swift: the format and strip commands.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("FormatCommand, StripCommand and ReformatCommand")
struct ReformatCommandTests {
    @Test func namesAndOptions() {
        #expect(FormatCommand.definition.name == "format")
        #expect(StripCommand.definition.name == "strip")
        let format = FormatCommand.definition.options.map(\.long)
        let strip = StripCommand.definition.options.map(\.long)
        #expect(
            format == [
                "input", "strict", "pad", "allow-repeated", "validate", "field", "delimiter", "header", "raw", "quiet",
                "show-values", "exit-zero", "document", "partial",
            ])
        #expect(
            strip == [
                "input", "strict", "pad", "allow-repeated", "validate", "field", "delimiter", "header", "raw", "quiet",
                "show-values", "exit-zero", "document",
            ])
        #expect(
            ReformatCommand.options.allSatisfy {
                ["input", "field", "delimiter", "document"].contains($0.long) || !$0.takesValue
            })
    }

    @Test func theDiscussionExplainsPassThroughAndExitStatus() {
        let text = ReformatCommand.discussion(example: "cpf strip 390.533.447-05").english
        #expect(text.contains("passed through unchanged"))
        #expect(text.contains("EXIT STATUS:"))
        #expect(text.hasSuffix("cpf strip 390.533.447-05"))
        #expect(FormatCommand.definition.helpText.contains("cpf format 39053344705"))
        #expect(StripCommand.definition.helpText.contains("cpf strip 390.533.447-05"))
    }

    @Test func argumentsAndInputTogetherAreAUsageError() throws {
        let format = try parse(["--input", "a.txt", "39053344705"], for: FormatCommand.definition)
        #expect(throws: UsageError.invalid("CPF arguments cannot be combined with '--input'")) {
            try FormatCommand.run(format, context: Context())
        }
        let strip = try parse(["39053344705", "-i", "-"], for: StripCommand.definition)
        #expect(throws: UsageError.invalid("CPF arguments cannot be combined with '-i'")) {
            try StripCommand.run(strip, context: Context())
        }
    }
}
