import CPFKit
import CPFSystem

/// Options shared by the commands that read CPFs.
enum CommonOptions {
    static let input = OptionDefinition(
        "input", short: "i", value: "file", completion: .file,
        help: Localized(
            """
            Read CPFs, one per line, from <file> ('-' for standard input). Repeatable. Without it and without CPF \
            arguments, standard input is read.
            """,
            pt:
                """
                Lê CPFs, um por linha, de <file> ('-' para a entrada padrão). Pode ser repetida. Sem ela e sem \
                CPFs como argumento, lê a entrada padrão.
                """
        ))
    static let strict = OptionDefinition(
        "strict",
        help: Localized(
            "Accept only DDDDDDDDDDD or DDD.DDD.DDD-DD (default: 11 digits with any '.', '-' or spaces among them).",
            pt:
                """
                Aceita só DDDDDDDDDDD ou DDD.DDD.DDD-DD (padrão: 11 dígitos com quaisquer '.', '-' ou espaços \
                entre eles).
                """
        ))
    static let pad = OptionDefinition(
        "pad",
        help: Localized(
            """
            Left-pad a bare run of 1 to 10 digits with zeros to 11 (a CPF stored as a number); also reads a whole \
            number as a spreadsheet writes it (1091905720.0, 1.09190572E+09).
            """,
            pt: """
                Completa com zeros à esquerda, até 11, uma sequência de 1 a 10 dígitos (um CPF guardado como \
                número); lê também um número inteiro como uma planilha o escreve (1091905720.0, 1.09190572E+09).
                """)
    )
    static let allowRepeated = OptionDefinition(
        "allow-repeated",
        help: Localized(
            "Accept the ten numbers made of one repeated digit (000.000.000-00 ...), never issued.",
            pt: "Aceita os dez números de um só dígito repetido (000.000.000-00 ...), que nunca são emitidos."))

    /// `-q` of the rewriting commands (`format`, `strip`, `complete`, `pseudonymize`).
    static let quiet = OptionDefinition(
        "quiet", short: "q",
        help: Localized(
            """
            No report per line and no summary on standard error (errors are still reported); the exit status \
            answers.
            """,
            pt: """
                Nenhum relato por linha e nenhum resumo na saída de erro (erros ainda são relatados); o código \
                de saída responde.
                """))

    /// `--show-values` of the rewriting commands.
    static let showValues = OptionDefinition(
        "show-values",
        help: Localized(
            """
            Show each value reported as read. By default a report shows it in the LGPD form (***.533.447-**: \
            the first three and last two digits hidden), so standard error, which logs keep, holds no CPF.
            """,
            pt: """
                Mostra cada valor relatado como foi lido. Por padrão um relato o mostra na forma da LGPD \
                (***.533.447-**: os três primeiros e os dois últimos dígitos escondidos), e a saída de erro, \
                que os logs guardam, não tem CPF.
                """))

    /// `--exit-zero` of every command that reads lines (the name ruff and
    /// flake8 use): `Program` turns the command's status 1 into 0; a usage
    /// or I/O error, or a file not searched, still ends with 2.
    static let exitZero = OptionDefinition(
        "exit-zero",
        help: Localized(
            """
            Exit 0 even when an input is invalid or not rewritten, or find finds nothing: a partition with such data \
            does not fail a Spark or Hadoop task. Usage and I/O errors, and a file not searched, still exit 2.
            """,
            pt: """
                Sai com 0 mesmo quando uma entrada é inválida ou não reescrita, ou find nada encontra: uma partição \
                com esses dados não faz falhar uma tarefa do Spark ou do Hadoop. Erros de uso e de E/S, e um \
                arquivo não pesquisado, ainda saem com 2.
                """))

    /// Reads `-q` and `--show-values` into the context.
    static func reporting(_ arguments: ParsedArguments, context: Context) {
        context.quietsLineReports = arguments.has(quiet)
        context.showsValues = arguments.has(showValues)
    }

