// Tests of CLI/CommandDefinition.swift: the definitions of every command and
// their help text.

@testable import cpf
import Testing

@Suite("CommandDefinition")
struct CommandDefinitionTests {
    /// Every command's definition.
    static let definitions = Program.commands.map { $0.definition }

    @Test(arguments: ["check", "format", "strip"])
    func helpTextHasItsSectionsInOrder(name: String) throws {
        let definition = try #require(Self.definitions.first { $0.name == name })
        let text = definition.helpText
        #expect(text.hasPrefix("OVERVIEW: \(definition.abstract.english)\n\nUSAGE: cpf \(name) "))
        let usage = try #require(text.range(of: "USAGE:"))
        let arguments = try #require(text.range(of: "\nARGUMENTS:\n"))
        let options = try #require(text.range(of: "\nOPTIONS:\n"))
        #expect(usage.lowerBound < arguments.lowerBound)
        #expect(arguments.lowerBound < options.lowerBound)
        #expect(text.hasSuffix("\n"))
        for option in definition.allOptions {
            #expect(text.contains("--\(option.long)"))
            if let short = option.short { #expect(text.contains("-\(short), --\(option.long)")) }
            if let value = option.valueName { #expect(text.contains("--\(option.long) <\(value)>")) }
        }
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "too long: \(line)")
        }
    }

    @Test func everyCommandHasHelpLast() {
        for definition in Self.definitions {
            #expect(definition.allOptions.last?.long == "help")
            #expect(definition.allOptions.last?.short == "h")
            #expect(definition.allOptions.dropLast().allSatisfy { $0.long != "help" })
        }
    }

    @Test func optionNamesAreUniqueInEachCommand() {
        for definition in Self.definitions {
            let longs = definition.allOptions.map(\.long)
            let shorts = definition.allOptions.compactMap(\.short)
            #expect(Set(longs).count == longs.count)
            #expect(Set(shorts).count == shorts.count)
        }
    }

    @Test("every command: help lines and the usage line fit in 80 columns", arguments: Program.commands.map { $0.definition.name })
    func everyHelpLineFits(name: String) throws {
        let definition = try #require(Self.definitions.first { $0.name == name })
        #expect(definition.helpText.hasPrefix("OVERVIEW: \(definition.abstract.english)\n\nUSAGE: cpf \(name)"))
        for line in definition.helpText.split(separator: "\n") {
            #expect(line.count <= 80, "too long: \(line)")
        }
        for line in HelpLayout.usage("Usage: ", definition.usageLine).split(separator: "\n") {
            #expect(line.count <= 80, "too long: \(line)")
        }
    }

    @Test func everyCommandIsDefinedOnce() {
        let names = Self.definitions.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(!names.contains("help"))
    }
}
