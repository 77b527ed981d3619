import CPFKit

/// `cpf format`: rewrite CPFs masked, DDD.DDD.DDD-DD.
enum FormatCommand: Command {
    static let definition = CommandDefinition(
        name: "format",
        abstract: Localized("Print CPFs masked as DDD.DDD.DDD-DD.", pt: "Imprime CPFs com a máscara DDD.DDD.DDD-DD."),
        arguments: [
            ArgumentDefinition(
                "cpf",
                help: Localized(
                    "CPFs to format. Without any, CPFs are read one per line from --input files or standard input.",
                    pt:
                        """
                        CPFs a formatar. Sem nenhum, os CPFs são lidos um por linha dos arquivos de --input ou da \
                        entrada padrão.
                        """
                )
            )
        ],
        options: ReformatCommand.options + [ReformatCommand.partial],
        discussion: ReformatCommand.discussion(example: "cpf format 39053344705"))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try ReformatCommand.run(
            arguments, style: arguments.has(ReformatCommand.partial) ? .partial : .masked, context: context)
    }
}
