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
        ],
        discussion: """
            One output line per input line, in order; an input that is not a base is
            reported on standard error and passed through unchanged.

            EXIT STATUS:
              0 all completed, 1 at least one input not a base, 2 usage or I/O error.

            EXAMPLE:
              cpf complete 390533447        # prints 39053344705
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try CommonOptions.requireArgumentsOrInput(arguments)
        return CompleteEngine(formatted: arguments.has(Self.formatted), context: context).run(
            arguments: arguments.positionals, inputs: CommonOptions.inputs(arguments), context: context)
    }
}
