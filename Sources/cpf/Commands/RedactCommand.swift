import CPFKit

/// `cpf redact`: copy text with the digits of every CPF hidden.
enum RedactCommand: Command {
    static let style = OptionDefinition(
        "style", value: "style", completion: .choices(["full", "lgpd", "pseudonym"]), help: Localized("'full' (default) hides every digit: ***.***.***-**, ***********. 'lgpd' hides the first three and the last two: ***.533.447-**, ***533447**. 'pseudonym' writes each CPF's pseudonym (see 'cpf pseudonymize'; needs --key-file), a mistyped one fully hidden.", pt: "'full' (padrão) esconde todos os dígitos: ***.***.***-**, ***********. 'lgpd' esconde os três primeiros e os dois últimos: ***.533.447-**, ***533447**. 'pseudonym' escreve o pseudônimo de cada CPF (veja 'cpf pseudonymize'; precisa de --key-file), e um CPF digitado errado é todo escondido."))

    static let confidence = OptionDefinition(
        "confidence", value: "level", completion: .choices(["low", "medium", "high"]), help: Localized("Hide CPFs of at least this confidence: low (default: anything that could be a CPF), medium or high. Mistyped CPFs are always hidden.", pt: "Esconde CPFs de pelo menos esta confiança: low (padrão: tudo o que poderia ser um CPF), medium ou high. CPFs digitados errado são sempre escondidos."))

    static let definition = CommandDefinition(
        name: "redact",
        abstract: Localized("Copy text with the digits of every CPF in it hidden.", pt: "Copia texto escondendo os dígitos de todo CPF."),
        usage: "[--style full|lgpd|pseudonym] [--confidence <level>] [<file> ...]",
        arguments: [
            ("<file>", Localized("Files to copy, in order ('-' for standard input). Without any, standard input is read.", pt: "Arquivos a copiar, em ordem ('-' para a entrada padrão). Sem nenhum, lê a entrada padrão.")),
        ],
        options: [
            style,
            confidence,
            PseudonymizeCommand.keyFile,
            PseudonymizeCommand.tweak,
            PseudonymizeCommand.keepRegion,
        ],
        discussion: Localized("""
            Every CPF and mistyped CPF that 'cpf find --include-invalid' reports at
            the same confidence is rewritten in place, separators, line breaks and
            invisible characters kept; every other byte is copied unchanged, binary
            data and invalid UTF-8 included. After 'cpf redact --confidence L',
            'cpf find --confidence L --include-invalid' finds nothing. Memory stays
            flat whatever the input, even a 1 GB line.

            EXIT STATUS:
              0 copied (whether or not a CPF was found), 2 usage or I/O error.

            EXAMPLES:
              cpf redact app.log > app-shared.log
              cpf redact --style lgpd < ticket.txt
            """, pt: """
            Todo CPF e CPF digitado errado que 'cpf find --include-invalid' relata na
            mesma confiança é reescrito no lugar, mantendo separadores, quebras de linha
            e caracteres invisíveis; todos os outros bytes são copiados sem mudança,
            inclusive dados binários e UTF-8 inválido. Depois de
            'cpf redact --confidence L', 'cpf find --confidence L --include-invalid'
            não encontra nada. A memória fica estável qualquer que seja a entrada,
            mesmo uma linha de 1 GB.

            CÓDIGO DE SAÍDA:
              0 copiado (com ou sem CPF encontrado), 2 erro de uso ou de E/S.

            EXEMPLOS:
              cpf redact app.log > app-compartilhado.log
              cpf redact --style lgpd < chamado.txt
            """),
        argumentCompletion: .file)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        var style = RedactEngine.Style.hidden(.full)
        let choices = CPFScanner.RedactionStyle.allCases.map(\.rawValue) + ["pseudonym"]
        let chosen = try arguments.choice(Self.style, among: choices)
        if chosen == "pseudonym" {
            guard let key = try PseudonymizeCommand.key(arguments, context: context) else { return .error }
            style = .pseudonym(CachingCPFPseudonymizer(PseudonymizeCommand.pseudonymizer(key: key, arguments)))
        } else {
            for option in [PseudonymizeCommand.keyFile, PseudonymizeCommand.tweak, PseudonymizeCommand.keepRegion]
            where arguments.has(option) {
                throw .invalid(Message.goesWithPseudonymStyle.localized(arguments.spelling(option)))
            }
            if let chosen, let hiding = CPFScanner.RedactionStyle(rawValue: chosen) { style = .hidden(hiding) }
        }
        let minimumConfidence = try FindCommand.confidenceLevel(arguments, Self.confidence) ?? .low
        let engine = RedactEngine(style: style, minimumConfidence: minimumConfidence, context: context)
        InputList(files: arguments.positionals).forEach(in: context) { _, descriptor throws(Errno) in
            try engine.redact(descriptor)
        }
        return context.failedInput ? .error : .success
    }
}
