import CPFKit

/// What `format` and `strip` share.
enum ReformatCommand {
    static let validate = OptionDefinition(
        "validate",
        help: Localized(
            "Also require valid check digits (by default any input with 11 digits is rewritten).",
            pt: "Exige também dígitos verificadores válidos (por padrão qualquer entrada com 11 dígitos é reescrita)."))
    /// `format` only.
    static let partial = OptionDefinition(
        "partial",
        help: Localized(
            "Mask an incomplete number as a text field does while typing: 3905 becomes 390.5.",
            pt:
                """
                Aplica a máscara a um número incompleto como um campo de texto faz durante a digitação: 3905 vira \
                390.5.
                """
        ))

    /// The options `format` and `strip` share.
    static let options = [
        CommonOptions.input,
        CommonOptions.strict,
        CommonOptions.pad,
        CommonOptions.allowRepeated,
        validate,
        CommonOptions.field,
        CommonOptions.delimiter,
        CommonOptions.header,
        CommonOptions.raw,
        CommonOptions.quiet,
        CommonOptions.showValues,
        CommonOptions.exitZero,
        TaxpayerIDOptions.document,
    ]

    static func discussion(example: String) -> Localized {
        let name = example.split(separator: " ")[1]
        return Localized(
            """
            One output line per input line, in order. An input that cannot be
            rewritten is reported on standard error (cpf: SOURCE:LINE: 'INPUT':
            MESSAGE) and passed through unchanged, so no line is lost or shifted.
            With --field, only that field of each CSV record is rewritten, in place;
            every other byte of the record is kept.

            EXIT STATUS:
              0 all rewritten, 1 at least one passed through, 2 usage or I/O error.

            EXAMPLES:
              cpf \(name) --field 3 --header -i customers.csv > out.csv
              \(example)
            """,
            pt: """
                Uma linha de saída por linha de entrada, em ordem. Uma entrada que não pode
                ser reescrita é relatada na saída de erro (cpf: ORIGEM:LINHA: 'ENTRADA':
                MENSAGEM) e copiada sem mudança, para que nenhuma linha se perca ou se
                desloque. Com --field, só esse campo de cada registro CSV é reescrito, no
                lugar; todos os outros bytes do registro são mantidos.

                CÓDIGO DE SAÍDA:
                  0 todas reescritas, 1 pelo menos uma copiada sem mudança, 2 erro de uso ou
                  de E/S.

                EXEMPLOS:
                  cpf \(name) --field 3 --header -i clientes.csv > saida.csv
                  \(example)
                """)
    }

    static func run(_ arguments: ParsedArguments, style: RewriteStyle, context: Context) throws(UsageError)
        -> ExitStatus
    {
        try CommonOptions.requireArgumentsOrInput(arguments)
        // A partial mask has no check digits to validate.
        try arguments.requireAtMostOne(of: [Self.partial, Self.validate])
        let options = CommonOptions.parsingOptions(arguments)
        let validates = arguments.has(Self.validate)
        let columns = try CommonOptions.columns(arguments)
        CommonOptions.reporting(arguments, context: context)
        CommonOptions.hintAtFileArguments(arguments, context: context)
        let accepted = try TaxpayerIDOptions.accepted(arguments)
        try TaxpayerIDOptions.requireCPFOnly([CommonOptions.raw], in: arguments, accepted: accepted)
        // One engine, specialized per kind (each run on its concrete type,
        // not through `any RewritingEngine`, whose witnesses are not
        // specialized): CPFs alone run CPFKit's fast byte path, with no
        // TaxpayerID to wrap each one in.
        let inputs = CommonOptions.inputs(arguments)
        if accepted == .cpf {
            let kind = CPFRewriteKind(style: style, options: options, validates: validates)
            return RewriteEngine(kind: kind, columns: columns, context: context).run(
                arguments: arguments.positionals, inputs: inputs, context: context)
        }
        try TaxpayerIDOptions.requireSafeDelimiter(columns, in: arguments)
        let kind = TaxpayerIDRewriteKind(style: style, accepted: accepted, options: options, validates: validates)
        return RewriteEngine(kind: kind, columns: columns, context: context).run(
            arguments: arguments.positionals, inputs: inputs, context: context)
    }
}
