import CPFKit

/// `cpf pseudonymize`: consistent, reversible pseudonyms (FF1-AES-256).
enum PseudonymizeCommand: Command {
    static let keyFile = OptionDefinition(
        "key-file", value: "file", completion: .file,
        help: Localized(
            "The key: a file of 64 hexadecimal digits (a 256-bit AES key), readable by you only. Required.",
            pt:
                """
                A chave: um arquivo de 64 dígitos hexadecimais (uma chave AES de 256 bits), legível só por você. \
                Obrigatória.
                """
        ))
    static let tweak = OptionDefinition(
        "tweak", value: "text",
        help: Localized(
            """
            FF1's tweak (default: empty). Another tweak gives other pseudonyms with the same key: one per data \
            set that must not be joined.
            """,
            pt:
                """
                O tweak do FF1 (padrão: vazio). Outro tweak dá outros pseudônimos com a mesma chave: um por \
                conjunto de dados que não deve ser cruzado.
                """
        ))
    static let keepRegion = OptionDefinition(
        "keep-region",
        help: Localized(
            "Keep the ninth digit, the fiscal region; only the first eight digits are encrypted.",
            pt: "Mantém o nono dígito, a região fiscal; só os oito primeiros dígitos são cifrados."))
    static let reverse = OptionDefinition(
        "reverse",
        help: Localized(
            "Turn pseudonyms back into the CPFs they came from (same key, tweak and --keep-region).",
            pt: "Transforma pseudônimos de volta nos CPFs de origem (mesma chave, tweak e --keep-region)."))
    static let formatted = OptionDefinition(
        "formatted",
        help: Localized(
            "Print every result masked, DDD.DDD.DDD-DD (by default each keeps the form of its input).",
            pt: "Imprime todo resultado com máscara, DDD.DDD.DDD-DD (por padrão cada um mantém a forma da entrada)."))
    static let newKeyFile = OptionDefinition(
        "new-key-file", value: "file", completion: .file,
        help: Localized(
            "Write a new random key to <file> (mode 0600) and exit. Never overwrites a file.",
            pt: "Grava uma nova chave aleatória em <file> (modo 0600) e sai. Nunca sobrescreve um arquivo."))

    static let invalid = OptionDefinition(
        "invalid", value: "policy", completion: .choices(PseudonymizeEngine.InvalidPolicy.allCases.map(\.rawValue)),
        help: Localized(
            """
            What becomes of an input that is not pseudonymized but is or may be a CPF (a mistyped one, a valid one \
            in a form refused, a run of 9 or 10 digits valid once padded): 'hide' (default) writes its digits as \
            '*', as redact does, so nothing personal is left in clear; 'blank' leaves it out; 'keep' copies it. \
            Either way it is reported. Text that is no CPF at all (N/A, empty) is always kept.
            """,
            pt: """
                O que acontece com uma entrada que não é pseudonimizada mas é ou pode ser um CPF (um digitado \
                errado, um válido numa forma recusada, uma sequência de 9 ou 10 dígitos válida com zeros à \
                esquerda): 'hide' (padrão) escreve os dígitos como '*', como o redact, e nada pessoal fica às \
                claras; 'blank' a omite; 'keep' a copia. Em todo caso ela é relatada. Texto que não é CPF algum \
                (N/A, vazio) é sempre mantido.
                """))

