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
    ]

    static var overview: String {
        var text = """
            OVERVIEW: Validate, format and find Brazilian CPF numbers.

            USAGE: cpf <command> [<options>] [<arguments>]

            COMMANDS:

            """
        for command in commands {
            text += HelpLayout.row(command.definition.name, command.definition.abstract)
        }
        text += HelpLayout.row("help", "Show help for a command.")
        text += """

            OPTIONS:
            \(HelpLayout.row("-h, --help", "Show help information."))\
            \(HelpLayout.row("--version", "Show the version."))
            Positional arguments are CPFs; with none, CPFs are read one per line from
            --input files or standard input (LF or CRLF line ends). find and redact
            read text from their <file> arguments, or standard input.

            EXIT STATUS:
              0 success / all valid, 1 at least one input invalid (find: no CPF found),
              2 usage or I/O error.

            See 'cpf help <command>' for the options of a command.
            """
        return text + "\n"
    }

    static func main(_ words: [RawText]) -> ExitStatus {
        restoreDefaultSignalHandling()
        let context = Context()
        defer { context.flush() }
        var rest = words.dropFirst()
        guard let first = rest.popFirst() else {
            return usageError(.missingArgument("<command>"), command: nil, context: context)
        }
        switch first {
        case "-h", "--help":
            context.output.write(overview)
            return .success
        case "--version":
            context.output.write("cpf \(version)\n")
            return .success
        case "help":
            // `cpf help help` is the overview too: it lists what `help` does.
            guard let name = rest.first, name != "-h", name != "--help", name != "help" else {
                context.output.write(overview)
                return .success
            }
            guard let command = command(named: name.text) else {
                return usageError(.unknownCommand(name), command: nil, context: context)
            }
            context.output.write(command.definition.helpText)
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
                    context.output.write(command.definition.helpText)
                    return .success
                }
                return try command.run(arguments, context: context)
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
        var message = error.description
        if let suggestion = suggestion(for: error, command: command) {
            message += "; did you mean '\(suggestion)'?"
        }
        context.diagnose(message)
        if let command {
            context.errors.write(HelpLayout.usage("Usage: ", command.usageLine) + "  See 'cpf help \(command.name)' for more information.\n")
        } else {
            context.errors.write("Usage: cpf <command> [<options>] [<arguments>]\n  See 'cpf --help' for the list of commands.\n")
        }
        return .error
    }
}
