/// `cpf completions SHELL`: prints a completion script for bash, zsh or
/// fish, made from the command definitions (see ``CompletionScript``).
enum CompletionsCommand: Command {
    static let shells = ["bash", "zsh", "fish"]

    static let definition = CommandDefinition(
        name: "completions",
        abstract: Localized("Print a shell completion script.", pt: "Imprime um script de completação para o shell."),
        arguments: [
            ArgumentDefinition(
                "shell", count: .one, completion: .choices(shells),
                help: Localized("bash, zsh or fish.", pt: "bash, zsh ou fish."))
        ],
        options: [],
        discussion: Localized(
            """
            The script completes commands, options, the values of choice options and
            file names. Install it once:

              bash  cpf completions bash > ~/.local/share/bash-completion/completions/cpf
                    (or add 'source <(cpf completions bash)' to ~/.bashrc)
              zsh   cpf completions zsh > ~/.zfunc/_cpf
                    (with 'fpath+=~/.zfunc' before 'compinit' in ~/.zshrc)
              fish  cpf completions fish > ~/.config/fish/completions/cpf.fish

            EXIT STATUS:
              0 printed, 2 unknown shell or usage error.
            """,
            pt: """
                O script completa comandos, opções, os valores das opções de escolha e
                nomes de arquivo. Instale uma vez:

                  bash  cpf completions bash > ~/.local/share/bash-completion/completions/cpf
                        (ou ponha 'source <(cpf completions bash)' no ~/.bashrc)
                  zsh   cpf completions zsh > ~/.zfunc/_cpf
                        (com 'fpath+=~/.zfunc' antes de 'compinit' no ~/.zshrc)
                  fish  cpf completions fish > ~/.config/fish/completions/cpf.fish

                CÓDIGO DE SAÍDA:
                  0 impresso, 2 shell desconhecido ou erro de uso.
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        guard let shell = arguments.positionals.first else { throw .missingArgument("<shell>") }
        if let extra = arguments.positionals.dropFirst().first { throw .unexpectedArgument(extra) }
        let script: String
        switch shell.text.lowercased() {
        case "bash": script = CompletionScript.bash(language: context.language)
        case "zsh": script = CompletionScript.zsh(language: context.language)
        case "fish": script = CompletionScript.fish(language: context.language)
        default: throw .invalidValue(option: "<shell>", value: shell, expected: ParsedArguments.alternatives(shells))
        }
        context.output.write(script)
        return .success
    }
}
