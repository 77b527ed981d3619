/// One option a command accepts, as shown in its help.
struct OptionDefinition {
    /// The long name without dashes: `field` for `--field`.
    let long: String
    /// The one-letter short name, if any: `q` for `-q`.
    let short: Character?
    /// The name of the value in help (`N`), or `nil` for a flag.
    let valueName: String?
    let help: String

    init(_ long: String, short: Character? = nil, value valueName: String? = nil, help: String) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
    }

    var takesValue: Bool { valueName != nil }

    static let help = OptionDefinition("help", short: "h", help: "Show help information.")
}

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
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usageLine)\n"
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

/// Two-column help rows wrapped at 80 columns.
enum HelpLayout {
    static let labelWidth = 26

    static func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        var lines: [String] = []
        var current = ""
        for word in help.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > 80 - labelWidth - 2 {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        lines.append(current)
        var text = "  " + label
        if label.count + 2 > labelWidth {
            text += "\n" + indent
        } else {
            text += String(repeating: " ", count: labelWidth - label.count)
        }
        text += lines.joined(separator: "\n" + indent) + "\n"
        return text
    }
}
