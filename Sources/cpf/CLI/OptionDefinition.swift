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
