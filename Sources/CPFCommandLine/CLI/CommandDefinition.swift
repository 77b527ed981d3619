/// What a command is called, what it takes, and its help text, laid out as
/// OVERVIEW / USAGE / ARGUMENTS / OPTIONS. The same definitions make the
/// completion scripts and the man page.
struct CommandDefinition {
    let name: String
    let abstract: Localized
    /// The part of the usage line after `cpf NAME`.
    let usage: String
    let arguments: [(name: String, help: Localized)]
    let options: [OptionDefinition]
    /// Paragraphs after the options: exit status, examples.
    let discussion: Localized
    /// What the arguments are, for completion: files for `find` and `redact`.
    var argumentCompletion = OptionDefinition.Completion.none

    var usageLine: String { "cpf \(name) \(usage)" }

    var allOptions: [OptionDefinition] { options + [.help] }

    /// The help in English.
    var helpText: String { helpText(.english) }

    /// The section headings of help, in each language.
    static let headings: [Language: (overview: String, usage: String, arguments: String, options: String)] = [
        .english: ("OVERVIEW: ", "USAGE: ", "ARGUMENTS:", "OPTIONS:"),
        .portuguese: ("RESUMO: ", "USO: ", "ARGUMENTOS:", "OPÇÕES:"),
    ]

    func helpText(_ language: Language) -> String {
        let heading = Self.headings[language]!
        var text = heading.overview + abstract.text(language) + "\n\n" + HelpLayout.usage(heading.usage, usageLine)
        if !arguments.isEmpty {
            text += "\n" + heading.arguments + "\n"
            for argument in arguments {
                text += HelpLayout.row(argument.name, argument.help.text(language))
            }
        }
        text += "\n" + heading.options + "\n"
        for option in allOptions {
            text += HelpLayout.row(option.label, option.help.text(language))
        }
        let discussion = discussion.text(language)
        if !discussion.isEmpty {
            text += "\n" + discussion + "\n"
        }
        return text
    }
}
