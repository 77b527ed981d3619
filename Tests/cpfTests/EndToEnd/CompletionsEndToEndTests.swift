// End-to-end tests of `cpf completions` and `cpf help --man`.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf completions, end to end")
struct CompletionsEndToEndTests {
    @Test(arguments: ["bash", "zsh", "fish", "BASH"])
    func printsAScriptForEachShell(shell: String) {
        let result = run(["completions", shell])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("cpf"))
        #expect(result.stderr.isEmpty)
    }

    @Test func anUnknownShellIsAUsageError() {
        let result = run(["completions", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cpf: invalid value 'tcsh' for '<shell>': expected 'bash', 'zsh' or 'fish'\n"))
        #expect(result.stderr.contains("cpf help completions"))
        #expect(run(["completions"]).status == 2)
    }

    @Test func helpManPrintsTheManPage() {
        let result = run(["help", "--man"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix(".TH CPF 1 "))
    }

    @Test func aMisspelledOptionGetsTheNearestName() {
        let result = run(["redact", "--stlye", "lgpd"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: unknown option '--stlye'; did you mean '--style'?\n"))
    }
}
