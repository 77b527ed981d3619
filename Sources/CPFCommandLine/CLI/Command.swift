/// A `cpf` command: its definition (name, options, help) and what it does.
protocol Command: Sendable {
    static var definition: CommandDefinition { get }
    /// Runs the command; returns the exit status. Only wires the layers:
    /// reads the options, hands plain values to an engine or writer.
    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus
}
