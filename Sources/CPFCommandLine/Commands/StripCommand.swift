import CPFKit

/// `cpf strip`: rewrite CPFs as their 11 bare digits.
enum StripCommand: Command {
    static let definition = CommandDefinition(
        name: "strip",
        abstract: Localized(
            "Print CPFs as their 11 bare digits.", pt: "Imprime CPFs como seus 11 dígitos, sem máscara."),
        arguments: [
            ArgumentDefinition(
                "cpf",
                help: Localized(
                    "CPFs to strip. Without any, CPFs are read one per line from --input files or standard input.",
                    pt:
                        """
                        CPFs de que tirar a máscara. Sem nenhum, os CPFs são lidos um por linha dos arquivos de \
                        --input ou da entrada padrão.
                        """
                )
            )
        ],
        options: ReformatCommand.options,
        discussion: ReformatCommand.discussion(example: "cpf strip 390.533.447-05"))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try ReformatCommand.run(arguments, style: .bare, context: context)
    }
}
