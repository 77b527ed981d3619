/// The colours of `cpf`'s reports on a terminal, as grep and ripgrep colour
/// theirs: SGR sequences written around text that is `cpf`'s own or already
/// escaped (see ``Escaping``), never around raw user text.
enum Colour {
    /// File names (magenta, as grep's `fn`).
    static let source = "35"
    /// Line and column numbers (green, as grep's `ln`).
    static let number = "32"
    /// A found CPF (bold red, as grep's `mt`).
    static let match = "1;31"
    /// A valid verdict.
    static let valid = "32"
    /// An invalid verdict or reason.
    static let invalid = "31"

    /// Writes `ESC [ code m`.
    static func start(_ code: String, to out: OutputBuffer) {
        out.write("\u{1B}[" + code + "m")
    }

    /// Writes `ESC [ 0 m`, back to the terminal's colours.
    static func end(to out: OutputBuffer) {
        out.write("\u{1B}[0m")
    }

    /// `text` in colour `code`.
    static func paint(_ text: String, _ code: String) -> String {
        "\u{1B}[" + code + "m" + text + "\u{1B}[0m"
    }

    /// Whether to colour, for `--color WHEN`: `always`, `never`, or `auto`
    /// (the default): only a terminal (`isTerminal`), and never when
    /// `NO_COLOR` is set and not empty or `TERM` is `dumb`.
    static func isWanted(_ when: String?, isTerminal: Bool, environment: (String) -> String?) -> Bool {
        switch when {
        case "always": return true
        case "never": return false
        default:
            if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
            if environment("TERM") == "dumb" { return false }
            return isTerminal
        }
    }
}
