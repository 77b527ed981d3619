import CPFSystem

/// The `cpf` program: finds the command, parses its options, runs it, and
/// turns usage errors into `cpf: …` plus a hint, exit status 2.
enum Program {
    static let version = "0.1.0"

    static let commands: [any Command.Type] = [
        CheckCommand.self,
        FormatCommand.self,
        StripCommand.self,
        GenerateCommand.self,
        InfoCommand.self,
        CompleteCommand.self,
        PromptCommand.self,
        FindCommand.self,
        RedactCommand.self,
        PseudonymizeCommand.self,
        CompletionsCommand.self,
    ]

    /// The overview in English.
    static var overview: String { overview(.english) }

    /// What `cpf --help` prints: the commands, the shared options, the exit
    /// statuses.
    static func overview(_ language: Language) -> String {
        let heading = CommandDefinition.headings[language]!
        var text =
            heading.overview + Self.abstract.text(language) + "\n\n"
            + heading.usage + "cpf <command> [<options>] [<arguments>]\n\n"
            + (language == .english ? "COMMANDS:" : "COMANDOS:") + "\n"
        for command in commands {
            text += HelpLayout.row(command.definition.name, command.definition.abstract.text(language))
        }
        text += HelpLayout.row("help", Self.helpAbstract.text(language))
        text += "\n" + heading.options + "\n"
        text += HelpLayout.row("-h, --help", OptionDefinition.help.help.text(language))
        text += HelpLayout.row("--version", Self.versionHelp.text(language))
        text += "\n" + Self.overviewDiscussion.text(language) + "\n"
        return text
    }

    static let abstract = Localized(
        "Validate, format and find Brazilian CPF numbers.",
        pt: "Valida, formata e encontra números de CPF.")
    static let helpAbstract = Localized("Show help for a command.", pt: "Mostra a ajuda de um comando.")
    static let versionHelp = Localized("Show the version.", pt: "Mostra a versão.")
    static let overviewDiscussion = Localized(
        """
        Positional arguments are CPFs; with none, CPFs are read one per line from
        --input files or standard input (LF or CRLF line ends). find and redact
        read text from their <file> arguments, or standard input.

        EXIT STATUS:
          0 success / all valid, 1 at least one input invalid (find: no CPF found;
          0 with --exit-zero), 2 usage or I/O error.

        See 'cpf help <command>' for the options of a command.
        """,
        pt: """
            Os argumentos posicionais são CPFs; sem nenhum, os CPFs são lidos um por
            linha dos arquivos de --input ou da entrada padrão (fim de linha LF ou
            CRLF). find e redact leem texto dos seus argumentos <file>, ou da entrada
            padrão. As mensagens saem em português quando LC_ALL, LC_MESSAGES ou LANG
            começa com pt.

            CÓDIGO DE SAÍDA:
              0 sucesso / todos válidos, 1 pelo menos uma entrada inválida (find:
              nenhum CPF encontrado; 0 com --exit-zero), 2 erro de uso ou de E/S.

            Veja 'cpf help <comando>' para as opções de um comando.
            """)

    /// Runs the command line `words` (the program's name first) in
    /// `environment`, the process's variables read once by the caller.
    static func main(_ words: [RawText], environment: [String: String] = [:]) -> ExitStatus {
        let context = Context(language: Language { environment[$0] }, environment: environment)
        let status = dispatch(words, context: context)
        context.flush()
        // A write error ends the run with its own status, whatever the
        // command found (see Cancellation).
        return context.cancellation.status ?? status
    }

    /// Finds the command of `words` and runs it, or the help.
    private static func dispatch(_ words: [RawText], context: Context) -> ExitStatus {
        var rest = words.dropFirst()
        guard let first = rest.popFirst() else {
            return usageError(.missingArgument("<command>"), command: nil, context: context)
        }
        switch first {
        case "-h", "--help":
            context.output.write(overview(context.language))
            return .success
        case "--version":
            context.output.write("cpf \(version)\n")
            return .success
        case "help":
            // `cpf help help` is the overview too: it lists what `help` does.
            if rest.first == "--man" {
                context.output.write(ManPage.render())
                return .success
            }
            guard let name = rest.first, name != "-h", name != "--help", name != "help" else {
                context.output.write(overview(context.language))
                return .success
            }
            guard let command = command(named: name.text) else {
                return usageError(.unknownCommand(name), command: nil, context: context)
            }
            context.output.write(command.definition.helpText(context.language))
            return .success
        default:
            guard let command = command(named: first.text) else {
                if first.hasPrefix("-") {
                    return usageError(.unknownOption(first), command: nil, context: context)
                }
                return usageError(.unknownCommand(first), command: nil, context: context)
            }
            do {
                let arguments = try ParsedArguments.parse(rest, for: command.definition)
                if arguments.has(.help) {
                    context.output.write(command.definition.helpText(context.language))
                    return .success
                }
                let status = try command.run(arguments, context: context)
                // --exit-zero answers "invalid, not rewritten, nothing found"
                // with 0; 2 (usage, I/O, not searched) stays.
                return status == .failure && arguments.has(CommonOptions.exitZero) ? .success : status
            } catch {
                return usageError(error, command: command.definition, context: context)
            }
        }
    }

    /// The nearest command or option name to an unknown one.
    static func suggestion(for error: UsageError, command: CommandDefinition?) -> String? {
        switch error {
        case .unknownCommand(let name):
            return NearestName.nearest(to: name.text, among: commands.map { $0.definition.name } + ["help"])
        case .unknownOption(let option) where option.hasPrefix("--"):
            let options = command?.allOptions.map { "--\($0.long)" } ?? ["--help", "--version"]
            return NearestName.nearest(to: String(option.text.split(separator: "=", maxSplits: 1)[0]), among: options)
        default:
            return nil
        }
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.definition.name == name }
    }

    /// `cpf: MESSAGE` (with the nearest name for an unknown command or
    /// option), the usage line and where to find help; exit status 2.
    static func usageError(_ error: UsageError, command: CommandDefinition?, context: Context) -> ExitStatus {
        var message = error.message(context.language)
        if let suggestion = suggestion(for: error, command: command) {
            message += context.text(.didYouMean, suggestion)
        }
        context.diagnose(message)
        let prefix = context.text(.usagePrefix)
        if let command {
            context.errors.write(
                HelpLayout.usage(prefix, command.usageLine) + context.text(.seeCommandHelp, command.name) + "\n")
        } else {
            context.errors.write(
                prefix + "cpf <command> [<options>] [<arguments>]\n" + context.text(.seeCommandList) + "\n")
        }
        return .error
    }
}