    /// `--field <n>` and `--header`, the options of CSV records, defined
    /// here once: their name, letter and value are the same for every
    /// command (``columns(_:delimiterAlsoFor:)`` reads them by name); what
    /// the help says is the command's: `check` keeps whole records, the
    /// others rewrite the field (``field`` and ``header`` below).
    static func field(help: Localized) -> OptionDefinition {
        OptionDefinition("field", short: "f", value: "n", help: help)
    }

    static func header(help: Localized) -> OptionDefinition {
        OptionDefinition("header", help: help)
    }

    /// `--field` of the commands that rewrite the field in place.
    static let field = field(
        help: Localized(
            """
            The CPF is field <n> (from 1) of each CSV record (RFC 4180: quoted fields, doubled quotes, quoted line \
            breaks), or with --header the field whose name in the header is <n>; it is rewritten in place and \
            every other byte of the record kept.
            """,
            pt: """
                O CPF é o campo <n> (a partir de 1) de cada registro CSV (RFC 4180: campos entre aspas, \
                aspas duplicadas, quebras de linha entre aspas), ou com --header o campo cujo nome no \
                cabeçalho é <n>; ele é reescrito no lugar e todos os outros bytes do registro são mantidos.
                """))
    static let delimiter = OptionDefinition(
        "delimiter", short: "d", value: "c", completion: .choices(["tab", "soh"]),
        help: Localized(
            """
            The field delimiter: one character (not a digit, '.', '-' or space), 'tab', or 'soh' (\\x01, Spark's \
            TRANSFORM without Hive) (default: ',').
            """,
            pt: """
                O separador de campos: um caractere (que não seja dígito, '.', '-' ou espaço), 'tab', ou 'soh' \
                (\\x01, o do TRANSFORM do Spark sem Hive) (padrão: ',').
                """
        ))
    /// `--raw`: Hive's delimited rows (Spark's `TRANSFORM`), not RFC 4180.
    static let raw = OptionDefinition(
        "raw",
        help: Localized(
            """
            Records are raw delimited rows, as Spark's and Hive's TRANSFORM send them: no CSV quoting (a record is \
            a line, a quote an ordinary character), and a field that is exactly \\N is NULL, passed through \
            unchanged (check --annotate gives it \\N \\N). Needs --field.
            """,
            pt: """
                Os registros são linhas delimitadas cruas, como o TRANSFORM do Spark e do Hive as envia: sem aspas \
                de CSV (um registro é uma linha, uma aspa um caractere comum), e um campo que é exatamente \\N é \
                NULL, copiado sem mudança (check --annotate lhe dá \\N \\N). Requer --field.
                """))
    /// `--header` of the commands that rewrite the field in place.
    static let header = header(
        help: Localized(
            """
            The first line (record) of each input is a header: passed through unchanged, the first input's only.
            """,
            pt: """
                A primeira linha (registro) de cada entrada é um cabeçalho: copiado sem mudança, \
                só o da primeira entrada.
                """))

    static let color = OptionDefinition(
        "color", value: "when", completion: .choices(["auto", "always", "never"]),
        help: Localized(
            "Colour the output: auto (default: on a terminal, unless NO_COLOR is set), always or never.",
            pt: "Colore a saída: auto (padrão: num terminal, salvo com NO_COLOR definida), always ou never."))

    /// Whether to colour what goes to `descriptor`, by `--color` (any case)
    /// and the run's environment (`NO_COLOR`, `TERM`).
    static func colours(
        _ arguments: ParsedArguments, on descriptor: FileDescriptor, context: Context
    ) throws(UsageError) -> Bool {
        let when = try arguments.choice(color, among: ["auto", "always", "never"])
        return Colour.isWanted(when, isTerminal: descriptor.isTerminal) { context.environment[$0] }
    }

