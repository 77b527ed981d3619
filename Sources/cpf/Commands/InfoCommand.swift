import CPFKit

/// `cpf info`: explain one CPF.
enum InfoCommand: Command {
    static let json = OptionDefinition(
        "json", help: "Print one JSON object instead of text.")

    static let definition = CommandDefinition(
        name: "info",
        abstract: "Explain one CPF and suggest fixes for typos.",
        usage: "[<options>] <cpf>",
        arguments: [
            ("<cpf>", "The CPF to explain, masked or bare."),
        ],
        options: [
            CommonOptions.strict,
            CommonOptions.pad,
            CommonOptions.allowRepeated,
            json,
        ],
        discussion: """
            Shows the masked and bare forms, validity and reason, the check digits found
            and expected, the fiscal region with its states, the LGPD display form, and
            for an invalid number the valid numbers one typo away (one digit changed, or
            two adjacent digits swapped).

            EXIT STATUS:
              0 valid, 1 invalid, 2 usage error.

            EXAMPLE:
              cpf info 390.533.447-06
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        guard let text = arguments.positionals.first else { throw .missingArgument("<cpf>") }
        if arguments.positionals.count > 1 { throw .unexpectedArgument(arguments.positionals[1]) }
        let explanation = CPFExplanation(text.text, options: CommonOptions.parsingOptions(arguments))
        if arguments.has(Self.json) {
            InfoWriter.writeJSON(explanation, input: text, to: context.output)
        } else {
            InfoWriter.writeText(explanation, input: text, to: context.output)
        }
        return ExitStatus(succeeded: explanation.isValid)
    }
}
