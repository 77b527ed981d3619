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
