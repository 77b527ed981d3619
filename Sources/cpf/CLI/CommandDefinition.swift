/// What a command is called, what it takes, and its help text, laid out as
/// OVERVIEW / USAGE / ARGUMENTS / OPTIONS.
struct CommandDefinition {
    let name: String
    let abstract: String
    /// The part of the usage line after `cpf NAME`.
    let usage: String
    let arguments: [(name: String, help: String)]
    let options: [OptionDefinition]
    /// Paragraphs after the options: exit status, examples.
    let discussion: String

    var usageLine: String { "cpf \(name) \(usage)" }

    var allOptions: [OptionDefinition] { options + [.help] }

    var helpText: String {
        var text = "OVERVIEW: \(abstract)\n\n" + HelpLayout.usage("USAGE: ", usageLine)
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments {
                text += HelpLayout.row(argument.name, argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in allOptions {
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.long)"
            if let value = option.valueName { label += " <\(value)>" }
            text += HelpLayout.row(label, option.help)
        }
        if !discussion.isEmpty {
            text += "\n" + discussion + "\n"
        }
        return text
    }
}
