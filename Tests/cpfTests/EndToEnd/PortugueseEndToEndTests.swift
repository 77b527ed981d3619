// End-to-end tests of the language: the README's examples under
// LANG=pt_BR.UTF-8 speak Portuguese, and machine output is the same bytes.

import CPFTestSupport
import Foundation
import Testing

@Suite("Portuguese, end to end")
struct PortugueseEndToEndTests {
    /// English words of cpf's messages that must not appear in Portuguese.
    static let englishWords = [
        "valid", "invalid", "checked", "check digits", "expected", "digits", "character", "position",
        "Input", "Masked", "Fiscal region", "Did you mean", "LGPD display", "Usage", "See ", "unknown",
        "OVERVIEW", "USAGE", "OPTIONS", "EXIT STATUS", "EXAMPLES", "Print", "standard", "missing",
        "did you mean", "hint", "reading", "file",
    ]

    /// Runs a shell script with the given locale, in a directory holding the
    /// README's cpfs.txt and ticket.txt.
    static func shell(_ script: String, locale: String) -> (status: Int32, stdout: String, stderr: String) {
        let directory = TemporaryDirectory()
        directory.file("cpfs.txt", "390.533.447-05\n231.002.999-00\n39053344705x\n")
        directory.file(
            "ticket.txt",
            """
            Chamado 4512: cliente CPF 390.533.447-05, CNPJ 12.345.678/0001-95.
            tel (11) 98765-4321; doc 52998224725 / conta 1.390.533.447-05
            cpf=529982247-25; whatsapp 11987654374; CPF 231.002.999-00

            """)
        let result = runShell("cd '\(directory.url.path)' && export LANG='\(locale)' && \(script)")
        return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stderr)
    }

    /// The README's examples (those that do not need a terminal), and the
    /// mistakes a new user makes first; all human-readable output.
    static let readmeExamples = """
        "$CPF" check 390.533.447-05 231.002.999-00 '390.533.447-05x'
        "$CPF" check < cpfs.txt
        "$CPF" check --valid -i cpfs.txt
        printf '39053344705\\n12345\\n' | "$CPF" format
        "$CPF" strip 390.533.447-05
        printf '3905\\n390533447\\n' | "$CPF" format --partial
        "$CPF" generate -n 2 --formatted --state sp --seed 7
        "$CPF" info 390.533.447-06
        "$CPF" info 123
        "$CPF" complete --formatted 390.533.447
        "$CPF" complete 111111111
        "$CPF" find ticket.txt
        "$CPF" redact --style lgpd ticket.txt
        "$CPF" pseudonymize 390.533.447-05
        "$CPF" check cpfs.txt
        "$CPF" chek 390.533.447-05
        "$CPF" check --jsn
        "$CPF" redact --style x
        "$CPF" check -i missing.txt
        "$CPF" --help
        "$CPF" help check
        """

    @Test("under LANG=pt_BR.UTF-8 the README's examples speak Portuguese")
    func readmeExamplesInPortuguese() {
        let script = Self.readmeExamples.split(separator: "\n").map { "\($0) 2>&1; true" }.joined(separator: "\n")
        let result = Self.shell(script, locale: "pt_BR.UTF-8")
        // Take out what is not cpf's message: data, option names, file names.
        var text = result.stdout
        for word in [
            "--valid", "--invalid", "cpf check", "--input", "-i cpfs.txt", "cpfs.txt", "invalid-character",
            "check-digits", "missing.txt", "--field", "--header", "--json", "--csv", "--annotate",
            "--allow-repeated", "--strict", "--pad", "--quiet", "--delimiter", "--color", "--help",
            "--key-file", "--new-key-file", "customers", "checked.csv", "<file>", "SOURCE:LINE",
            "bad.txt", "--version", "<cpf>", "check", "input, valid, e cpf", "nomes valid e reason", "--style",
        ] {
            text = text.replacingOccurrences(of: word, with: "")
        }
        for word in Self.englishWords {
            #expect(!text.contains(word), "English '\(word)' in:\n\(result.stdout)")
        }
        for portuguese in [
            "válido", "inválido (os dígitos verificadores deveriam ser 81)", "conferidos",
            "Região fiscal", "Quis dizer", "esperados 11", "você quis dizer 'check'",
            "opção desconhecida", "Uso: ", "RESUMO:", "OPÇÕES:", "arquivo ou diretório inexistente",
            "dica: 'cpfs.txt' é um arquivo",
        ] {
            #expect(result.stdout.contains(portuguese), "no '\(portuguese)' in:\n\(result.stdout)")
        }
    }

    @Test(
        "check --json and --csv, info --json and find --json: the same bytes in every language",
        arguments: [
            "\"$CPF\" check --json < cpfs.txt",
            "\"$CPF\" check --csv < cpfs.txt",
            "\"$CPF\" check --json 390.533.447-05 231.002.999-00 '390.533.447-05x'",
            "\"$CPF\" check --annotate < cpfs.txt",
            "\"$CPF\" info --json 390.533.447-06",
            "\"$CPF\" info --json 123",
            "\"$CPF\" find --json ticket.txt",
        ])
    func machineOutputIsTheSame(command: String) {
        let english = Self.shell(command, locale: "C.UTF-8")
        let portuguese = Self.shell(command, locale: "pt_BR.UTF-8")
        #expect(!english.stdout.isEmpty)
        #expect(portuguese.stdout == english.stdout)
        #expect(portuguese.status == english.status)
    }

    @Test func lcAllOverridesLang() {
        let result = Self.shell("LC_ALL=C \"$CPF\" check 231.002.999-00", locale: "pt_BR.UTF-8")
        #expect(result.stdout == "231.002.999-00: invalid (check digits should be 81)\n")
        let messages = Self.shell("LC_MESSAGES=pt_BR \"$CPF\" check 231.002.999-00", locale: "C")
        #expect(messages.stdout == "231.002.999-00: inválido (os dígitos verificadores deveriam ser 81)\n")
    }
}
