/// Help text laid out in 80 columns: two-column rows, and usage lines.
enum HelpLayout {
    static let width = 80
    static let labelWidth = 26

    /// `prefix` and a usage line, wrapped at ``width`` columns the way
    /// swift-argument-parser wraps its usage: whole words, a bracketed group
    /// such as `[--state <uf> | --region <digit>]` counting as one, and each
    /// continuation line indented under the text after the prefix. Ends in
    /// a line feed.
    static func usage(_ prefix: String, _ usage: String) -> String {
        let indent = String(repeating: " ", count: prefix.count)
        var lines: [String] = []
        var current = prefix
        var currentIsEmpty = true
        for word in usageWords(usage) {
            if !currentIsEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
                currentIsEmpty = true
            }
            current += currentIsEmpty ? word : " " + word
            currentIsEmpty = false
        }
        lines.append(current)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The words of a usage line: split at spaces outside brackets.
    static func usageWords(_ usage: String) -> [String] {
        var words: [String] = []
        var word = ""
        var depth = 0
        for character in usage {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            default: break
            }
            if character == " ", depth <= 0 {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    static func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        var lines: [String] = []
        var current = ""
        for word in help.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width - labelWidth - 2 {
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
