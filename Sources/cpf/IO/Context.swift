/// What every command writes to: buffered standard output and standard
/// error, and the exit status so far.
final class Context {
    let output = OutputBuffer(descriptor: .standardOutput)
    let errors = OutputBuffer(descriptor: .standardError, capacity: 1 << 14)
    /// Set to 2 once an input could not be read.
    private(set) var failedInput = false

    init() {
        output.onError = { [unowned self] error in
            diagnose("standard output: \(error)")
            errors.flush()
            terminate(2)
        }
    }

    /// Writes `cpf: MESSAGE` to standard error.
    func diagnose(_ message: String) {
        errors.write("cpf: \(message)\n")
    }

    /// Reports a failure that stops the command (such as a temporary file
    /// that cannot be written) and exits with status 2.
    func fail(_ message: String) -> Never {
        output.flush()
        diagnose(message)
        errors.flush()
        terminate(2)
    }

    /// Reports an input that could not be opened or read; the command goes
    /// on with its other inputs and exits 2.
    func reportInputError(_ name: String, _ error: Errno) {
        diagnose("\(name): \(error)")
        failedInput = true
    }

    /// Writes out what is buffered. A write error on standard output (a full
    /// disk) is reported as `cpf: standard output: …` and ends `cpf` at once
    /// with exit status 2, whenever it happens.
    func flush() {
        output.flush()
        errors.flush()
    }
}

/// The inputs of a command that reads lines: named files and `-` for
/// standard input, in order.
struct InputList {
    let names: [String]

    /// `--input` values, or standard input when there are none.
    init(_ parsed: ParsedArguments) {
        let given = parsed.values("input")
        names = given.isEmpty ? ["-"] : given
    }

    /// FILE arguments (`find`, `redact`), or standard input when there are none.
    init(files: [String]) {
        names = files.isEmpty ? ["-"] : files
    }

    /// Opens each input in turn and calls `body` with its name and descriptor;
    /// an input that cannot be opened or read is reported and skipped.
    func forEach(in context: Context, _ body: (String, FileDescriptor) throws(Errno) -> Void) {
        for name in names {
            let descriptor: FileDescriptor
            if name == "-" {
                descriptor = .standardInput
            } else {
                do {
                    descriptor = try FileDescriptor.openForReading(name)
                } catch {
                    context.reportInputError(name, error)
                    continue
                }
            }
            defer { if name != "-" { descriptor.close() } }
            do {
                try body(name, descriptor)
            } catch {
                context.reportInputError(name == "-" ? "standard input" : name, error)
            }
        }
    }
}
