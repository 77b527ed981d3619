/// The positional argument a command takes, as shown in its help, its usage
/// line and the completion scripts.
struct ArgumentDefinition {
    /// The name without angle brackets: `cpf` for `<cpf>`.
    let name: String
    let help: Localized
    /// How many the command takes.
    let count: Count
    /// What the argument can be, for completion: files for `find` and
    /// `redact`, the shells for `completions`.
    let completion: OptionDefinition.Completion

    /// How many arguments a command takes.
    enum Count {
        /// Exactly one: `<cpf>`.
        case one
        /// Any number, none included: `[<cpf> ...]`.
        case anyNumber
    }

    init(
        _ name: String, count: Count = .anyNumber, completion: OptionDefinition.Completion = .none, help: Localized
    ) {
        self.name = name
        self.count = count
        self.completion = completion
        self.help = help
    }

    /// `<cpf>`: how the argument is named in help.
    var label: String { "<\(name)>" }

    /// How the argument is written in a usage line: its label, or its words
    /// (`bash|zsh|fish`) when it is one of a few words; `[... ...]` when any
    /// number may be given.
    var synopsis: String {
        let word = choices.isEmpty ? label : choices.joined(separator: "|")
        switch count {
        case .one: return word
        case .anyNumber: return "[\(word) ...]"
        }
    }

    /// The choices of an argument that is one of a few words, else `[]`.
    var choices: [String] {
        if case .choices(let words) = completion { return words }
        return []
    }
}
