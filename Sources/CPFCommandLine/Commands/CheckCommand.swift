import CPFKit
import CPFSystem

/// `cpf check`: validate CPFs given as arguments or read line by line.
enum CheckCommand: Command {
    static let valid = OptionDefinition(
        "valid",
        help: Localized(
            """
            Print exactly the valid input lines, byte for byte, and nothing else; with --json or --csv, report \
            the valid inputs only.
            """,
            pt: """
                Imprime exatamente as linhas de entrada válidas, byte a byte, e nada mais; com --json ou --csv, \
                relata só as entradas válidas.
                """))
    static let invalid = OptionDefinition(
        "invalid",
        help: Localized(
            """
            Print exactly the invalid input lines, byte for byte, and nothing else; with --json or --csv, report \
            the invalid inputs only.
            """,
            pt: """
                Imprime exatamente as linhas de entrada inválidas, byte a byte, e nada mais; com --json ou \
                --csv, relata só as entradas inválidas.
                """))
    static let json = OptionDefinition(
        "json",
        help: Localized(
            "Print one JSON object per input (JSON Lines): source, line, input, valid, and cpf or reason and message.",
            pt:
                """
                Imprime um objeto JSON por entrada (JSON Lines): source, line, input, valid, e cpf ou reason e \
                message.
                """
        ))
    static let csv = OptionDefinition(
        "csv",
        help: Localized(
            "Print the same fields as --json as CSV, after a header row.",
            pt: "Imprime os mesmos campos de --json em CSV, depois de uma linha de cabeçalho."))
    static let annotate = OptionDefinition(
        "annotate",
        help: Localized(
            """
            Print every input line (record) followed by the delimiter and two fields: true or false, and the \
            reason code (empty when valid). Exit status 0 unless an input cannot be read.
            """,
            pt:
                """
                Imprime cada linha (registro) de entrada seguida do separador e de dois campos: true ou false, e \
                o código do motivo (vazio quando válido). Código de saída 0, salvo se uma entrada não puder ser \
                lida.
                """
        ))
    static let quiet = OptionDefinition(
        "quiet", short: "q",
        help: Localized("Print nothing; the exit status answers.", pt: "Não imprime nada; o código de saída responde."))
    static let field = CommonOptions.field(
        help: Localized(
            """
            The CPF is field <n> (from 1) of each CSV record, or with --header the field whose name in the header \
            is <n>; RFC 4180 quoted fields, doubled quotes and quoted line breaks are understood. Filters still \
            print whole records.
            """,
            pt: """
                O CPF é o campo <n> (a partir de 1) de cada registro CSV, ou com --header o campo cujo nome no \
                cabeçalho é <n>; campos entre aspas, aspas duplicadas e quebras de linha entre aspas (RFC 4180) \
                são entendidos. Os filtros imprimem registros inteiros.
                """))
    static let delimiter = CommonOptions.delimiter
    static let header = CommonOptions.header(
        help: Localized(
            """
            The first line (record) of each input is a header: not checked; the first input's is kept by --valid, \
            --invalid and --annotate (which adds the names valid and reason).
            """,
            pt: """
                A primeira linha (registro) de cada entrada é um cabeçalho: não é conferida; a da primeira entrada é \
                mantida por --valid, --invalid e --annotate (que acrescenta os nomes valid e reason).
                """))

