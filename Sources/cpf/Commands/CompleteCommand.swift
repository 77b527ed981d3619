import CPFKit

/// `cpf complete`: compute the check digits of 9-digit bases.
enum CompleteCommand: Command {
    static let formatted = OptionDefinition(
        "formatted", help: "Print the completed CPFs masked, DDD.DDD.DDD-DD.")

    static let definition = CommandDefinition(
        name: "complete",
        abstract: "Compute the check digits of 9-digit bases.",
        usage: "[<options>] [<base> ...]",
        arguments: [
            ("<base>", "Nine digits, bare or masked (390533447, 390.533.447). Without any, bases are read one per line from --input files or standard input."),
        ],
        options: [
            CommonOptions.input,
            formatted,
            CommonOptions.allowRepeated,
            CommonOptions.field,
            CommonOptions.delimiter,
            CommonOptions.header,
        ],
        discussion: """
            One output line per input line, in order; an input that is not a base is
            reported on standard error and passed through unchanged. A base of one
            repeated digit (111111111) is refused: it makes a number that is never
            issued; --allow-repeated completes it. With --field, only that field of
            each CSV record is completed, in place; every other byte is kept.

            EXIT STATUS:
              0 all completed, 1 at least one input not a base, 2 usage or I/O error.

            EXAMPLES:
              cpf complete 390533447        # prints 39053344705
              cpf complete --field 2 --header -i bases.csv
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try CommonOptions.requireArgumentsOrInput(arguments)
        let columns = try CommonOptions.columns(arguments)
        CommonOptions.hintAtFileArguments(arguments, context: context)
        return CompleteEngine(
            formatted: arguments.has(Self.formatted), allowsRepeated: arguments.has(CommonOptions.allowRepeated),
            columns: columns, context: context
        ).run(
            arguments: arguments.positionals, inputs: CommonOptions.inputs(arguments), context: context)
    }
}
