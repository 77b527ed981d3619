import CPFKit

/// `cpf redact`: copy text with the digits of every CPF hidden.
enum RedactCommand: Command {
    static let style = OptionDefinition(
        "style", value: "style", help: "'full' (default) hides every digit: ***.***.***-**, ***********. 'lgpd' hides the first three and the last two: ***.533.447-**, ***533447**. 'pseudonym' writes each CPF's pseudonym (see 'cpf pseudonymize'; needs --key-file), a mistyped one fully hidden.")

    static let confidence = OptionDefinition(
        "confidence", value: "level", help: "Hide CPFs of at least this confidence: low (default: anything that could be a CPF), medium or high. Mistyped CPFs are always hidden.")

    static let definition = CommandDefinition(
        name: "redact",
        abstract: "Copy text with the digits of every CPF in it hidden.",
        usage: "[--style full|lgpd|pseudonym] [--confidence <level>] [--threads <n>] [<file> ...]",
        arguments: [
            ("<file>", "Files to copy, in order ('-' for standard input). Without any, standard input is read."),
        ],
        options: [
            style,
            confidence,
            PseudonymizeCommand.keyFile,
            PseudonymizeCommand.tweak,
            PseudonymizeCommand.keepRegion,
            CommonOptions.threads,
        ],
        discussion: """
            Every CPF and mistyped CPF that 'cpf find --include-invalid' reports at
            the same confidence is rewritten in place, separators, line breaks and
            invisible characters kept; every other byte is copied unchanged, binary
            data and invalid UTF-8 included. After 'cpf redact --confidence L',
            'cpf find --confidence L --include-invalid' finds nothing. Memory stays
            flat whatever the input, even a 1 GB line.

            EXIT STATUS:
              0 copied (whether or not a CPF was found), 2 usage or I/O error.

            EXAMPLES:
              cpf redact app.log > app-shared.log
              cpf redact --style lgpd < ticket.txt
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        var style = RedactEngine.Style.hidden(.full)
        let choices = CPFScanner.RedactionStyle.allCases.map(\.rawValue) + ["pseudonym"]
        let chosen = try arguments.choice(Self.style, among: choices)
        if chosen == "pseudonym" {
            guard let key = try PseudonymizeCommand.key(arguments, context: context) else { return .error }
            style = .pseudonym(CachingCPFPseudonymizer(PseudonymizeCommand.pseudonymizer(key: key, arguments)))
        } else {
            for option in [PseudonymizeCommand.keyFile, PseudonymizeCommand.tweak, PseudonymizeCommand.keepRegion]
            where arguments.has(option) {
                throw .invalid("'\(arguments.spelling(option))' goes with '--style pseudonym'")
            }
            if let chosen, let hiding = CPFScanner.RedactionStyle(rawValue: chosen) { style = .hidden(hiding) }
        }
        let minimumConfidence = try FindCommand.confidenceLevel(arguments, Self.confidence) ?? .low
        let engine = RedactEngine(style: style, minimumConfidence: minimumConfidence, context: context,
                                  threads: try CommonOptions.threadCount(arguments))
        InputList(files: arguments.positionals).forEach(in: context) { _, descriptor throws(Errno) in
            try engine.redact(descriptor)
        }
        return context.failedInput ? .error : .success
    }
}
