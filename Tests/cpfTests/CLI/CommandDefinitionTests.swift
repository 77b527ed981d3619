// Tests of CommandLine/CommandDefinition.swift: option definitions and the
// help text layout.

@testable import cpf
import Testing

@Suite("CommandDefinition and HelpLayout")
struct CommandDefinitionTests {
    static let definitions = [CheckCommand.definition, FormatCommand.definition, StripCommand.definition]

    @Test(arguments: ["check", "format", "strip"])
    func helpTextHasItsSectionsInOrder(name: String) throws {
        let definition = try #require(Self.definitions.first { $0.name == name })
        let text = definition.helpText
        #expect(text.hasPrefix("OVERVIEW: \(definition.abstract)\n\nUSAGE: cpf \(name) "))
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

    @Test func anOptionTakesAValueWhenItNamesOne() {
        #expect(OptionDefinition("field", short: "f", value: "n", help: "").takesValue)
        #expect(!OptionDefinition("strict", help: "").takesValue)
    }

    @Test func aShortRowFitsOnOneLine() {
        #expect(HelpLayout.row("--strict", "Strict.") == "  --strict" + String(repeating: " ", count: 26 - 8) + "Strict.\n")
    }

    @Test func aLongHelpWrapsUnderItsColumn() {
        let help = Array(repeating: "word", count: 40).joined(separator: " ")
        let row = HelpLayout.row("-x, --example", help)
        let lines = row.split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 28)) && !$0.hasPrefix(String(repeating: " ", count: 29)) })
        #expect(lines.map { $0.split(separator: " ").filter { $0 == "word" }.count }.reduce(0, +) == 40)
    }

    @Test func aLongLabelPutsTheHelpOnTheNextLine() {
        let label = String(repeating: "l", count: 30)
        #expect(HelpLayout.row(label, "Help.") == "  \(label)\n" + String(repeating: " ", count: 28) + "Help.\n")
    }
}
