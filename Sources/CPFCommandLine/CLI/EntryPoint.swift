import CPFSystem

/// Runs `cpf` with the words of a command line and returns how it ended;
/// the one entry point of the command-line library, which the executable
/// calls once and tests may call too. It changes nothing process-wide
/// (signal dispositions, descriptors): that is the executable's set-up.
///
/// Nothing below it ends the process: a write error on standard output and
/// every other failure come back here as an ``ExitStatus`` (see
/// `Cancellation`). Only signal handlers end the process themselves (`cpf
/// prompt` and `redact --in-place` restore the terminal or remove their
/// temporary files, then die of the signal), and a large buffer the system
/// has no memory for (`LargeBuffer`: `cpf: not enough memory`, exit 2).
///
/// ```swift
/// let status = run(arguments: [Array("cpf".utf8), Array("check".utf8), Array("390.533.447-05".utf8)],
///                  environment: ["LANG": "pt_BR.UTF-8"])
/// ```
///
/// - Parameters:
///   - arguments: the words of the command line as bytes, the program's
///     name first (as in `argv`); they need not be UTF-8.
///   - environment: the process's environment variables, read once by the
///     caller; `cpf` looks at `LC_ALL`, `LC_MESSAGES`, `LANG`, `NO_COLOR`
///     and `TERM`.
/// - Returns: 0 success, 1 an invalid input or nothing found, 2 a usage or
///   input/output error.
public func run(arguments: [[UInt8]], environment: [String: String]) -> ExitStatus {
    Program.main(arguments.map { RawText($0) }, environment: environment)
}
