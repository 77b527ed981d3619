// Tests of CLI/CompletionScript.swift: the scripts work in real shells.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("CompletionScript")
struct CompletionScriptTests {
    /// What bash completes for the words typed so far (the last one being
    /// completed, possibly empty), with the script of `cpf completions bash`.
    static func bashCompletes(_ words: [String]) -> [String] {
        let array = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let result = runShell(
            """
            exec bash -c 'source <("$CPF" completions bash); COMP_WORDS=(\(array.replacingOccurrences(of: "'", with: "\"")));
            COMP_CWORD=\(words.count - 1); _cpf; echo "${COMPREPLY[@]}"'
            """)
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func bashCompletesACommand() {
        #expect(Self.bashCompletes(["cpf", "ch"]) == ["check"])
        #expect(Self.bashCompletes(["cpf", "help", "red"]) == ["redact"])
    }

    @Test func bashCompletesAnOption() {
        #expect(Self.bashCompletes(["cpf", "redact", "--sty"]) == ["--style"])
        #expect(Self.bashCompletes(["cpf", "find", "--col"]) == ["--color"])
    }

    @Test func bashOffersTheValuesOfAChoiceOption() {
        #expect(Self.bashCompletes(["cpf", "redact", "--style", ""]) == ["full", "lgpd", "pseudonym"])
        #expect(Self.bashCompletes(["cpf", "find", "--confidence", "h"]) == ["high"])
        #expect(Self.bashCompletes(["cpf", "check", "--color", ""]) == ["auto", "always", "never"])
        #expect(Self.bashCompletes(["cpf", "completions", ""]) == ["bash", "zsh", "fish"])
        // bash splits '--style=l' at '='.
        #expect(Self.bashCompletes(["cpf", "redact", "--style", "=", "l"]) == ["lgpd"])
        #expect(Self.bashCompletes(["cpf", "generate", "--state", "S"]) == ["SC", "SE", "SP"])
    }

    @Test func bashCompletesFileNamesWhereAFileIsExpected() {
        let directory = TemporaryDirectory()
        directory.file("cpfs-list.txt", "")
        let prefix = directory.path("cpfs-")
        #expect(Self.bashCompletes(["cpf", "check", "--input", prefix]) == [prefix + "list.txt"])
        #expect(Self.bashCompletes(["cpf", "find", prefix]) == [prefix + "list.txt"])
    }

    @Test(.enabled(if: InstalledTool.areInstalled("zsh"), "zsh is not installed"))
    func zshAcceptsItsScript() {
        let result = runShell(
            #"command -v zsh > /dev/null || { echo "zsh is missing" >&2; exit 3; }; "$CPF" completions zsh > "${TMPDIR:-/tmp}/cpf-completion-$$.zsh" && zsh -n "${TMPDIR:-/tmp}/cpf-completion-$$.zsh"; status=$?; rm -f "${TMPDIR:-/tmp}/cpf-completion-$$.zsh"; exit $status"#
        )
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(.enabled(if: InstalledTool.areInstalled("fish"), "fish is not installed"))
    func fishAcceptsItsScriptAndCompletesChoices() {
        let result = runShell(
            #"command -v fish > /dev/null || { echo "fish is missing" >&2; exit 3; }; "$CPF" completions fish > "${TMPDIR:-/tmp}/cpf-completion-$$.fish" && fish --no-execute "${TMPDIR:-/tmp}/cpf-completion-$$.fish" && fish -c "source ${TMPDIR:-/tmp}/cpf-completion-$$.fish; complete -C 'cpf redact --style '"; status=$?; rm -f "${TMPDIR:-/tmp}/cpf-completion-$$.fish"; exit $status"#
        )
        #expect(result.status == 0, "\(result.stderr)")
        let values = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map {
            String($0.prefix { $0 != "\t" })
        }
        #expect(values == ["full", "lgpd", "pseudonym"])
    }

    @Test func everyCommandAndOptionIsInEveryScript() {
        for script in [
            CompletionScript.bash(language: .english), CompletionScript.zsh(language: .english),
            CompletionScript.fish(language: .english),
        ] {
            for definition in Program.commands.map({ $0.definition }) {
                #expect(script.contains(definition.name))
                for option in definition.allOptions { #expect(script.contains(option.long)) }
            }
        }
    }

    @Test func descriptionsFollowTheLanguage() {
        #expect(CompletionScript.fish(language: .portuguese).contains("Valida números de CPF"))
        #expect(CompletionScript.zsh(language: .english).contains("Validate CPF numbers"))
    }
}
