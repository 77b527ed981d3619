import CPFKit

/// `--document cpf|cnpj|any`, the option of the commands that read CNPJs
/// beside CPFs. Everything about a CNPJ is CPFKit's (``TaxpayerID``,
/// ``CNPJ``); this reads the option and says what a reason reads like.
enum TaxpayerIDOptions {
    /// `--document`, spelt the same by every command; what the help says is
    /// the command's (``generate`` prints numbers, the others read them).
    static func document(help: Localized) -> OptionDefinition {
        OptionDefinition("document", value: "kind", completion: .choices(["cpf", "cnpj", "any"]), help: help)
    }

    /// `--document` of `generate`.
    static let generated = document(
        help: Localized(
            """
            Which numbers to print: cpf (default), cnpj (numeric, or alphanumeric with --alphanumeric), or any (a \
            CPF or a CNPJ, even odds, on each line).
            """,
            pt: """
                Quais números imprimir: cpf (padrão), cnpj (numérico, ou alfanumérico com --alphanumeric) ou any \
                (um CPF ou um CNPJ, com chances iguais, em cada linha).
                """))

    /// `--document` of the commands that read numbers.
    static let document = document(
        help: Localized(
            """
            Which numbers to read: cpf (default), cnpj (numeric or alphanumeric, 12.ABC.345/01DE-35), or any (no \
            letter and up to 11 digits is a CPF, anything else a CNPJ).
            """,
            pt: """
                Quais números ler: cpf (padrão), cnpj (numérico ou alfanumérico, 12.ABC.345/01DE-35) ou any \
                (sem letra e com até 11 dígitos é CPF, qualquer outro é CNPJ).
                """))

    /// `--document` of `find` and `redact`, which look for numbers in text.
    static let found = document(
        help: Localized(
            """
            Which numbers to look for: cpf (default), cnpj (numeric or alphanumeric, 12.ABC.345/01DE-35, each \
            reported as a CNPJ, never as a CPF), or any (both, each of its own kind; JSON "document").
            """,
            pt: """
                Quais números procurar: cpf (padrão), cnpj (numérico ou alfanumérico, 12.ABC.345/01DE-35, cada \
                um relatado como CNPJ, nunca como CPF) ou any (os dois, cada um do seu tipo; JSON "document").
                """))

    /// `--document` of `redact`.
    static let hidden = document(
        help: Localized(
            """
            Which numbers to hide: cpf (default), cnpj (numeric or alphanumeric, 12.ABC.345/01DE-35: all 14 \
            characters, or with lgpd **.***.345/01DE-**), or any (both).
            """,
            pt: """
                Quais números esconder: cpf (padrão), cnpj (numérico ou alfanumérico, 12.ABC.345/01DE-35: os 14 \
                caracteres, ou com lgpd **.***.345/01DE-**) ou any (os dois).
                """))

    /// The kinds `--document` asks for; `.cpf` without it.
    static func accepted(_ arguments: ParsedArguments) throws(UsageError) -> TaxpayerID.Accepted {
        let choice = try arguments.choice(document, among: TaxpayerID.Accepted.allCases.map(\.rawValue))
        return choice.flatMap(TaxpayerID.Accepted.init(rawValue:)) ?? .cpf
    }

    /// Throws when one of `options`, which only make sense for CPFs, is
    /// given with `--document cnpj` or `any`.
    static func requireCPFOnly(
        _ options: [OptionDefinition], in arguments: ParsedArguments, accepted: TaxpayerID.Accepted
    ) throws(UsageError) {
        guard accepted != .cpf else { return }
        for option in options where arguments.has(option) {
            throw .invalid(Message.onlyWithCPF.localized(arguments.spelling(option)))
        }
    }

    /// Throws when `--field`'s delimiter is a letter or `/`, which a CNPJ
    /// holds (`12.ABC.345/01DE-35`): the rewritten field would cut the record.
    static func requireSafeDelimiter(_ columns: CSVColumns, in arguments: ParsedArguments) throws(UsageError) {
        let delimiter = columns.delimiter
        guard columns.readsField, delimiter == UInt8(ascii: "/") || delimiter | 0x20 &- UInt8(ascii: "a") < 26 else {
            return
        }
        throw .invalid(Message.documentDelimiter.localized(arguments.spelling(CommonOptions.delimiter)))
    }
}

extension Context {
    /// Why an input is not the number it was read as, in the language of this run.
    func reason(_ error: TaxpayerID.ValidationError) -> String {
        error.description(in: language == .english ? .english : .portuguese)
    }
}
