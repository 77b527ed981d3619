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

@Suite("CommandDefinition: the usage line is made from the definition")
struct CommandDefinitionUsageTests {
    static let definitions = Program.commands.map { $0.definition }

    /// Every command's usage line. A change here is a change to help, the
    /// man page, usage errors and docs/reference.md alike.
    static let lines: [(name: String, line: String)] = [
        ("check", "cpf check [<options>] [<cpf> ...]"),
        ("format", "cpf format [<options>] [<cpf> ...]"),
        ("strip", "cpf strip [<options>] [<cpf> ...]"),
        (
            "generate",
            """
            cpf generate [-n <count>] [--formatted] [--state <uf> | --region <digit>] [--seed <seed>] [--unique] \
            [--document <kind> [--alphanumeric]]
            """
        ),
        ("info", "cpf info [<options>] <cpf>"),
        ("complete", "cpf complete [<options>] [<base> ...]"),
        ("prompt", "cpf prompt [<options>]"),
        (
            "find",
            """
            cpf find [<options>] [-r] [-g <glob>] [--pre <command>] [--confidence <level>] [--include-invalid] \
            [--json] [--hide <style>] [--document <kind>] [--count | -l | -q] [--stats] [--color <when>] \
            [--skip-unsearchable] [<file> ...]
            """
        ),
        (
            "redact",
            """
            cpf redact [<options>] [-r] [-g <glob>] [--pre <command>] [--in-place] [--style <style>] \
            [--confidence <level>] [--document <kind>] [--stats] [--skip-unsearchable] [-f <n> [--header]] \
            [<file> ...]
            """
        ),
        (
            "pseudonymize",
            """
            cpf pseudonymize [<options>] --key-file <file> [--tweak <text>] [--keep-region] [--reverse] \
            [--formatted] [-f <n>] [<cpf> ...]
            """
        ),
        ("completions", "cpf completions bash|zsh|fish"),
    ]

    @Test("each command's usage line", arguments: lines)
    func eachCommandsUsageLine(name: String, line: String) throws {
        let definition = try #require(Self.definitions.first { $0.name == name })
        #expect(definition.usageLine == line)
    }

    @Test("every command's usage line is pinned above")
    func everyCommandIsPinned() {
        #expect(Self.lines.map(\.name) == Self.definitions.map(\.name))
    }

    @Test("every option of every command is in its usage line, or [<options>] stands for it")
    func everyOptionIsInTheUsageOrCoveredByOptions() {
        for definition in Self.definitions {
            let line = definition.usageLine
            let outside = Set(definition.optionsOutsideSynopsis.map(\.long))
            for option in definition.options {
                if outside.contains(option.long) {
                    #expect(line.contains(" [<options>]"), "\(definition.name): --\(option.long)")
                } else {
                    #expect(line.contains(option.synopsis), "\(definition.name): --\(option.long)")
                }
            }
            #expect(line.contains("[<options>]") == !outside.isEmpty, "\(definition.name)")
            #expect(!line.contains("--help"), "\(definition.name)")
        }
    }

    @Test("a usage line names only options of its command, each once")
    func theUsageNamesOnlyTheCommandsOptionsOnce() {
        for definition in Self.definitions {
            let named = definition.synopsis.flatMap(\.allOptions).map(\.long)
            let options = Set(definition.options.map(\.long))
            #expect(Set(named).count == named.count, "\(definition.name)")
            #expect(Set(named).isSubset(of: options), "\(definition.name): \(named)")
        }
    }

    @Test("a required option stands in the usage line without brackets")
    func aRequiredOptionHasNoBrackets() {
        let line = PseudonymizeCommand.definition.usageLine
        #expect(line.contains(" --key-file <file> [--tweak <text>]"))
        #expect(!line.contains("[--key-file"))
        for definition in Self.definitions {
            for term in definition.synopsis where term.isRequired {
                #expect(definition.usageLine.contains(" \(term.text) "), "\(definition.name)")
                #expect(!definition.usageLine.contains("[\(term.text)"), "\(definition.name)")
            }
        }
    }

    @Test("options that exclude each other are shown as a | b, inside one pair of brackets")
    func exclusiveOptionsAreAlternatives() {
        #expect(GenerateCommand.definition.usageLine.contains(" [--state <uf> | --region <digit>] "))
        #expect(FindCommand.definition.usageLine.contains(" [--count | -l | -q] "))
        for definition in Self.definitions {
            for term in definition.synopsis where term.options.count > 1 {
                let text = "[" + term.options.map(\.synopsis).joined(separator: " | ") + "]"
                #expect(HelpLayout.usageWords(definition.usageLine).contains(text), "\(definition.name)")
            }
        }
    }

    @Test("an option that only goes with another is shown inside the other's brackets")
    func aDependentOptionIsInsideItsOptionsBrackets() {
        #expect(GenerateCommand.definition.usageLine.hasSuffix(" [--document <kind> [--alphanumeric]]"))
        #expect(RedactCommand.definition.usageLine.contains(" [-f <n> [--header]] [<file> ...]"))
    }

    /// The options given together on a command line, each with a value when
    /// it takes one.
    static func words(_ options: [OptionDefinition]) -> [String] {
        options.flatMap { option in
            ["--\(option.long)"] + (option.takesValue ? [option.choices.first ?? "1"] : [])
        }
    }

    @Test("the command refuses together the options its usage line shows as alternatives")
    func alternativesAreRefusedTogether() throws {
        for command in Program.commands {
            for term in command.definition.synopsis where term.options.count > 1 {
                let words = Self.words(Array(term.options.prefix(2)))
                let parsed = try ParsedArguments.parse(words[...], for: command.definition)
                #expect(throws: UsageError.conflictingOptions(words[0], words.last { $0.hasPrefix("--") }!)) {
                    try command.run(parsed, context: Context())
                }
            }
        }
    }

    @Test("the command refuses an option its usage line shows inside another's brackets without that other")
    func dependentsAreRefusedAlone() throws {
        for command in Program.commands {
            for term in command.definition.synopsis {
                for dependent in term.dependents.flatMap(\.allOptions) {
                    let parsed = try ParsedArguments.parse(Self.words([dependent])[...], for: command.definition)
                    #expect(throws: UsageError.self, "\(command.definition.name): --\(dependent.long)") {
                        try command.run(parsed, context: Context())
                    }
                }
            }
        }
    }

    @Test(
        "help in both languages, and the man page, show the same usage line",
        arguments: Program.commands.map { $0.definition.name })
    func helpAndTheManPageShowTheSameUsage(name: String) throws {
        let definition = try #require(Self.definitions.first { $0.name == name })
        let line = definition.usageLine
        #expect(definition.helpText(.english).contains("\n\n" + HelpLayout.usage("USAGE: ", line) + "\n"))
        #expect(definition.helpText(.portuguese).contains("\n\n" + HelpLayout.usage("USO: ", line) + "\n"))
        #expect(ManPage.render().contains("\n.SS \"\(ManPage.escape(line))\"\n"))
    }
}
