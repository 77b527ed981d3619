import CPFKit

/// `cpf find`: print the CPFs written in text files.
enum FindCommand: Command {
    static let json = OptionDefinition(
        "json", help: "Print one JSON object per CPF (JSON Lines): source, line, column, text, cpf (its 11 digits), confidence and valid.")
    static let confidence = OptionDefinition(
        "confidence", value: "level", help: "Report CPFs of at least this confidence: low, medium (default) or high.")
    static let includeInvalid = OptionDefinition(
        "include-invalid", help: "Also report mistyped CPFs: wrong check digits, written as the full mask or after a CPF keyword.")

    static let definition = CommandDefinition(
        name: "find",
        abstract: "Find CPFs in free text: logs, dumps, documents.",
        usage: "[--confidence <level>] [--include-invalid] [--json] [--threads <n>] [<file> ...]",
        arguments: [
            ("<file>", "Files to search, in order ('-' for standard input). Without any, standard input is read."),
        ],
        options: [
            confidence,
            includeInvalid,
            json,
            CommonOptions.threads,
        ],
        discussion: """
            Prints each CPF as SOURCE:LINE:COLUMN: TEXT, TEXT being the CPF as written
            (a line break or control character in it escaped) and COLUMN counting
            bytes from 1. A candidate is 11 digits in groups of 3, 3, 3 and 2, with
            nothing or one separator between groups ('.', a dash, a space; before the
            last group also '/' or ' - '), a line break allowed at a separator, and
            invisible characters ignored. It must not touch another number: a digit,
            or '.' or a dash next to a digit, right before or after it (so no part of
            a CNPJ 12.345.678/0001-95 or of 1.390.533.447-05 is a CPF). With valid
            check digits it is a CPF of confidence high (after a CPF keyword such as
            'CPF', or as the full mask DDD.DDD.DDD-DD), low (after a phone, PIS, CNH,
            RENAVAM... keyword, or written with spaces or dots only, like an IP
            address) or medium (anything else). See docs/reference.md for the lists.

            EXIT STATUS:
              0 at least one CPF found, 1 none, 2 usage or I/O error.

            EXAMPLES:
              cpf find app.log dump.sql
              cpf find --confidence high --json tickets/*.txt
              cpf find --confidence low --include-invalid export.csv
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        var settings = FindEngine.Settings()
        settings.json = arguments.has(Self.json)
        settings.includesInvalid = arguments.has(Self.includeInvalid)
        if let level = try confidenceLevel(arguments, Self.confidence) { settings.minimumConfidence = level }
        settings.threads = try CommonOptions.threadCount(arguments)
        let engine = FindEngine(settings: settings, context: context)
        InputList(files: arguments.positionals).forEach(in: context) { name, descriptor throws(Errno) in
            try engine.find(descriptor, named: name)
        }
        if context.failedInput { return .error }
        return ExitStatus(succeeded: engine.foundCount > 0)
    }

    /// The value of a `--confidence` option, read case-insensitively.
    static func confidenceLevel(_ arguments: ParsedArguments, _ option: OptionDefinition) throws(UsageError) -> CPFScanner.Confidence? {
        try arguments.choice(option, among: CPFScanner.Confidence.allCases.map(\.rawValue)).flatMap(CPFScanner.Confidence.init(rawValue:))
    }
}
