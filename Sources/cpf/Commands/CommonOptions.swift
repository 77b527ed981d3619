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

    /// Throws when CPF arguments and `--input` are both given.
    static func requireArgumentsOrInput(_ arguments: ParsedArguments) throws(UsageError) {
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