    static let definition = CommandDefinition(
        name: "pseudonymize",
        abstract: Localized(
            "Replace CPFs with consistent, reversible pseudonyms.",
            pt: "Troca CPFs por pseudônimos estáveis e reversíveis."),
        arguments: [
            ArgumentDefinition(
                "cpf",
                help: Localized(
                    """
                    CPFs to pseudonymize. Without any, CPFs are read one per line from --input files or standard \
                    input.
                    """,
                    pt:
                        """
                        CPFs a pseudonimizar. Sem nenhum, os CPFs são lidos um por linha dos arquivos de --input \
                        ou da entrada padrão.
                        """
                )
            )
        ],
        options: [
            keyFile,
            tweak,
            keepRegion,
            reverse,
            formatted,
            CommonOptions.input,
            CommonOptions.field,
            CommonOptions.delimiter,
            CommonOptions.header,
            CommonOptions.raw,
            CommonOptions.strict,
            CommonOptions.pad,
            CommonOptions.allowRepeated,
            invalid,
            CommonOptions.quiet,
            CommonOptions.showValues,
            newKeyFile,
            CommonOptions.exitZero,
        ],
        synopsis: [
            .required(keyFile),
            .optional(tweak),
            .optional(keepRegion),
            .optional(reverse),
            .optional(formatted),
            .optional(CommonOptions.field),
        ],
        discussion: Localized(
            """
            Each valid CPF becomes a valid CPF, never one repeated digit: the same for
            the same CPF, key and tweak on every run and machine, never the same for two
            CPFs, and turned back with --reverse. Separators and spaces stay as written
            (masked stays masked, bare stays bare); a CPF padded with --pad is written
            as 11 digits. One output line per input line; an input that is not a valid
            CPF is reported on standard error (cpf: SOURCE:LINE: 'INPUT': MESSAGE). If
            it is or may be a CPF (mistyped, in a form refused, 9 or 10 digits valid
            once padded), it is hidden ('*' for its digits) unless --invalid says
            otherwise, so that no CPF is left in clear; anything else passes through
            unchanged.

            FF1 is a permutation, so a pseudonym is not always another CPF: about one
            CPF per key and tweak is a fixed point, its own pseudonym (about ten with
            --keep-region, one per region, sharing their first eight digits). Only the
            key tells a fixed point from any other pseudonym.

            The construction is fixed so that other tools can reproduce it: FF1 of NIST
            SP 800-38G Rev. 1 with AES-256, radix 10, the tweak's UTF-8 bytes, over the
            first 9 digits (8 with --keep-region); a base of one repeated digit is
            encrypted again; the check digits are recomputed.

            Pseudonyms are still personal data (LGPD): whoever holds the key can undo
            them. Keep the key file apart from the data, readable by you only (a key
            file others can read gets a warning).

            EXIT STATUS:
              0 all rewritten, 1 at least one not (hidden or passed through), 2 usage or
              I/O error or an unusable key file (missing, not 64 hexadecimal digits).

            EXAMPLES:
              cpf pseudonymize --new-key-file cpf.key
              cpf pseudonymize --key-file cpf.key 390.533.447-05
              cpf pseudonymize --key-file cpf.key --tweak crm < cpfs.txt > pseudonyms.txt
              cpf pseudonymize --key-file cpf.key --tweak crm --reverse < pseudonyms.txt
            """,
            pt: """
                Cada CPF válido vira um CPF válido, nunca um só dígito repetido: o mesmo para
                o mesmo CPF, chave e tweak em toda execução e máquina, nunca o mesmo para dois
                CPFs, e desfeito com --reverse. Separadores e espaços ficam como escritos
                (com máscara fica com máscara, sem fica sem); um CPF completado com --pad é
                escrito com 11 dígitos. Uma linha de saída por linha de entrada; uma entrada
                que não é um CPF válido é relatada na saída de erro
                (cpf: ORIGEM:LINHA: 'ENTRADA': MENSAGEM). Se ela é ou pode ser um CPF
                (digitado errado, numa forma recusada, 9 ou 10 dígitos válidos com zeros à
                esquerda), é escondida ('*' nos dígitos), a menos que --invalid diga outra
                coisa, e nenhum CPF fica às claras; o resto é copiado sem mudança.

                O FF1 é uma permutação, então um pseudônimo nem sempre é outro CPF: cerca de
                um CPF por chave e tweak é um ponto fixo (fixed point), o seu próprio
                pseudônimo (cerca de dez com --keep-region, um por região, com os mesmos oito
                primeiros dígitos). Só a chave distingue um ponto fixo de outro pseudônimo.

                A construção é fixa para que outras ferramentas possam reproduzi-la: FF1 da
                NIST SP 800-38G Rev. 1 com AES-256, base 10, os bytes UTF-8 do tweak, sobre
                os 9 primeiros dígitos (8 com --keep-region); uma base de um só dígito
                repetido é cifrada de novo; os dígitos verificadores são recalculados.

                Pseudônimos continuam sendo dados pessoais (LGPD): quem tem a chave pode
                desfazê-los. Guarde o arquivo de chave longe dos dados, legível só por você
                (um arquivo de chave que outros podem ler gera um aviso).

                CÓDIGO DE SAÍDA:
                  0 todos reescritos, 1 pelo menos um não (escondido ou copiado), 2 erro de
                  uso ou de E/S ou arquivo de chave inutilizável (ausente, sem 64 dígitos
                  hexadecimais).

                EXEMPLOS:
                  cpf pseudonymize --new-key-file cpf.key
                  cpf pseudonymize --key-file cpf.key 390.533.447-05
                  cpf pseudonymize --key-file cpf.key --tweak crm < cpfs.txt > pseudonimos.txt
                  cpf pseudonymize --key-file cpf.key --tweak crm --reverse < pseudonimos.txt
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        if let path = arguments.value(Self.newKeyFile) {
            if let extra = arguments.positionals.first { throw .unexpectedArgument(extra) }
            for other in [
                Self.keyFile, Self.tweak, Self.keepRegion, Self.reverse, Self.formatted, CommonOptions.input,
                CommonOptions.strict, CommonOptions.pad, CommonOptions.allowRepeated, Self.invalid,
            ]
            where arguments.has(other) {
                throw .conflictingOptions(arguments.spelling(Self.newKeyFile), arguments.spelling(other))
            }
            do throws(KeyFile.Failure) {
                try KeyFile.create(path)
            } catch {
                context.diagnose(describe(error, context: context))
                return .error
            }
            return .success
        }
        try CommonOptions.requireArgumentsOrInput(arguments)
        guard let key = try key(arguments, context: context) else { return .error }
        let pseudonymizer = pseudonymizer(key: key, arguments)
        var settings = PseudonymizeEngine.Settings()
        settings.reverses = arguments.has(Self.reverse)
        settings.formats = arguments.has(Self.formatted)
        settings.options = CommonOptions.parsingOptions(arguments)
        settings.columns = try CommonOptions.columns(arguments)
        CommonOptions.reporting(arguments, context: context)
        if let chosen = try arguments.choice(
            Self.invalid, among: PseudonymizeEngine.InvalidPolicy.allCases.map(\.rawValue)),
            let policy = PseudonymizeEngine.InvalidPolicy(rawValue: chosen)
        {
            settings.invalid = policy
        }
        return PseudonymizeEngine(pseudonymizer: pseudonymizer, settings: settings, context: context).run(
            arguments: arguments.positionals, inputs: CommonOptions.inputs(arguments), context: context)
    }

    /// The key of `--key-file` (required), its permission warning reported;
    /// `nil` when it cannot be read, the reason reported.
    static func key(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> CPFPseudonymizer.Key? {
        guard let path = arguments.value(keyFile) else {
            throw .invalid(Message.keyFileRequired.localized())
        }
        do throws(KeyFile.Failure) {
            let read = try KeyFile.read(path)
            if let mode = read.exposedMode {
                context.diagnose(context.text(.keyFileReadable, Escaping.readable(path), mode))
            }
            return read.key
        } catch {
            context.diagnose(describe(error, context: context))
            return nil
        }
    }

    /// Why a key file cannot be used, in the language of the run.
    static func describe(_ failure: KeyFile.Failure, context: Context) -> String {
        switch failure {
        case .unreadable(let path, let error): context.text(.keyFileError, path, context.describe(error))
        case .notRegularFile(let path): context.text(.keyFileNotRegular, path)
        case .wrongLength(let path, let count):
            context.text(count < KeyFile.readLimit ? .keyFileLength : .keyFileLengthAtLeast, path, "\(count)")
        case .notHexadecimal(let path, let position): context.text(.keyFileCharacter, path, "\(position)")
        case .exists(let path): context.text(.keyFileExists, path)
        case .uncreatable(let path, let error): context.text(.keyFileCreate, path, context.describe(error))
        case .noRandomness: context.text(.noRandomness)
        }
    }

    /// The pseudonymizer of `key` with the `--tweak` and `--keep-region` given.
    static func pseudonymizer(key: CPFPseudonymizer.Key, _ arguments: ParsedArguments) -> CPFPseudonymizer {
        CPFPseudonymizer(
            key: key, tweakBytes: arguments.value(tweak)?.bytes ?? [], keepsRegion: arguments.has(keepRegion))
    }
}
