/// A `cpf` command: its definition (name, options, help) and what it does.
protocol Command: Sendable {
    static var definition: CommandDefinition { get }
    /// Runs the command; returns the exit status.
    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> Int32
}

/// An engine that rewrites each input into one output line: the CPF
/// arguments, or else every line of the inputs (`format`, `strip`, `complete`).
protocol RewritingEngine {
    /// Inputs that could not be rewritten so far.
    var failureCount: Int { get }
    /// Rewrites every line of one input.
    func rewrite(_ descriptor: FileDescriptor, named name: String) throws(Errno)
    /// Rewrites one command-line argument.
    func rewrite(argument: String)
}

extension RewritingEngine {
    /// Feeds the engine the CPF arguments, or else the lines of `--input`
    /// files or standard input; returns the exit status: 2 if an input could
    /// not be read, 1 if anything could not be rewritten, else 0.
    func run(_ arguments: ParsedArguments, context: Context) -> Int32 {
        if arguments.positionals.isEmpty {
            InputList(arguments).forEach(in: context) { name, descriptor throws(Errno) in
                try rewrite(descriptor, named: name)
            }
        } else {
            for argument in arguments.positionals {
                rewrite(argument: argument)
            }
        }
        if context.failedInput { return 2 }
        return failureCount == 0 ? 0 : 1
    }
}

/// Options shared by the commands that read CPFs.
enum CommonOptions {
    static let input = OptionDefinition(
        "input", short: "i", value: "file",
        help: "Read CPFs, one per line, from <file> ('-' for standard input). Repeatable. Without it and without CPF arguments, standard input is read.")
    static let strict = OptionDefinition(
        "strict", help: "Accept only DDDDDDDDDDD or DDD.DDD.DDD-DD (default: 11 digits with any '.', '-' or spaces among them).")
    static let pad = OptionDefinition(
        "pad", help: "Left-pad a bare run of 1 to 10 digits with zeros to 11 (a CPF stored as a number).")
    static let allowRepeated = OptionDefinition(
        "allow-repeated", help: "Accept the ten numbers made of one repeated digit (000.000.000-00 ...), never issued.")

    /// Throws when CPF arguments and `--input` are both given.
    static func requireArgumentsOrInput(_ arguments: ParsedArguments) throws(UsageError) {
        if !arguments.positionals.isEmpty, arguments.has("input") {
            throw .invalid("CPF arguments cannot be combined with '\(arguments.spelling("input"))'")
        }
    }
}
