import CPFKit
import CPFSystem

/// `cpf info`: explain one CPF.
enum InfoCommand: Command {
    static let json = OptionDefinition(
        "json", help: Localized("Print one JSON object instead of text.", pt: "Imprime um objeto JSON em vez de texto.")
    )

    static let definition = CommandDefinition(
        name: "info",
        abstract: Localized(
            "Explain one CPF and suggest fixes for typos.", pt: "Explica um CPF e sugere correções de digitação."),
        arguments: [
            ArgumentDefinition(
                "cpf", count: .one,
                help: Localized("The CPF to explain, masked or bare.", pt: "O CPF a explicar, com ou sem máscara."))
        ],
        options: [
            CommonOptions.strict,
            CommonOptions.pad,
            CommonOptions.allowRepeated,
            json,
            TaxpayerIDOptions.document,
        ],
        discussion: Localized(
            """
            Shows the masked and bare forms, validity and reason, the check digits found
            and expected, the fiscal region with its states, the LGPD display form, and
            for an invalid number the valid numbers one typo away (one digit changed, or
            two adjacent digits swapped).

            EXIT STATUS:
              0 valid, 1 invalid, 2 usage error.

            EXAMPLE:
              cpf info 390.533.447-06
            """,
            pt: """
                Mostra as formas com e sem máscara, a validade e o motivo, os dígitos
                verificadores encontrados e os esperados, a região fiscal com seus estados,
                a forma de exibição da LGPD e, para um número inválido, os números válidos a
                um erro de digitação (um dígito trocado, ou dois dígitos vizinhos invertidos).

                CÓDIGO DE SAÍDA:
                  0 válido, 1 inválido, 2 erro de uso.

                EXEMPLO:
                  cpf info 390.533.447-06
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        guard let text = arguments.positionals.first else { throw .missingArgument("<cpf>") }
        if arguments.positionals.count > 1 { throw .unexpectedArgument(arguments.positionals[1]) }
        let accepted = try TaxpayerIDOptions.accepted(arguments)
        let options = CommonOptions.parsingOptions(arguments)
        // The explanation as JSON or as text, and the exit status its verdict makes.
        func report<Explanation>(
            _ explanation: Explanation, isValid: Bool, json: (Explanation, RawText, OutputBuffer) -> Void,
            text written: (Explanation, RawText, Language, OutputBuffer) -> Void
        ) -> ExitStatus {
            if arguments.has(Self.json) {
                json(explanation, text, context.output)
            } else {
                written(explanation, text, context.language, context.output)
            }
            return ExitStatus(succeeded: isValid)
        }
        if accepted == .cnpj || (accepted == .any && TaxpayerID.Kind(guessing: text.text) == .cnpj) {
            let explanation = CNPJExplanation(text.text, options: options)
            return report(
                explanation, isValid: explanation.isValid, json: InfoWriter.writeJSON, text: InfoWriter.writeText)
        }
        let explanation = CPFExplanation(text.text, options: options)
        return report(explanation, isValid: explanation.isValid, json: InfoWriter.writeJSON, text: InfoWriter.writeText)
    }
}
