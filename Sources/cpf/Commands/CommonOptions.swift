import CPFKit

/// Options shared by the commands that read CPFs.
enum CommonOptions {
    static let input = OptionDefinition(
        "input", short: "i", value: "file",
        help: "Read CPFs, one per line, from <file> ('-' for standard input). Repeatable. Without it and without CPF arguments, standard input is read.")
    static let strict = OptionDefinition(
        "strict", help: "Accept only DDDDDDDDDDD or DDD.DDD.DDD-DD (default: 11 digits with any '.', '-' or spaces among them).")
    static let pad = OptionDefinition(
        "pad", help: "Left-pad a bare run of 1 to 10 digits with zeros to 11 (a CPF stored as a number).")
    static let allowRepeated = OptionDefinition(
        "allow-repeated", help: "Accept the ten numbers made of one repeated digit (000.000.000-00 ...), never issued.")

    static let field = OptionDefinition(
        "field", short: "f", value: "n", help: "The CPF is field <n> (from 1) of each CSV record (RFC 4180: quoted fields, doubled quotes, quoted line breaks); it is rewritten in place and every other byte of the record kept.")
    static let delimiter = OptionDefinition(
        "delimiter", short: "d", value: "c", help: "The field delimiter: one character (not a digit, '.', '-' or space), or 'tab' (default: ',').")
    static let header = OptionDefinition(
        "header", help: "The first line (record) of each input is a header: passed through unchanged, the first input's only.")

    /// Reads `--field`, `--delimiter` and `--header`. `--delimiter` needs
    /// `--field` (or `alsoFor`, such as `--annotate`); none of them goes with
    /// CPF arguments. `--header` alone means the first line is a header.
    static func columns(_ arguments: ParsedArguments, delimiterAlsoFor alsoFor: OptionDefinition? = nil) throws(UsageError) -> CSVColumns {
        var columns = CSVColumns()
        if let field = try arguments.integer(field, in: 1...Int(Int32.max), expected: "a field number from 1") {
            columns.field = field - 1
        }
        if let text = arguments.value(delimiter) {
            columns.delimiter = try parseDelimiter(text, spelling: arguments.spelling(delimiter))
            if columns.field == nil, alsoFor.map(arguments.has) != true {
                throw .invalid("'\(arguments.spelling(delimiter))' needs '--field'\(alsoFor.map { " or '--\($0.long)'" } ?? "")")
            }
        }
        columns.skipsHeader = arguments.has(header)
        if !arguments.positionals.isEmpty {
            for option in [field, delimiter, header] where arguments.has(option) {
                throw .invalid("'\(arguments.spelling(option))' applies to input lines, not to CPF arguments")
            }
        }
        return columns
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

    /// A hint on standard error for each CPF argument that names an
    /// existing file: it is checked as a CPF; `--input` reads the file.
    static func hintAtFileArguments(_ arguments: ParsedArguments, context: Context) {
        for argument in arguments.positionals where FileDescriptor.isExistingFile(argument) {
            let name = Escaping.readable(argument)
            context.diagnose("hint: '\(name)' is a file; to read CPFs from it, use '--input \(name)' (or '-i')")
        }
    }

    /// A hint on standard error when standard input, about to be read, is a
    /// terminal: the user may not know `cpf` is waiting for them.
    static func hintAtTerminalInput(_ arguments: ParsedArguments, context: Context) {
        let names = arguments.values(input)
        guard names.isEmpty || names.contains("-"), FileDescriptor.standardInput.isTerminal else { return }
        context.diagnose("reading CPFs from the terminal, one per line; Ctrl-D ends")
        context.errors.flush()
    }

    /// Throws when CPF arguments and `--input` are both given.
    /// Also throws for an empty `--input` value.
    static func requireArgumentsOrInput(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.values(input).contains("") {
            throw .invalid("'\(arguments.spelling(input))' needs a file name ('-' for standard input)")
        }
        if !arguments.positionals.isEmpty, arguments.has(input) {
            throw .invalid("CPF arguments cannot be combined with '\(arguments.spelling(input))'")
        }
    }

    /// The inputs named by `--input`, or standard input.
    static func inputs(_ arguments: ParsedArguments) -> InputList {
        InputList(files: arguments.values(input))
    }

    /// The parsing options that `--strict`, `--pad` and `--allow-repeated` ask for.
    static func parsingOptions(_ arguments: ParsedArguments) -> CPF.ParsingOptions {
        CPF.ParsingOptions(
            format: arguments.has(strict) ? .strict : .lenient,
            padsLeadingZeros: arguments.has(pad),
            allowsRepeatedDigits: arguments.has(allowRepeated))
    }
}
