/// The options and arguments of one command line, after parsing.
struct ParsedArguments {
    // Options are looked up by their definition (a static constant such as
    // `CommonOptions.input`), never by a name typed again: a misspelled
    // option does not compile.

    /// Values by long option name; a flag has one empty value per use.
    private var values: [String: [String]] = [:]
    /// The spelling used for each option, for error messages (`-n`, `--count`).
    private var spellings: [String: String] = [:]
    private(set) var positionals: [String] = []

    func has(_ option: OptionDefinition) -> Bool { values[option.long] != nil }

    /// The last value given for an option.
    func value(_ option: OptionDefinition) -> String? { values[option.long]?.last }

    /// All values given for a repeatable option, in order.
    func values(_ option: OptionDefinition) -> [String] { values[option.long] ?? [] }

    /// How the option was written on the command line.
    func spelling(_ option: OptionDefinition) -> String { spellings[option.long] ?? "--\(option.long)" }

    /// Parses the words after the command name.
    ///
    /// Accepts `--name value`, `--name=value`, `-x value`, `-xvalue`, flags
    /// bundled as `-qv`, and `--` to end options; a lone `-` is an argument.
    static func parse(_ words: ArraySlice<String>, for command: CommandDefinition) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = words[...]
        let options = command.allOptions

        func record(_ option: OptionDefinition, _ value: String, spelled spelling: String) {
            parsed.values[option.long, default: []].append(value)
            parsed.spellings[option.long] = spelling
        }

        while let word = remaining.popFirst() {
            if word == "--" {
                parsed.positionals.append(contentsOf: remaining)
                break
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = options.first(where: { $0.long == name }) else {
                    throw .unknownOption("--\(name)")
                }
                if option.takesValue {
                    if let inlineValue {
                        record(option, inlineValue, spelled: "--\(name)")
                    } else if let next = remaining.popFirst() {
                        record(option, next, spelled: "--\(name)")
                    } else {
                        throw .missingValue(option: "--\(name)")
                    }
                } else {
                    if inlineValue != nil { throw .unexpectedValue(option: "--\(name)") }
                    record(option, "", spelled: "--\(name)")
                }
            } else if word.hasPrefix("-"), word.count > 1 {
                var letters = word.dropFirst()[...]
                while let letter = letters.popFirst() {
                    guard let option = options.first(where: { $0.short == letter }) else {
                        throw .unknownOption("-\(letter)")
                    }
                    if option.takesValue {
                        if !letters.isEmpty {
                            record(option, String(letters), spelled: "-\(letter)")
                        } else if let next = remaining.popFirst() {
                            record(option, next, spelled: "-\(letter)")
                        } else {
                            throw .missingValue(option: "-\(letter)")
                        }
                        break
                    }
                    record(option, "", spelled: "-\(letter)")
                }
            } else {
                parsed.positionals.append(word)
            }
        }
        return parsed
    }

    /// Throws when more than one of `options` was given.
    func requireAtMostOne(of options: [OptionDefinition]) throws(UsageError) {
        let given = options.filter(has)
        if given.count > 1 {
            throw .conflictingOptions(spelling(given[0]), spelling(given[1]))
        }
    }

    /// The value of an option that names a choice, matched without regard
    /// to ASCII case (`--style LGPD` is `--style lgpd`), or `nil` when absent.
    func choice(_ option: OptionDefinition, among choices: [String]) throws(UsageError) -> String? {
        guard let text = value(option) else { return nil }
        let folded = String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        guard choices.contains(folded) else {
            var expected = ""
            for (index, choice) in choices.enumerated() {
                if index > 0 { expected += index == choices.count - 1 ? " or " : ", " }
                expected += "'" + choice + "'"
            }
            throw .invalidValue(option: spelling(option), value: text, expected: expected)
        }
        return folded
    }

    /// The value of an option as a whole number in `range`, or `nil` when absent.
    func integer(_ option: OptionDefinition, in range: ClosedRange<Int>, expected: String) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidValue(option: spelling(option), value: text, expected: expected)
        }
        return number
    }
}

