// Tests of CLI/Program.swift: the command table, the overview and
// usage errors. (Program.main itself writes to the process's standard
// output; the end-to-end tests run it through the binary.)

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("Program")
struct ProgramTests {
    @Test(arguments: ["check", "format", "strip", "generate", "info", "complete", "prompt", "find", "redact"])
    func commandsAreFoundByName(name: String) {
        #expect(Program.command(named: name)?.definition.name == name)
    }

    @Test func everyCommandInTheTableIsFoundByItsName() {
        for command in Program.commands {
            #expect(Program.command(named: command.definition.name) == nil ? false : true)
        }
    }

    @Test(arguments: ["", "help", "Check", "chec", "--help", "generate-x"])
    func unknownNamesAreNotCommands(name: String) {
        #expect(Program.command(named: name) == nil)
    }

    @Test func theOverviewListsEveryCommandAndHowToGetHelp() {
        let overview = Program.overview
        #expect(overview.hasPrefix("OVERVIEW: "))
        #expect(overview.contains("USAGE: cpf <command> [<options>] [<arguments>]"))
        #expect(overview.contains("\nCOMMANDS:\n"))
        #expect(overview.contains("\nOPTIONS:\n"))
        for command in Program.commands {
            #expect(overview.contains("\n  \(command.definition.name) "))
            #expect(overview.contains(command.definition.abstract.english))
        }
        #expect(overview.contains("-h, --help"))
        #expect(overview.contains("--version"))
        #expect(overview.contains("cpf help <command>"))
        #expect(overview.hasSuffix("\n"))
        for line in overview.split(separator: "\n") { #expect(line.count <= 80, "too long: \(line)") }
    }

    @Test func theVersionIsThreeNumbers() {
        #expect(Program.version.wholeMatch(of: /\d+\.\d+\.\d+/) != nil)
    }

    @Test func aUsageErrorExitsTwo() {
        let context = Context()
        #expect(Program.usageError(.unknownCommand("x"), command: nil, context: context).rawValue == 2)
        #expect(
            Program.usageError(.unknownOption("--x"), command: CheckCommand.definition, context: context).rawValue == 2)
    }
}
