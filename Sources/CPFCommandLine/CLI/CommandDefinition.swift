/// What a command is called, what it takes, and its help text, laid out as
/// OVERVIEW / USAGE / ARGUMENTS / OPTIONS. The same definitions make the
/// usage line (in help, the man page and usage errors), the completion
/// scripts and the man page.
struct CommandDefinition {
    let name: String
    let abstract: Localized
    let arguments: [ArgumentDefinition]
    let options: [OptionDefinition]
    /// The options the usage line names, in its order, with what it says of
    /// them (required, alternatives, going with another); `[<options>]`
    /// stands for the others. A command with few options, or none worth
    /// naming, leaves it empty: `cpf check [<options>] [<cpf> ...]`.
    var synopsis: [UsageTerm] = []
    /// Paragraphs after the options: exit status, examples.
    let discussion: Localized

    /// `cpf NAME`, `[<options>]` when an option is not in ``synopsis``, the
    /// synopsis, then the arguments: `cpf info [<options>] <cpf>`.
    var usageLine: String {
        var words = ["cpf", name]
        if !optionsOutsideSynopsis.isEmpty { words.append("[<options>]") }
        words += synopsis.map(\.text)
        words += arguments.map(\.synopsis)
        return words.joined(separator: " ")
    }

    /// The options the usage line does not name: `[<options>]` stands for
    /// them.
    var optionsOutsideSynopsis: [OptionDefinition] {
        let named = Set(synopsis.flatMap(\.allOptions).map(\.long))
        return options.filter { !named.contains($0.long) }
    }

    /// What the arguments are, for completion: files for `find` and `redact`.
    var argumentCompletion: OptionDefinition.Completion { arguments.first?.completion ?? .none }

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
                text += HelpLayout.row(argument.label, argument.help.text(language))
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
