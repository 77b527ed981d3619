import CPFKit

/// `cpf redact`: copy text with the digits of every CPF hidden.
enum RedactCommand: Command {
    static let style = OptionDefinition(
        "style", value: "style", help: "'full' (default) hides every digit: ***.***.***-**, ***********. 'lgpd' hides the first three and the last two: ***.533.447-**, ***533447**.")

    static let definition = CommandDefinition(
        name: "redact",
        abstract: "Copy text with the digits of every CPF in it hidden.",
        usage: "[--style full|lgpd] [<file> ...]",
        arguments: [
            ("<file>", "Files to copy, in order ('-' for standard input). Without any, standard input is read."),
        ],
        options: [
            style,
        ],
        discussion: """
            Every CPF that 'cpf find' reports is rewritten in place, separators kept;
            every other byte is copied unchanged, binary data and invalid UTF-8
            included. Memory stays flat whatever the input, even a 1 GB line.

            EXIT STATUS:
              0 copied (whether or not a CPF was found), 2 usage or I/O error.

            EXAMPLES:
              cpf redact app.log > app-shared.log
              cpf redact --style lgpd < ticket.txt
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        var style = CPFScanner.RedactionStyle.full
        if let value = arguments.value(Self.style) {
            guard let chosen = CPFScanner.RedactionStyle(rawValue: value.text) else {
                throw .invalidValue(option: arguments.spelling(Self.style), value: value, expected: "'full' or 'lgpd'")
            }
            style = chosen
        }
        let engine = RedactEngine(style: style, context: context)
        InputList(files: arguments.positionals).forEach(in: context) { _, descriptor throws(Errno) in
            try engine.redact(descriptor)
        }
        return context.failedInput ? .error : .success
    }
}
