import CPFSystem

/// A mistake in how `cpf` was called: reported as `cpf: …` with a hint how
/// to get help, exit status 2.
///
/// What the user typed (``RawText``) is echoed only through
/// ``Escaping/readable(_:quote:)``: escaped, and cut at 64 KiB. The other
/// texts (option spellings, what is expected) are `cpf`'s own, in both
/// languages.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(RawText)
    case unknownOption(RawText)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case invalidValue(option: String, value: RawText, expected: Localized)
    case conflictingOptions(String, String)
    case missingArgument(String)
    case unexpectedArgument(RawText)
    case invalid(Localized)

    /// The message in English.
    var description: String { message(.english) }

    /// The message in `language`.
    func message(_ language: Language) -> String {
        switch self {
        case .unknownCommand(let name): Message.unknownCommand.text(language, echo(name))
        case .unknownOption(let option): Message.unknownOption.text(language, echo(option))
        case .missingValue(let option): Message.missingValue.text(language, option)
        case .unexpectedValue(let option): Message.unexpectedValue.text(language, option)
        case .invalidValue(let option, let value, let expected):
            Message.invalidValue.text(language, echo(value), option, expected.text(language))
        case .conflictingOptions(let first, let second): Message.conflictingOptions.text(language, first, second)
        case .missingArgument(let name): Message.missingArgument.text(language, name)
        case .unexpectedArgument(let argument): Message.unexpectedArgument.text(language, echo(argument))
        case .invalid(let message): message.text(language)
        }
    }

    private func echo(_ text: RawText) -> String {
        Escaping.readable(text, quote: UInt8(ascii: "'"))
    }
}
