import CPFKit
import CPFSystem
import CPFTextField

/// `cpf prompt`: type a CPF in the terminal, masked as in a mobile text field.
enum PromptCommand: Command {
    static let label = OptionDefinition(
        "label", value: "text",
        help: Localized(
            "The text shown before the field (default: 'CPF:', 'CNPJ:' or 'CPF/CNPJ:' as --document; '' for none).",
            pt: """
                O texto mostrado antes do campo (padrão: 'CPF:', 'CNPJ:' ou 'CPF/CNPJ:' conforme --document; '' \
                para nenhum).
                """))
    static let formatted = OptionDefinition(
        "formatted",
        help: Localized(
            "Print the accepted number masked, DDD.DDD.DDD-DD (a CNPJ XX.XXX.XXX/XXXX-DD).",
            pt: "Imprime o número aceito com máscara, DDD.DDD.DDD-DD (um CNPJ XX.XXX.XXX/XXXX-DD)."))
    static let allowInvalid = OptionDefinition(
        "allow-invalid",
        help: Localized(
            "Let Enter accept any complete number (11 digits, a CNPJ's 14 characters), valid or not.",
            pt: "Deixa Enter aceitar qualquer número completo (11 dígitos, os 14 caracteres de um CNPJ), válido ou não."
        ))

    static let definition = CommandDefinition(
        name: "prompt",
        abstract: Localized(
            "Type a CPF in the terminal, masked as you type.", pt: "Pede um CPF no terminal, com máscara ao digitar."),
        arguments: [],
        options: [
            label,
            formatted,
            allowInvalid,
            CommonOptions.allowRepeated,
            TaxpayerIDOptions.document,
            CommonOptions.color,
        ],
        discussion: Localized(
            """
            Reads keys from the terminal (/dev/tty) and draws the field there, whatever
            standard input and output are; only the accepted CPF and a line feed go to
            standard output. Once 11 digits are in, a mark says whether they are a valid
            CPF (green and red unless --color never, NO_COLOR is set or TERM is unset or
            dumb). The terminal's settings are restored on every way out, signals
            included.

            WITH --document cnpj OR any:
              The field is a CNPJ, XX.XXX.XXX/XXXX-DD, 12 digits or letters and 2 check
              digits; with any, it is a CPF while it holds at most 11 digits and no
              letter, and switches to the CNPJ mask at the 12th character (or the first
              letter), and back when a Backspace takes it under. 11 digits are then a
              complete CPF that Enter accepts if valid. The accepted number is printed
              bare (letters upper-cased), or masked with --formatted. A paste of 11
              characters or more replaces the field; its letters all count, so paste
              the number without a label.

            KEYS:
              0-9                   Type a digit; separators come and go by themselves.
                                    At most 11 digits; other characters are ignored.
              A-Z, a-z              With --document cnpj or any: a letter of a CNPJ's
                                    first 12 places, upper-cased (no letter is a
                                    command); ignored in the check digits.
              Backspace             Remove the digit before the cursor (after '.' or '-',
                                    the digit before it); a separator left last goes too.
              Delete                Remove the digit after the cursor (also Ctrl-D).
              Left, Right           Move over one digit (also Ctrl-B, Ctrl-F).
              Home, End             Move to the start or the end (also Ctrl-A, Ctrl-E).
              paste                 A whole masked or bare number (11 digits, junk around
                                    them ignored) replaces the field.
              Enter                 Accept a valid CPF (any 11 digits with --allow-invalid);
                                    otherwise nothing happens.
              Esc, Ctrl-C           Cancel: print nothing, exit status 1.
              Ctrl-Z                Suspend, as in a shell with job control.

            EXIT STATUS:
              0 accepted, 1 cancelled, 2 no terminal, usage or I/O error.

            EXAMPLE:
              cpf=$(cpf prompt --label 'Your CPF:') || exit 1
              payer=$(cpf prompt --document any --formatted) || exit 1
            """,
            pt: """
                Lê as teclas do terminal (/dev/tty) e desenha o campo nele, quaisquer que
                sejam a entrada e a saída padrão; só o CPF aceito e uma quebra de linha vão
                para a saída padrão. Com 11 dígitos digitados, uma marca diz se formam um
                CPF válido (verde e vermelha, salvo com --color never, NO_COLOR definida ou
                TERM ausente ou dumb). As configurações do terminal são restauradas em toda
                saída, sinais inclusive.

                COM --document cnpj OU any:
                  O campo é um CNPJ, XX.XXX.XXX/XXXX-DD, 12 dígitos ou letras e 2 dígitos
                  verificadores; com any, é um CPF enquanto tem até 11 dígitos e nenhuma
                  letra, e muda para a máscara de CNPJ no 12º caractere (ou na primeira
                  letra), e volta quando um Backspace o reduz. 11 dígitos são então um CPF
                  completo que Enter aceita se for válido. O número aceito é impresso sem
                  máscara (letras em maiúsculas), ou com máscara com --formatted. Colar 11
                  caracteres ou mais substitui o campo; todas as letras contam, então cole
                  o número sem rótulo.

                TECLAS:
                  0-9                   Digita um dígito; os separadores vêm e vão sozinhos.
                                        No máximo 11 dígitos; outros caracteres são ignorados.
                  A-Z, a-z              Com --document cnpj ou any: uma letra das 12
                                        primeiras posições de um CNPJ, em maiúscula (nenhuma
                                        letra é um comando); ignorada nos dígitos verificadores.
                  Backspace             Apaga o dígito antes do cursor (depois de '.' ou '-',
                                        o dígito antes deles); um separador que sobre no fim
                                        também sai.
                  Delete                Apaga o dígito depois do cursor (também Ctrl-D).
                  Esquerda, Direita     Move sobre um dígito (também Ctrl-B, Ctrl-F).
                  Home, End             Vai para o início ou o fim (também Ctrl-A, Ctrl-E).
                  colar                 Um número inteiro, com ou sem máscara (11 dígitos,
                                        lixo em volta ignorado), substitui o campo.
                  Enter                 Aceita um CPF válido (quaisquer 11 dígitos com
                                        --allow-invalid); senão nada acontece.
                  Esc, Ctrl-C           Cancela: não imprime nada, código de saída 1.
                  Ctrl-Z                Suspende, como num shell com controle de tarefas.

                CÓDIGO DE SAÍDA:
                  0 aceito, 1 cancelado, 2 sem terminal, erro de uso ou de E/S.

                EXEMPLO:
                  cpf=$(cpf prompt --label 'Seu CPF:') || exit 1
                  pagador=$(cpf prompt --document any --formatted) || exit 1
                """))

