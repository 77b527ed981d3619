/// One option a command accepts, as shown in its help.
struct OptionDefinition {
    /// The long name without dashes: `field` for `--field`.
    let long: String
    /// The one-letter short name, if any: `q` for `-q`.
    let short: Character?
    /// The name of the value in help (`N`), or `nil` for a flag.
    let valueName: String?
    let help: Localized
    /// What the value can be, for completion scripts and the man page.
    let completion: Completion

    /// What the value of an option can be.
    enum Completion: Equatable {
        /// Anything (a number, a text); a flag has no value at all.
        case none
        /// A file name.
        case file
        /// One of these words (matched without regard to case).
        case choices([String])
    }

    init(
        _ long: String, short: Character? = nil, value valueName: String? = nil, completion: Completion = .none,
        help: Localized
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.completion = completion
    }

    var takesValue: Bool { valueName != nil }

    /// The choices of a choice option, else `[]`.
    var choices: [String] {
        if case .choices(let words) = completion { return words }
        return []
    }

    /// `-q, --quiet`, `--field <n>`: how the option is shown in help.
    var label: String {
        var label = short.map { "-\($0), " } ?? ""
        label += "--\(long)"
        if let valueName { label += " <\(valueName)>" }
        return label
    }

    /// `-f <n>`, `--json`: how the option is written in a usage line, by
    /// its short name when it has one (as `-r`, `-l` and `-q` stand in
    /// synopses), else its long one; the value named as in ``label``.
    var synopsis: String {
        let name = short.map { "-\($0)" } ?? "--\(long)"
        return valueName.map { "\(name) <\($0)>" } ?? name
    }

    static let help = OptionDefinition(
        "help", short: "h", help: Localized("Show help information.", pt: "Mostra esta ajuda."))
}
