import CPFKit

/// `cpf check`: validate CPFs given as arguments or read line by line.
enum CheckCommand: Command {
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
            OptionDefinition("valid", help: "Print exactly the valid input lines, byte for byte, and nothing else."),
            OptionDefinition("invalid", help: "Print exactly the invalid input lines, byte for byte, and nothing else."),
            OptionDefinition("json", help: "Print one JSON object per input (JSON Lines): source, line, input, valid, and cpf or reason and message."),
            OptionDefinition("csv", help: "Print the same fields as --json as CSV, after a header row."),
            OptionDefinition("quiet", short: "q", help: "Print nothing; the exit status answers."),
            OptionDefinition("field", short: "f", value: "n", help: "The CPF is field <n> (from 1) of each CSV line; RFC 4180 quoted fields are understood. Filters still print whole lines."),
            OptionDefinition("delimiter", short: "d", value: "c", help: "The field delimiter for --field: one character, or 'tab' (default: ',')."),
            OptionDefinition("header", help: "The first line of each input is a header: not checked; kept by --valid and --invalid."),
        ],
        discussion: """
            EXIT STATUS:
              0 all valid, 1 at least one invalid, 2 usage or I/O error.

            EXAMPLES:
              cpf check 390.533.447-05
              cpf check --invalid < cpfs.txt > bad.txt
              cpf check --field 2 --header --json customers.csv
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> Int32 {
        try arguments.requireAtMostOne(of: ["valid", "invalid", "json", "csv", "quiet"])
        try CommonOptions.requireArgumentsOrInput(arguments)
        var settings = CheckEngine.Settings()
        settings.options = parsingOptions(arguments)
        settings.output = arguments.has("valid") ? .validLines
            : arguments.has("invalid") ? .invalidLines
            : arguments.has("json") ? .json
            : arguments.has("csv") ? .csv
            : arguments.has("quiet") ? .quiet
            : .report
        if let field = try arguments.integer("field", in: 1...Int(Int32.max), expected: "a field number from 1") {
            settings.field = field - 1
        }
        if let delimiter = arguments.value("delimiter") {
            settings.delimiter = try parseDelimiter(delimiter, spelling: arguments.spelling("delimiter"))
            if settings.field == nil { throw .invalid("'\(arguments.spelling("delimiter"))' needs '--field'") }
        }
        settings.skipsHeader = arguments.has("header")
        if !arguments.positionals.isEmpty, settings.field != nil || settings.skipsHeader {
            throw .invalid("'--field' and '--header' apply to input lines, not to CPF arguments")
        }

        let engine = CheckEngine(settings: settings, context: context)
        if arguments.positionals.isEmpty {
            InputList(arguments).forEach(in: context) { name, descriptor throws(Errno) in
                try engine.check(descriptor, named: name)
            }
            if settings.output == .report { engine.writeSummary() }
        } else {
            for (index, argument) in arguments.positionals.enumerated() {
                engine.check(argument: argument, index: index + 1)
            }
        }
        if context.failedInput { return 2 }
        return engine.invalidCount == 0 ? 0 : 1
    }

    static func parseDelimiter(_ text: String, spelling: String) throws(UsageError) -> UInt8 {
        if text == "tab" || text == "\\t" { return 0x09 }
        let bytes = Array(text.utf8)
        guard bytes.count == 1, bytes[0] != 0x22, bytes[0] != 0x0A, bytes[0] != 0x0D else {
            throw .invalidValue(option: spelling, value: text, expected: "one ASCII character other than a quote or line break, or 'tab'")
        }
        return bytes[0]
    }
}

/// The parsing options that `--strict`, `--pad` and `--allow-repeated` ask for.
func parsingOptions(_ arguments: ParsedArguments) -> CPF.ParsingOptions {
    CPF.ParsingOptions(
        format: arguments.has("strict") ? .strict : .lenient,
        padsLeadingZeros: arguments.has("pad"),
        allowsRepeatedDigits: arguments.has("allow-repeated"))
}
