// Tests of CLI/CommandDefinition.swift: the definitions of every command and
// their help text.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

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

    @Test(
        "every command: help lines and the usage line fit in 80 columns",
        arguments: Program.commands.map { $0.definition.name })
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

@Suite("CommandDefinition in Portuguese")
struct CommandDefinitionPortugueseTests {
    @Test(
        "every command: help lines fit in 80 columns in Portuguese too",
        arguments: Program.commands.map { $0.definition.name })
    func everyPortugueseHelpLineFits(name: String) throws {
        let definitions: [CommandDefinition] = Program.commands.map { $0.definition }
        let definition = try #require(definitions.first { $0.name == name })
        let text = definition.helpText(.portuguese)
        let abstract = definition.abstract.portuguese
        #expect(text.hasPrefix("RESUMO: " + abstract + "\n\nUSO: cpf " + name))
        #expect(text.contains("\nOPÇÕES:\n"))
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "too long: \(line)")
        }
        for option in definition.allOptions {
            let label = option.label
            let portuguese = option.help.portuguese
            let english = option.help.english
            #expect(text.contains(label))
            #expect(!portuguese.isEmpty)
            #expect(portuguese != english)
        }
        let discussionIsEmpty = definition.discussion.portuguese.isEmpty
        #expect(discussionIsEmpty == definition.discussion.english.isEmpty)
    }

    @Test func theOverviewFitsInPortuguese() {
        let overview = Program.overview(.portuguese)
        #expect(overview.contains("COMANDOS:"))
        for line in overview.split(separator: "\n") { #expect(line.count <= 80, "too long: \(line)") }
    }
}