    static let definition = CommandDefinition(
        name: "check",
        abstract: Localized("Validate CPF numbers.", pt: "Valida números de CPF."),
        arguments: [
            ArgumentDefinition(
                "cpf",
                help: Localized(
                    """
                    CPFs to check; a verdict line is printed for each. Without any, CPFs are read one per line \
                    from --input files or standard input, and only the invalid lines are reported, as \
                    SOURCE:LINE: 'INPUT': MESSAGE, followed by a summary on standard error.
                    """,
                    pt:
                        """
                        CPFs a conferir; imprime uma linha de veredito para cada um. Sem nenhum, os CPFs são \
                        lidos um por linha dos arquivos de --input ou da entrada padrão, e só as linhas inválidas \
                        são relatadas, como ORIGEM:LINHA: 'ENTRADA': MENSAGEM, seguidas de um resumo na saída de \
                        erro.
                        """
                )
            )
        ],
        options: [
            CommonOptions.input,
            CommonOptions.strict,
            CommonOptions.pad,
            CommonOptions.allowRepeated,
            valid,
            invalid,
            annotate,
            json,
            csv,
            quiet,
            field,
            delimiter,
            header,
            CommonOptions.raw,
            CommonOptions.color,
            CommonOptions.exitZero,
            TaxpayerIDOptions.document,
        ],
        discussion: Localized(
            """
            EXIT STATUS:
              0 all valid, 1 at least one invalid, 2 usage or I/O error.

            EXAMPLES:
              cpf check 390.533.447-05
              cpf check --invalid < cpfs.txt > bad.txt
              cpf check --field 2 --header --json -i customers.csv
              cpf check --field 2 --header --annotate -i customers.csv > checked.csv
            """,
            pt: """
                CÓDIGO DE SAÍDA:
                  0 todos válidos, 1 pelo menos um inválido, 2 erro de uso ou de E/S.

                EXEMPLOS:
                  cpf check 390.533.447-05
                  cpf check --invalid < cpfs.txt > ruins.txt
                  cpf check --field 2 --header --json -i clientes.csv
                  cpf check --field 2 --header --annotate -i clientes.csv > conferidos.csv
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        try arguments.requireAtMostOne(of: [Self.valid, Self.invalid, Self.annotate, Self.quiet])
        try arguments.requireAtMostOne(of: [Self.json, Self.csv, Self.annotate, Self.quiet])
        try CommonOptions.requireArgumentsOrInput(arguments)
        var settings = CheckSettings()
        // --valid and --invalid choose the verdicts a machine report holds.
        if arguments.has(Self.json) || arguments.has(Self.csv) {
            settings.reportsOnlyValid = arguments.has(Self.valid) ? true : arguments.has(Self.invalid) ? false : nil
        }
        settings.output =
            settings.reportsOnlyValid != nil
            ? (arguments.has(Self.json) ? .json : .csv)
            : arguments.has(Self.valid)
                ? .validLines
                : arguments.has(Self.invalid)
                    ? .invalidLines
                    : arguments.has(Self.annotate)
                        ? .annotate
                        : arguments.has(Self.json)
                            ? .json
                            : arguments.has(Self.csv)
                                ? .csv
                                : arguments.has(Self.quiet)
                                    ? .quiet
                                    : .report
        let columns = try CommonOptions.columns(
            arguments, delimiterAlsoFor: settings.output == .annotate ? Self.annotate : nil)
        settings.field = columns.field
        settings.fieldName = columns.fieldName
        settings.delimiter = columns.delimiter
        settings.isRaw = columns.isRaw
        settings.skipsHeader = columns.skipsHeader
        settings.colours = try CommonOptions.colours(arguments, on: .standardOutput, context: context)
        if !arguments.positionals.isEmpty, arguments.has(Self.annotate) {
            throw .invalid(Message.appliesToLines.localized(arguments.spelling(Self.annotate)))
        }
        CommonOptions.hintAtFileArguments(arguments, context: context)
        let accepted = try TaxpayerIDOptions.accepted(arguments)
        try TaxpayerIDOptions.requireCPFOnly([CommonOptions.raw], in: arguments, accepted: accepted)
        let options = CommonOptions.parsingOptions(arguments)
        // One engine, specialized per kind: CPFs alone run CPFKit's fast
        // byte path, with no TaxpayerID to wrap each verdict in.
        if accepted == .cpf {
            return run(
                CheckEngine(kind: CPFCheckKind(options: options), settings: settings, context: context), arguments)
        }
        let kind = TaxpayerIDCheckKind(accepted: accepted, options: options)
        return run(CheckEngine(kind: kind, settings: settings, context: context), arguments)
    }

    /// Checks the arguments, or else the inputs, and says how it went.
    private static func run<Kind>(_ engine: CheckEngine<Kind>, _ arguments: ParsedArguments) -> ExitStatus {
        let context = engine.context
        if arguments.positionals.isEmpty {
            CommonOptions.hintAtTerminalInput(arguments, context: context)
            CommonOptions.inputs(arguments).forEach(in: context) { name, descriptor throws(Errno) in
                try engine.check(descriptor, named: name)
            }
            if engine.settings.output == .report { engine.writeSummary() }
        } else {
            for (index, argument) in arguments.positionals.enumerated() {
                engine.check(argument: argument, index: index + 1)
            }
        }
        if context.failedInput { return .error }
        if engine.settings.output == .annotate { return .success }
        return ExitStatus(succeeded: engine.invalidCount == 0)
    }
}
