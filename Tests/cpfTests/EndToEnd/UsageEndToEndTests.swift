// End-to-end tests of usage errors, help and version.

import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("usage errors, help and version")
struct UsageEndToEndTests {
    struct UsageCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        /// What the first line of standard error must contain after `cpf: `.
        let message: String
        var testDescription: String { arguments.map { $0.isEmpty ? "''" : $0 }.joined(separator: " ") }
    }

    @Test(
        "usage errors exit 2 with a hint and nothing on standard output",
        arguments: [
            UsageCase(arguments: ["frobnicate"], message: "unknown command 'frobnicate'"),
            UsageCase(arguments: ["--bogus"], message: "unknown option '--bogus'"),
            UsageCase(arguments: ["check", "--bogus"], message: "unknown option '--bogus'"),
            UsageCase(arguments: ["check", "-z"], message: "unknown option '-z'"),
            UsageCase(arguments: ["format", "--bogus=1"], message: "unknown option '--bogus'"),
            UsageCase(arguments: ["strip", "--partial"], message: "unknown option '--partial'"),
            UsageCase(arguments: ["check", "--field", "0"], message: "invalid value '0' for '--field'"),
            UsageCase(arguments: ["check", "--field", "abc"], message: "invalid value 'abc' for '--field'"),
            UsageCase(arguments: ["check", "-f", "-1"], message: "invalid value '-1' for '-f'"),
            UsageCase(arguments: ["check", "--field=", "-i", "x"], message: "invalid value '' for '--field'"),
            UsageCase(arguments: ["check", "--field"], message: "missing value for '--field'"),
            UsageCase(arguments: ["check", "-i"], message: "missing value for '-i'"),
            UsageCase(arguments: ["format", "--input"], message: "missing value for '--input'"),
            UsageCase(
                arguments: ["check", "--valid", "--invalid"], message: "'--valid' cannot be used with '--invalid'"),
            UsageCase(arguments: ["check", "--json", "-q"], message: "'--json' cannot be used with '-q'"),
            UsageCase(arguments: ["check", "--csv", "--json"], message: "'--json' cannot be used with '--csv'"),
            UsageCase(arguments: ["check", "--delimiter", ""], message: "invalid value '' for '--delimiter'"),
            UsageCase(
                arguments: ["check", "--field", "2", "--delimiter", ""], message: "invalid value '' for '--delimiter'"),
            UsageCase(arguments: ["check", "--field", "2", "-d", "ab"], message: "invalid value 'ab' for '-d'"),
            UsageCase(arguments: ["check", "--field", "2", "-d", "\""], message: "invalid value '\"' for '-d'"),
            UsageCase(arguments: ["check", "--delimiter", ";"], message: "'--delimiter' needs '--field'"),
            UsageCase(arguments: ["check", "--strict=yes", "x"], message: "'--strict' does not take a value"),
            UsageCase(
                arguments: ["check", "--input", "cpfs.txt", "390.533.447-05"],
                message: "CPF arguments cannot be combined with '--input'"),
            UsageCase(
                arguments: ["format", "390.533.447-05", "-i", "-"],
                message: "CPF arguments cannot be combined with '-i'"),
            UsageCase(
                arguments: ["strip", "--input=-", "390.533.447-05"],
                message: "CPF arguments cannot be combined with '--input'"),
            UsageCase(
                arguments: ["check", "--field", "2", "390.533.447-05"],
                message: "'--field' applies to input lines, not to CPF arguments"),
            UsageCase(
                arguments: ["check", "--header", "390.533.447-05"],
                message: "'--header' applies to input lines, not to CPF arguments"),
            UsageCase(
                arguments: ["check", "--input="], message: "'--input' needs a file name ('-' for standard input)"),
            UsageCase(arguments: ["chek"], message: "unknown command 'chek'; did you mean 'check'?"),
            UsageCase(arguments: ["frmat", "1"], message: "unknown command 'frmat'; did you mean 'format'?"),
            UsageCase(
                arguments: ["check", "--fild", "2"], message: "unknown option '--fild'; did you mean '--field'?"),
            UsageCase(arguments: ["--versoin"], message: "unknown option '--versoin'; did you mean '--version'?"),
            UsageCase(
                arguments: ["redact", "--style", "x"],
                message: "invalid value 'x' for '--style': expected 'full', 'lgpd' or 'pseudonym'"),
            UsageCase(arguments: ["help", "frobnicate"], message: "unknown command 'frobnicate'"),
            UsageCase(arguments: [], message: "missing argument <command>"),
            UsageCase(
                arguments: ["format", "--partial", "--validate"],
                message: "'--partial' cannot be used with '--validate'"),
        ])
    func usageError(_ c: UsageCase) {
        let result = run(c.arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cpf: \(c.message)"))
        #expect(result.stderr.contains("help"))
    }

    struct HelpCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let command: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "help goes to standard output and exits 0",
        arguments: [
            HelpCase(arguments: ["--help"], command: nil),
            HelpCase(arguments: ["-h"], command: nil),
            HelpCase(arguments: ["help"], command: nil),
            HelpCase(arguments: ["help", "--help"], command: nil),
            HelpCase(arguments: ["help", "check"], command: "check"),
            HelpCase(arguments: ["check", "--help"], command: "check"),
            HelpCase(arguments: ["check", "-h"], command: "check"),
            HelpCase(arguments: ["check", "--valid", "--help"], command: "check"),
            HelpCase(arguments: ["format", "-h"], command: "format"),
            HelpCase(arguments: ["help", "format"], command: "format"),
            HelpCase(arguments: ["strip", "--help"], command: "strip"),
        ])
    func help(_ c: HelpCase) {
        let result = run(c.arguments)
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(text.contains("USAGE:"))
        #expect(text.contains("OPTIONS:"))
        #expect(text.contains("--help"))
        if let command = c.command {
            #expect(text.contains("ARGUMENTS:"))
            #expect(text.contains("USAGE: cpf \(command) "))
        } else {
            // The overview lists the commands (it has COMMANDS: rather than ARGUMENTS:).
            #expect(text.contains("COMMANDS:"))
            for command in ["check", "format", "strip", "help"] {
                #expect(text.contains("\n  \(command) "))
            }
            #expect(text.contains("--version"))
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "help line longer than 80 columns: \(line)")
        }
    }

    /// Every command, and `help` itself.
    static let everyCommand = Program.commands.map { $0.definition.name } + ["help"]

    @Test(
        "every command: 'cpf help X' and 'cpf X --help' print the same help, with its usage line, and exit 0",
        arguments: everyCommand)
    func everyCommandHasHelp(_ name: String) {
        let viaHelp = run(["help", name])
        let viaOption = run([name, "--help"])
        let usage = Program.command(named: name).map { HelpLayout.usage("USAGE: ", $0.definition.usageLine) }
        for result in [viaHelp, viaOption] {
            let text = String(decoding: result.stdout, as: UTF8.self)
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(text.contains(usage ?? "USAGE: "))
            #expect(text.contains("OPTIONS:"))
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.count <= 80, "help line longer than 80 columns: \(line)")
            }
        }
        #expect(viaHelp.stdout == viaOption.stdout)
    }

    @Test(
        "every command: a usage error shows the usage line help shows, in 80 columns",
        arguments: Program.commands.map { $0.definition.name })
    func everyUsageErrorFits(_ name: String) throws {
        let result = run([name, "--no-such-option"])
        let definition = try #require(Program.command(named: name)).definition
        #expect(result.status == 2)
        #expect(result.stderr.contains("\n" + HelpLayout.usage("Usage: ", definition.usageLine)))
        #expect(result.stderr.contains("See 'cpf help \(name)'"))
        for line in result.stderr.split(separator: "\n") {
            #expect(line.count <= 80, "usage line longer than 80 columns: \(line)")
        }
    }

    @Test func checkHelpDescribesItsOptions() {
        let text = String(decoding: run(["help", "check"]).stdout, as: UTF8.self)
        for option in [
            "--input", "--strict", "--pad", "--allow-repeated", "--valid", "--invalid", "--json", "--csv",
            "--quiet", "--field", "--delimiter", "--header",
        ] {
            #expect(text.contains(option), "help check does not mention \(option)")
        }
        #expect(run(["check", "--help"]).stdout == run(["help", "check"]).stdout)
    }

    @Test func formatHelpDescribesPartialAndValidate() {
        let text = String(decoding: run(["format", "-h"]).stdout, as: UTF8.self)
        #expect(text.contains("--partial"))
        #expect(text.contains("--validate"))
        #expect(!String(decoding: run(["strip", "-h"]).stdout, as: UTF8.self).contains("--partial"))
    }

    @Test func versionPrintsTheVersion() {
        let result = run(["--version"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(text.wholeMatch(of: /cpf \d+\.\d+\.\d+\n/) != nil, "got \(text)")
    }
}
