/// A mistake in how `cpf` was called: reported as `cpf: …` with a hint how
/// to get help, exit status 2.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case conflictingOptions(String, String)
    case missingArgument(String)
    case unexpectedArgument(String)
    case invalid(String)

    var description: String {
        switch self {
        case .unknownCommand(let name): "unknown command '\(name)'"
        case .unknownOption(let option): "unknown option '\(option)'"
        case .missingValue(let option): "missing value for '\(option)'"
        case .unexpectedValue(let option): "'\(option)' does not take a value"
        case let .invalidValue(option, value, expected): "invalid value '\(value)' for '\(option)': expected \(expected)"
        case let .conflictingOptions(first, second): "'\(first)' cannot be used with '\(second)'"
        case .missingArgument(let name): "missing argument \(name)"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        case .invalid(let message): message
        }
    }
}

/// The options and arguments of one command line, after parsing.
struct ParsedArguments {
    /// Values by long option name; a flag has one empty value per use.
    private var values: [String: [String]] = [:]
    /// The spelling used for each option, for error messages (`-n`, `--count`).
    private var spellings: [String: String] = [:]
    private(set) var positionals: [String] = []

    func has(_ long: String) -> Bool { values[long] != nil }

    /// The last value given for an option.
    func value(_ long: String) -> String? { values[long]?.last }

    /// All values given for a repeatable option, in order.
    func values(_ long: String) -> [String] { values[long] ?? [] }

    /// How the option was written on the command line.
    func spelling(_ long: String) -> String { spellings[long] ?? "--\(long)" }

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
    func requireAtMostOne(of options: [String]) throws(UsageError) {
        let given = options.filter(has)
        if given.count > 1 {
            throw .conflictingOptions(spelling(given[0]), spelling(given[1]))
        }
    }

    /// The value of an option as a whole number in `range`, or `nil` when absent.
    func integer(_ long: String, in range: ClosedRange<Int>, expected: String) throws(UsageError) -> Int? {
        guard let text = value(long) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidValue(option: spelling(long), value: text, expected: expected)
        }
        return number
    }
}
