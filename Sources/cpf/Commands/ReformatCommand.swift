import CPFKit

/// `cpf format` and `cpf strip`: rewrite CPFs masked or bare.
enum FormatCommand: Command {
    static let definition = CommandDefinition(
        name: "format",
        abstract: "Print CPFs masked as DDD.DDD.DDD-DD.",
        usage: "[<options>] [<cpf> ...]",
        arguments: [
            ("<cpf>", "CPFs to format. Without any, CPFs are read one per line from --input files or standard input."),
        ],
        options: ReformatCommand.options + [
            OptionDefinition("partial", help: "Mask an incomplete number as a text field does while typing: 3905 becomes 390.5."),
        ],
        discussion: ReformatCommand.discussion(example: "cpf format 39053344705"))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> Int32 {
        try ReformatCommand.run(arguments, style: arguments.has("partial") ? .partial : .masked, context: context)
    }
}

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

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> Int32 {
        try ReformatCommand.run(arguments, style: .bare, context: context)
    }
}

/// What `format` and `strip` share.
enum ReformatCommand {
    /// The options `format` and `strip` share.
    static let options = [
        CommonOptions.input,
        CommonOptions.strict,
        CommonOptions.pad,
        CommonOptions.allowRepeated,
        OptionDefinition(
            "validate", help: "Also require valid check digits (by default any input with 11 digits is rewritten)."),
    ]

    static func discussion(example: String) -> String {
        """
        One output line per input line, in order. An input that cannot be
        rewritten is reported on standard error (cpf: SOURCE:LINE: 'INPUT':
        MESSAGE) and passed through unchanged, so no line is lost or shifted.

        EXIT STATUS:
          0 all rewritten, 1 at least one passed through, 2 usage or I/O error.

        EXAMPLE:
          \(example)
        """
    }

    static func run(_ arguments: ParsedArguments, style: ReformatEngine.Style, context: Context) throws(UsageError) -> Int32 {
        try CommonOptions.requireArgumentsOrInput(arguments)
        // A partial mask has no check digits to validate.
        try arguments.requireAtMostOne(of: ["partial", "validate"])
        var settings = ReformatEngine.Settings()
        settings.style = style
        settings.options = parsingOptions(arguments)
        settings.validates = arguments.has("validate")
        return ReformatEngine(settings: settings, context: context).run(arguments, context: context)
    }
}
