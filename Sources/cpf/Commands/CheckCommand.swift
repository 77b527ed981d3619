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
    static let quiet = OptionDefinition(
        "quiet", short: "q", help: "Print nothing; the exit status answers.")
    static let field = OptionDefinition(
        "field", short: "f", value: "n", help: "The CPF is field <n> (from 1) of each CSV line; RFC 4180 quoted fields are understood. Filters still print whole lines.")
    static let delimiter = OptionDefinition(
        "delimiter", short: "d", value: "c", help: "The field delimiter for --field: one character (not a digit, '.', '-' or space), or 'tab' (default: ',').")
    static let header = OptionDefinition(
        "header", help: "The first line of each input is a header: not checked; kept by --valid and --invalid.")

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
              cpf check --field 2 --header --json customers.csv
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try arguments.requireAtMostOne(of: [Self.valid, Self.invalid, Self.json, Self.csv, Self.quiet])
        try CommonOptions.requireArgumentsOrInput(arguments)
        var settings = CheckEngine.Settings()
        settings.options = CommonOptions.parsingOptions(arguments)
        settings.output = arguments.has(Self.valid) ? .validLines
            : arguments.has(Self.invalid) ? .invalidLines
            : arguments.has(Self.json) ? .json
            : arguments.has(Self.csv) ? .csv
            : arguments.has(Self.quiet) ? .quiet
            : .report
        if let field = try arguments.integer(Self.field, in: 1...Int(Int32.max), expected: "a field number from 1") {
            settings.field = field - 1
        }
        if let delimiter = arguments.value(Self.delimiter) {
            settings.delimiter = try parseDelimiter(delimiter, spelling: arguments.spelling(Self.delimiter))
            if settings.field == nil { throw .invalid("'\(arguments.spelling(Self.delimiter))' needs '--field'") }
        }
        settings.skipsHeader = arguments.has(Self.header)
        if !arguments.positionals.isEmpty, settings.field != nil || settings.skipsHeader {
            throw .invalid("'--field' and '--header' apply to input lines, not to CPF arguments")
        }

        let engine = CheckEngine(settings: settings, context: context)
        if arguments.positionals.isEmpty {
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
        return ExitStatus(succeeded: engine.invalidCount == 0)
    }

    static let delimiterExpectation = "one ASCII character other than a quote, a line break, a digit, '.', '-' or a space, or 'tab'"

    static func parseDelimiter(_ text: RawText, spelling: String) throws(UsageError) -> UInt8 {
        if text == "tab" || text == "\\t" { return 0x09 }
        let bytes = text.bytes
        // A digit, '.', '-' or space would cut the CPF itself (390.533.447-05, 390 533 447 05).
        guard bytes.count == 1, bytes[0] < 0x80, !Array("\"\n\r0123456789.- ".utf8).contains(bytes[0]) else {
            throw .invalidValue(option: spelling, value: text, expected: Self.delimiterExpectation)
        }
        return bytes[0]
    }
}
