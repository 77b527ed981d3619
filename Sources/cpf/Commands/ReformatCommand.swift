import CPFKit

/// What `format` and `strip` share.
enum ReformatCommand {
    static let validate = OptionDefinition(
        "validate", help: "Also require valid check digits (by default any input with 11 digits is rewritten).")
    /// `format` only.
    static let partial = OptionDefinition(
        "partial", help: "Mask an incomplete number as a text field does while typing: 3905 becomes 390.5.")

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
    ]

    static func discussion(example: String) -> String {
        """
        One output line per input line, in order. An input that cannot be
        rewritten is reported on standard error (cpf: SOURCE:LINE: 'INPUT':
        MESSAGE) and passed through unchanged, so no line is lost or shifted.
        With --field, only that field of each CSV record is rewritten, in place;
        every other byte of the record is kept.

        EXIT STATUS:
          0 all rewritten, 1 at least one passed through, 2 usage or I/O error.

        EXAMPLES:
          cpf \(example.split(separator: " ")[1]) --field 3 --header -i customers.csv > out.csv
          \(example)
        """
    }

    static func run(_ arguments: ParsedArguments, style: ReformatEngine.Style, context: Context) throws(UsageError) -> ExitStatus {
        try CommonOptions.requireArgumentsOrInput(arguments)
        // A partial mask has no check digits to validate.
        try arguments.requireAtMostOne(of: [Self.partial, Self.validate])
        var settings = ReformatEngine.Settings()
        settings.style = style
        settings.options = CommonOptions.parsingOptions(arguments)
        settings.validates = arguments.has(Self.validate)
        settings.columns = try CommonOptions.columns(arguments)
        CommonOptions.hintAtFileArguments(arguments, context: context)
        return ReformatEngine(settings: settings, context: context).run(
            arguments: arguments.positionals, inputs: CommonOptions.inputs(arguments), context: context)
    }
}
