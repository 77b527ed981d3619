import CPFKit

/// `cpf complete`: compute the check digits of 9-digit bases.
enum CompleteCommand: Command {
    static let formatted = OptionDefinition(
        "formatted",
        help: Localized(
            "Print the completed CPFs masked, DDD.DDD.DDD-DD.",
            pt: "Imprime os CPFs completados com máscara, DDD.DDD.DDD-DD."))

    static let definition = CommandDefinition(
        name: "complete",
        abstract: Localized(
            "Compute the check digits of 9-digit bases.", pt: "Completa bases de 9 dígitos com os verificadores."),
        arguments: [
            ArgumentDefinition(
                "base",
                help: Localized(
                    """
                    Nine digits, bare or masked (390533447, 390.533.447). Without any, bases are read one per \
                    line from --input files or standard input.
                    """,
                    pt:
                        """
                        Nove dígitos, sem ou com máscara (390533447, 390.533.447). Sem nenhuma, as bases são \
                        lidas uma por linha dos arquivos de --input ou da entrada padrão.
                        """
                )
            )
        ],
        options: [
            CommonOptions.input,
            formatted,
            CommonOptions.allowRepeated,
            CommonOptions.field,
            CommonOptions.delimiter,
            CommonOptions.header,
            CommonOptions.raw,
            CommonOptions.quiet,
            CommonOptions.showValues,
            CommonOptions.exitZero,
            TaxpayerIDOptions.document,
        ],
        discussion: Localized(
            """
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
            """,
            pt: """
                Uma linha de saída por linha de entrada, em ordem; uma entrada que não é uma
                base é relatada na saída de erro e copiada sem mudança. Uma base de um só
                dígito repetido (111111111) é recusada: dá um número que nunca é emitido;
                --allow-repeated a completa. Com --field, só esse campo de cada registro
                CSV é completado, no lugar; todos os outros bytes são mantidos.

                CÓDIGO DE SAÍDA:
                  0 todas completadas, 1 pelo menos uma entrada não é base, 2 erro de uso
                  ou de E/S.

                EXEMPLOS:
                  cpf complete 390533447        # imprime 39053344705
                  cpf complete --field 2 --header -i bases.csv
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try CommonOptions.requireArgumentsOrInput(arguments)
        let columns = try CommonOptions.columns(arguments)
        CommonOptions.reporting(arguments, context: context)
        CommonOptions.hintAtFileArguments(arguments, context: context)
        let accepted = try TaxpayerIDOptions.accepted(arguments)
        try TaxpayerIDOptions.requireCPFOnly([CommonOptions.raw], in: arguments, accepted: accepted)
        let style = RewriteStyle.complete(formatted: arguments.has(Self.formatted))
        // Bases are read leniently; --allow-repeated completes a base of one repeated digit.
        var options = CPF.ParsingOptions.lenient
        options.allowsRepeatedDigits = arguments.has(CommonOptions.allowRepeated)
        // Each engine run on its concrete type, so that it is specialized.
        let inputs = CommonOptions.inputs(arguments)
        if accepted == .cpf {
            return RewriteEngine(
                kind: CPFRewriteKind(style: style, options: options), columns: columns, context: context
            )
            .run(arguments: arguments.positionals, inputs: inputs, context: context)
        }
        try TaxpayerIDOptions.requireSafeDelimiter(columns, in: arguments)
        let kind = TaxpayerIDRewriteKind(style: style, accepted: accepted, options: options)
        return RewriteEngine(kind: kind, columns: columns, context: context).run(
            arguments: arguments.positionals, inputs: inputs, context: context)
    }
}
