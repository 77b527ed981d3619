import CPFKit

/// `cpf strip`: rewrite CPFs as their 11 bare digits.
enum StripCommand: Command {
    static let definition = CommandDefinition(
        name: "strip",
        abstract: "Print CPFs as their 11 bare digits.",
        usage: "[<options>] [<cpf> ...]",
        arguments: [
            ("<cpf>", "CPFs to strip. Without any, CPFs are read one per line from --input files or standard input."),
        ],
        options: ReformatCommand.options,
        discussion: ReformatCommand.discussion(example: "cpf strip 390.533.447-05"))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try ReformatCommand.run(arguments, style: .bare, context: context)
    }
}