    /// Reads `--field`, `--delimiter` and `--header`. `--delimiter` needs
    /// `--field` (or `alsoFor`, such as `--annotate`); none of them goes with
    /// CPF arguments. `--header` alone means the first line is a header.
    /// With `argumentsAreFiles` (`redact`), arguments are files, which these options go with.
    static func columns(
        _ arguments: ParsedArguments, delimiterAlsoFor alsoFor: OptionDefinition? = nil,
        argumentsAreFiles: Bool = false
    ) throws(UsageError) -> CSVColumns {
        var columns = CSVColumns()
        if let text = arguments.value(field), !text.bytes.isEmpty, !text.bytes.allSatisfy({ $0 &- 0x30 < 10 }),
            arguments.has(header)
        {
            // A name, looked up in each input's header.
            columns.fieldName = text.bytes
        } else if let field = try arguments.integer(
            field, in: 1...Int(Int32.max), expected: Message.expectFieldNumber.localized())
        {
            columns.field = field - 1
        }
        if let text = arguments.value(delimiter) {
            columns.delimiter = try parseDelimiter(text, spelling: arguments.spelling(delimiter))
            if !columns.readsField, alsoFor.map(arguments.has) != true {
                let spelling = arguments.spelling(delimiter)
                throw .invalid(
                    alsoFor.map { Message.needsFieldOr.localized(spelling, "--\($0.long)") }
                        ?? Message.needsField.localized(spelling))
            }
        }
        columns.skipsHeader = arguments.has(header)
        if arguments.has(raw) {
            guard columns.readsField else { throw .invalid(Message.needsField.localized(arguments.spelling(raw))) }
            columns.isRaw = true
        }
        if !arguments.positionals.isEmpty, !argumentsAreFiles {
            for option in [field, delimiter, header, raw] where arguments.has(option) {
                throw .invalid(Message.appliesToLines.localized(arguments.spelling(option)))
            }
        }
        return columns
    }

    static let delimiterExpectation = Message.expectDelimiter.localized()

    static func parseDelimiter(_ text: RawText, spelling: String) throws(UsageError) -> UInt8 {
        if text == "tab" || text == "\\t" { return 0x09 }
        // Spark's TRANSFORM without Hive separates fields with U+0001.
        if ["soh", "\\x01", "\\001", "\\u0001"].contains(text) { return 0x01 }
        let bytes = text.bytes
        // A digit, '.', '-' or space would cut the CPF itself (390.533.447-05, 390 533 447 05).
        guard bytes.count == 1, bytes[0] < 0x80, !Array("\"\n\r0123456789.- ".utf8).contains(bytes[0]) else {
            throw .invalidValue(option: spelling, value: text, expected: Self.delimiterExpectation)
        }
        return bytes[0]
    }

    /// A hint on standard error for each CPF argument that names an
    /// existing file: it is checked as a CPF; `--input` reads the file.
    static func hintAtFileArguments(_ arguments: ParsedArguments, context: Context) {
        for argument in arguments.positionals where FileDescriptor.isExistingFile(argument) {
            let name = Escaping.readable(argument)
            context.diagnose(context.text(.fileHint, name))
        }
    }

    /// A hint on standard error when standard input, about to be read, is a
    /// terminal: the user may not know `cpf` is waiting for them.
    static func hintAtTerminalInput(_ arguments: ParsedArguments, context: Context) {
        let names = arguments.values(input)
        guard names.isEmpty || names.contains("-"), FileDescriptor.standardInput.isTerminal else { return }
        context.diagnose(context.text(.terminalHint))
        context.errors.flush()
    }

    /// Throws when CPF arguments and `--input` are both given.
    /// Also throws for an empty `--input` value.
    static func requireArgumentsOrInput(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.values(input).contains("") {
            throw .invalid(Message.inputNeedsName.localized(arguments.spelling(input)))
        }
        if !arguments.positionals.isEmpty, arguments.has(input) {
            throw .invalid(Message.argumentsWithInput.localized(arguments.spelling(input)))
        }
    }

    /// The inputs named by `--input`, or standard input.
    static func inputs(_ arguments: ParsedArguments) -> InputList {
        InputList(files: arguments.values(input))
    }

    /// The parsing options that `--strict`, `--pad` and `--allow-repeated`
    /// ask for, which read a CNPJ as they read a CPF (`--document`).
    static func parsingOptions(_ arguments: ParsedArguments) -> CPF.ParsingOptions {
        CPF.ParsingOptions(
            format: arguments.has(strict) ? .strict : .lenient,
            padsLeadingZeros: arguments.has(pad),
            allowsRepeatedDigits: arguments.has(allowRepeated))
    }
}
