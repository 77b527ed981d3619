import CPFKit

/// `cpf format`: rewrite CPFs masked, DDD.DDD.DDD-DD.
enum FormatCommand: Command {
    static let definition = CommandDefinition(
        name: "format",
        abstract: "Print CPFs masked as DDD.DDD.DDD-DD.",
        usage: "[<options>] [<cpf> ...]",
        arguments: [
            ("<cpf>", "CPFs to format. Without any, CPFs are read one per line from --input files or standard input."),
        ],
        options: ReformatCommand.options + [ReformatCommand.partial],
        discussion: ReformatCommand.discussion(example: "cpf format 39053344705"))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try ReformatCommand.run(arguments, style: arguments.has(ReformatCommand.partial) ? .partial : .masked, context: context)
    }
}
