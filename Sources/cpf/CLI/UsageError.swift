/// A mistake in how `cpf` was called: reported as `cpf: …` with a hint how
/// to get help, exit status 2.
///
/// What the user typed (``RawText``) is echoed only through
/// ``Escaping/readable(_:quote:)``: escaped, and cut at 64 KiB. The other
/// texts (option spellings, what is expected) are `cpf`'s own.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(RawText)
    case unknownOption(RawText)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case invalidValue(option: String, value: RawText, expected: String)
    case conflictingOptions(String, String)
    case missingArgument(String)
    case unexpectedArgument(RawText)
    case invalid(String)

    var description: String {
        switch self {
        case .unknownCommand(let name): "unknown command '\(echo(name))'"
        case .unknownOption(let option): "unknown option '\(echo(option))'"
        case .missingValue(let option): "missing value for '\(option)'"
        case .unexpectedValue(let option): "'\(option)' does not take a value"
        case let .invalidValue(option, value, expected): "invalid value '\(echo(value))' for '\(option)': expected \(expected)"
        case let .conflictingOptions(first, second): "'\(first)' cannot be used with '\(second)'"
        case .missingArgument(let name): "missing argument \(name)"
        case .unexpectedArgument(let argument): "unexpected argument '\(echo(argument))'"
        case .invalid(let message): message
        }
    }

    private func echo(_ text: RawText) -> String {
        Escaping.readable(text, quote: UInt8(ascii: "'"))
    }
}