    /// The label when `--label` is not given.
    static let defaultLabel = "CPF:"

    /// The label when `--label` is not given, for the kinds `--document` asks for.
    static func defaultLabel(accepting accepted: TaxpayerID.Accepted) -> String {
        switch accepted {
        case .cpf: defaultLabel
        case .cnpj: "CNPJ:"
        case .any: "CPF/CNPJ:"
        }
    }

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .unexpectedArgument(extra) }
        let accepted = try TaxpayerIDOptions.accepted(arguments)
        let given = arguments.value(Self.label) ?? RawText(defaultLabel(accepting: accepted))
        // Shown as it is: no byte of it may act on the terminal (see Escaping).
        guard Escaping.isPlain(given) else {
            throw .invalidValue(
                option: arguments.spelling(Self.label), value: given, expected: Message.expectLabel.localized())
        }
        let label = given.text
        let when = try arguments.choice(CommonOptions.color, among: ["auto", "always", "never"])
        let colours = when == "always" || when != "never" && PromptRenderer.allowsColour { context.environment[$0] }

        // TERM=dumb: no escape sequence at all (a plain redraw, no bracketed paste).
        let isDumb = context.environment["TERM"] == "dumb"
        let terminal: Terminal
        do {
            terminal = try Terminal.open(usesEscapeSequences: !isDumb)
        } catch {
            context.diagnose(context.text(.terminalOpen, Terminal.path, context.describe(error)))
            return .error
        }
        do {
            try terminal.enterRawMode()
        } catch {
            context.diagnose("\(Terminal.path): \(context.describe(error))")
            return .error
        }
        defer { terminal.restore() }

        let model: any MaskedFieldViewModeling
        let renderer: PromptRenderer
        if accepted == .cpf {
            let cpfModel = CPFFieldViewModel(
                allowsRepeatedDigits: arguments.has(CommonOptions.allowRepeated),
                acceptsInvalidNumbers: arguments.has(Self.allowInvalid))
            model = cpfModel
            renderer = PromptRenderer(
                viewModel: cpfModel, label: label,
                usesColour: colours,
                movesCursor: !isDumb, language: context.language, columns: { terminal.columns },
                output: { terminal.write($0) })
        } else {
            let documentModel = TaxpayerIDFieldViewModel(
                accepting: accepted, allowsRepeatedDigits: arguments.has(CommonOptions.allowRepeated),
                acceptsInvalidNumbers: arguments.has(Self.allowInvalid))
            model = documentModel
            renderer = PromptRenderer(
                viewModel: documentModel, label: label, usesColour: colours, movesCursor: !isDumb,
                language: context.language, columns: { terminal.columns }, output: { terminal.write($0) })
        }
        let outcome = interact(terminal: terminal, session: PromptSession(viewModel: model), renderer: renderer)
        renderer.finish()
        terminal.restore()

        switch outcome {
        case .accepted(let characters):
            context.output.write((arguments.has(Self.formatted) ? masked(characters) : characters) + "\n")
            return .success
        case .cancelled:
            return .failure
        case .failed(let message):
            context.diagnose("\(Terminal.path): \(message)")
            return .error
        }
    }

    /// The accepted bare characters masked: 11 digits as a CPF, 14
    /// characters as a CNPJ.
    static func masked(_ characters: String) -> String {
        characters.utf8.count == CPFMask.maximumDigitCount
            ? CPFMask.apply(to: characters) : CNPJMask.apply(to: characters)
    }

    /// How the prompt ended.
    enum Outcome: Equatable {
        case accepted(String)
        case cancelled
        case failed(String)
    }

    /// Reads keys until the user accepts or cancels.
    static func interact(terminal: Terminal, session: PromptSession, renderer: PromptRenderer) -> Outcome {
        var decoder = KeyDecoder()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            if terminal.takeResumed() { renderer.setNeedsDraw() }
            renderer.drawIfNeeded()
            let keys: [Key]
            do {
                // A lone ESC is Esc if nothing follows it within 50 ms; a
                // paste ends after a second without its end marker.
                let timeout: Int32 = decoder.isWaitingForMore ? 50 : decoder.isInPaste ? KeyDecoder.pasteTimeout : -1
                switch try terminal.wait(milliseconds: timeout) {
                case .interrupted:
                    continue
                case .timedOut:
                    keys = decoder.isInPaste ? decoder.endPaste() : decoder.flush()
                case .ready:
                    let count = try terminal.read(into: buffer)
                    if count == 0 { return .failed(Message.terminalClosed.text(renderer.language)) }
                    keys = decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                }
            } catch {
                return .failed(renderer.language == .english ? "\(error)" : error.portugueseDescription)
            }
            for key in keys {
                switch session.handle(key) {
                case .proceed: break
                case .accept(let digits): return .accepted(digits)
                case .cancel: return .cancelled
                case .suspend: terminal.suspend()
                }
            }
        }
    }
}
