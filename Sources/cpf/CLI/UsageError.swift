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
