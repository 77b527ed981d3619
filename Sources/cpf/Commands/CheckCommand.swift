import CPFKit

/// `cpf check`: validate CPFs given as arguments or read line by line.
enum CheckCommand: Command {
    static let valid = OptionDefinition(
        "valid", help: "Print exactly the valid input lines, byte for byte, and nothing else.")
    static let invalid = OptionDefinition(
        "invalid", help: "Print exactly the invalid input lines, byte for byte, and nothing else.")
    static let json = OptionDefinition(
        "json", help: "Print one JSON object per input (JSON Lines): source, line, input, valid, and cpf or reason and message.")
    static let csv = OptionDefinition(
        "csv", help: "Print the same fields as --json as CSV, after a header row.")
    static let annotate = OptionDefinition(
        "annotate", help: "Print every input line (record) followed by the delimiter and two fields: true or false, and the reason code (empty when valid). Exit status 0 unless an input cannot be read.")
    static let quiet = OptionDefinition(
        "quiet", short: "q", help: "Print nothing; the exit status answers.")
    static let field = OptionDefinition(
        "field", short: "f", value: "n", help: "The CPF is field <n> (from 1) of each CSV record; RFC 4180 quoted fields, doubled quotes and quoted line breaks are understood. Filters still print whole records.")
    static let delimiter = CommonOptions.delimiter
    static let header = OptionDefinition(
        "header", help: "The first line (record) of each input is a header: not checked; the first input's is kept by --valid, --invalid and --annotate (which adds the names valid and reason).")

    static let definition = CommandDefinition(
        name: "check",
        abstract: "Validate CPF numbers.",
        usage: "[<options>] [<cpf> ...]",
        arguments: [
            ("<cpf>", "CPFs to check; a verdict line is printed for each. Without any, CPFs are read one per line from --input files or standard input, and only the invalid lines are reported, as SOURCE:LINE: 'INPUT': MESSAGE, followed by a summary on standard error."),
        ],
        options: [
            CommonOptions.input,
            CommonOptions.strict,
            CommonOptions.pad,
            CommonOptions.allowRepeated,
            valid,
            invalid,
            annotate,
            json,
            csv,
            quiet,
            field,
            delimiter,
            header,
        ],
        discussion: """
            EXIT STATUS:
              0 all valid, 1 at least one invalid, 2 usage or I/O error.

            EXAMPLES:
              cpf check 390.533.447-05
              cpf check --invalid < cpfs.txt > bad.txt
              cpf check --field 2 --header --json -i customers.csv
              cpf check --field 2 --header --annotate -i customers.csv > checked.csv
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try arguments.requireAtMostOne(of: [Self.valid, Self.invalid, Self.annotate, Self.json, Self.csv, Self.quiet])
        try CommonOptions.requireArgumentsOrInput(arguments)
        var settings = CheckEngine.Settings()
        settings.options = CommonOptions.parsingOptions(arguments)
        settings.output = arguments.has(Self.valid) ? .validLines
            : arguments.has(Self.invalid) ? .invalidLines
            : arguments.has(Self.annotate) ? .annotate
            : arguments.has(Self.json) ? .json
            : arguments.has(Self.csv) ? .csv
            : arguments.has(Self.quiet) ? .quiet
            : .report
        let columns = try CommonOptions.columns(arguments, delimiterAlsoFor: settings.output == .annotate ? Self.annotate : nil)
        settings.field = columns.field
        settings.delimiter = columns.delimiter
        settings.skipsHeader = columns.skipsHeader
        if !arguments.positionals.isEmpty, arguments.has(Self.annotate) {
            throw .invalid("'\(arguments.spelling(Self.annotate))' applies to input lines, not to CPF arguments")
        }
        CommonOptions.hintAtFileArguments(arguments, context: context)

        let engine = CheckEngine(settings: settings, context: context)
        if arguments.positionals.isEmpty {
            CommonOptions.hintAtTerminalInput(arguments, context: context)
            CommonOptions.inputs(arguments).forEach(in: context) { name, descriptor throws(Errno) in
                try engine.check(descriptor, named: name)
            }
            if settings.output == .report { engine.writeSummary() }
        } else {
            for (index, argument) in arguments.positionals.enumerated() {
                engine.check(argument: argument, index: index + 1)
            }
        }
        if context.failedInput { return .error }
        if settings.output == .annotate { return .success }
        return ExitStatus(succeeded: engine.invalidCount == 0)
    }
}
