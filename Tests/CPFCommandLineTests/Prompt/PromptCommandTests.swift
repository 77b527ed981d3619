// Tests of Prompt/PromptCommand.swift: the prompt's options and usage errors
// (the terminal itself is driven end to end in PromptEndToEndTests).

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("PromptCommand")
struct PromptCommandTests {
    @Test func nameAndOptions() {
        #expect(PromptCommand.definition.name == "prompt")
        #expect(
            PromptCommand.definition.options.map(\.long) == [
                "label", "formatted", "allow-invalid", "allow-repeated", "document", "color",
            ])
        #expect(Program.command(named: "prompt") != nil)
        #expect(PromptCommand.defaultLabel == "CPF:")
    }

    @Test("the help names every key and the exit statuses, in 80 columns")
    func help() {
        let text = PromptCommand.definition.helpText
        for word in [
            "--label", "--formatted", "--allow-invalid", "Backspace", "Delete", "Left", "Right", "Home", "End",
            "Enter", "Esc", "Ctrl-C", "paste", "/dev/tty", "NO_COLOR", "EXIT STATUS:", "1 cancelled",
        ] {
            #expect(text.contains(word), "the help does not mention \(word)")
        }
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "too long: \(line)") }
    }

    @Test(
        "arguments and labels with control or format characters are usage errors, found before the terminal is opened",
        arguments: [
            (["39053344705"], UsageError.unexpectedArgument("39053344705")),
            (
                ["--label", "a\nb"],
                .invalidValue(option: "--label", value: "a\nb", expected: "text without control or format characters")
            ),
            (
                ["--label=\u{1B}[31m"],
                .invalidValue(
                    option: "--label", value: "\u{1B}[31m", expected: "text without control or format characters")
            ),
            (
                ["--label", "a\u{202E}b"],
                .invalidValue(
                    option: "--label", value: "a\u{202E}b", expected: "text without control or format characters")
            ),
            (
                ["--label", "a\u{9B}b"],
                .invalidValue(
                    option: "--label", value: "a\u{9B}b", expected: "text without control or format characters")
            ),
        ])
    func usageErrors(words: [String], error: UsageError) throws {
        let arguments = try parse(words, for: PromptCommand.definition)
        #expect(throws: error) { try PromptCommand.run(arguments, context: Context()) }
    }

    @Test(
        "--document names the kinds the field takes; the default label says which",
        arguments: [
            (TaxpayerID.Accepted.cpf, "CPF:"), (.cnpj, "CNPJ:"), (.any, "CPF/CNPJ:"),
        ])
    func defaultLabels(accepted: TaxpayerID.Accepted, label: String) throws {
        #expect(PromptCommand.defaultLabel(accepting: accepted) == label)
        let arguments = try parse(["--document", accepted.rawValue], for: PromptCommand.definition)
        #expect(try TaxpayerIDOptions.accepted(arguments) == accepted)
    }

    @Test("a --document that is not cpf, cnpj or any is a usage error, found before the terminal is opened")
    func unknownDocument() throws {
        let arguments = try parse(["--document", "rg"], for: PromptCommand.definition)
        #expect(throws: UsageError.self) { try PromptCommand.run(arguments, context: Context()) }
    }

    @Test(
        "--formatted masks what was accepted as its kind: 11 digits a CPF, 14 characters a CNPJ",
        arguments: [
            ("39053344705", "390.533.447-05"), ("11222333000181", "11.222.333/0001-81"),
            ("12ABC34501DE35", "12.ABC.345/01DE-35"),
        ])
    func masked(characters: String, expected: String) {
        #expect(PromptCommand.masked(characters) == expected)
    }

    @Test("the help tells what letters do and how the mask switches, in English and Portuguese")
    func documentHelp() {
        let english = PromptCommand.definition.helpText
        for word in ["--document <kind>", "A-Z, a-z", "12th character", "XX.XXX.XXX/XXXX-DD"] {
            #expect(english.contains(word), "the help does not mention \(word)")
        }
    }
}
