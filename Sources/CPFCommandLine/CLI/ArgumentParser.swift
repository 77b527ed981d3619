import CPFSystem

/// The options and arguments of one command line, after parsing.
struct ParsedArguments {
    // Options are looked up by their definition (a static constant such as
    // `CommonOptions.input`), never by a name typed again: a misspelled
    // option does not compile.

    /// Values by long option name, as given (bytes); a flag has one empty
    /// value per use.
    private var values: [String: [RawText]] = [:]
    /// The spelling used for each option, for error messages (`-n`, `--count`).
    private var spellings: [String: String] = [:]
    /// The arguments that are not options, as given (bytes).
    private(set) var positionals: [RawText] = []

    func has(_ option: OptionDefinition) -> Bool { values[option.long] != nil }

    /// The last value given for an option.
    func value(_ option: OptionDefinition) -> RawText? { values[option.long]?.last }

    /// All values given for a repeatable option, in order.
    func values(_ option: OptionDefinition) -> [RawText] { values[option.long] ?? [] }

    /// How the option was written on the command line.
    func spelling(_ option: OptionDefinition) -> String { spellings[option.long] ?? "--\(option.long)" }

    /// Parses the words after the command name, given as text.
    static func parse(_ words: ArraySlice<String>, for command: CommandDefinition) throws(UsageError) -> ParsedArguments
    {
        try parse(words.map(RawText.init(_:))[...], for: command)
    }

    /// Parses the words after the command name, byte for byte.
    ///
    /// Accepts `--name value`, `--name=value`, `-x value`, `-xvalue`, flags
    /// bundled as `-qv`, and `--` to end options; a lone `-` is an argument.
    /// Option names are ASCII; values and arguments are kept as the bytes
    /// they are, UTF-8 or not.
    static func parse(_ words: ArraySlice<RawText>, for command: CommandDefinition) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        var remaining = words[...]
        let options = command.allOptions
        let dash = UInt8(ascii: "-")

        func record(_ option: OptionDefinition, _ value: RawText, spelled spelling: String) {
            parsed.values[option.long, default: []].append(value)
            parsed.spellings[option.long] = spelling
        }

        while let word = remaining.popFirst() {
            let bytes = word.bytes
            if bytes == [dash, dash] {
                parsed.positionals.append(contentsOf: remaining)
                break
            }
            if bytes.starts(with: [dash, dash]) {
                let body = bytes.dropFirst(2)
                let equals = body.firstIndex(of: UInt8(ascii: "="))
                let name = body[..<(equals ?? body.endIndex)]
                let inlineValue = equals.map { RawText(bytes: body[($0 + 1)...]) }
                guard let option = options.first(where: { $0.long.utf8.elementsEqual(name) }) else {
                    throw .unknownOption(RawText(bytes: bytes[..<(equals ?? bytes.endIndex)]))
                }
                let spelling = "--\(option.long)"
                if option.takesValue {
                    if let inlineValue {
                        record(option, inlineValue, spelled: spelling)
                    } else if let next = remaining.popFirst() {
                        record(option, next, spelled: spelling)
                    } else {
                        throw .missingValue(option: spelling)
                    }
                } else {
                    if inlineValue != nil { throw .unexpectedValue(option: spelling) }
                    record(option, "", spelled: spelling)
                }
            } else if bytes.first == dash, bytes.count > 1 {
                var letters = bytes.dropFirst()
                while let letter = letters.first {
                    guard let option = options.first(where: { $0.short?.asciiValue == letter }) else {
                        // The whole character, when the byte starts one.
                        let length = max(1, letters.withUnsafeBytes { Escaping.utf8SequenceLength($0, at: 0) })
                        throw .unknownOption(RawText(bytes: [dash] + letters.prefix(length)))
                    }
                    letters = letters.dropFirst()
                    let spelling = "-\(Character(Unicode.Scalar(letter)))"
                    if option.takesValue {
                        if !letters.isEmpty {
                            record(option, RawText(bytes: letters), spelled: spelling)
                        } else if let next = remaining.popFirst() {
                            record(option, next, spelled: spelling)
                        } else {
                            throw .missingValue(option: spelling)
                        }
                        break
                    }
                    record(option, "", spelled: spelling)
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
        let folded = String(decoding: text.bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        guard choices.contains(folded) else {
            throw .invalidValue(option: spelling(option), value: text, expected: Self.alternatives(choices))
        }
        return folded
    }

    /// `'a', 'b' or 'c'`, in both languages.
    static func alternatives(_ choices: [String]) -> Localized {
        let quoted = choices.map { "'" + $0 + "'" }
        guard quoted.count > 1 else { return Localized(quoted.first ?? "", pt: quoted.first ?? "") }
        return Message.or.localized(quoted.dropLast().joined(separator: ", "), quoted.last!)
    }

    /// The value of an option as a whole number in `range`, or `nil` when absent.
    func integer(_ option: OptionDefinition, in range: ClosedRange<Int>, expected: Localized) throws(UsageError) -> Int?
    {
        guard let text = value(option) else { return nil }
        guard let number = Int(text.text), range.contains(number) else {
            throw .invalidValue(option: spelling(option), value: text, expected: expected)
        }
        return number
    }
}
