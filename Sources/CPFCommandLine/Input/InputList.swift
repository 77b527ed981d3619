import CPFSystem

/// The inputs of a command that reads lines: named files and `-` for
/// standard input, in order.
struct InputList {
    /// The names as given, bytes that need not be UTF-8.
    let names: [RawText]

    /// The named files (`--input` values, or the FILE arguments of `find`
    /// and `redact`), or standard input when there are none.
    init(files: [RawText]) {
        names = files.isEmpty ? ["-"] : files
    }

    /// Opens each input in turn and calls `body` with its name and descriptor;
    /// an input that cannot be opened or read is reported and skipped, and
    /// so is an input that is the output file (as `cat` refuses it: reading
    /// what it appends, `cpf` would never reach the end).
    func forEach(in context: Context, _ body: (RawText, FileDescriptor) throws(Errno) -> Void) {
        // Only a regular file can be read back (not /dev/null, a pipe or a terminal).
        let output = FileDescriptor.standardOutput.fileIdentity.flatMap { $0.isRegularFile ? $0 : nil }
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
            if let output, descriptor.fileIdentity == output {
                context.reportInputError(
                    name == "-" ? RawText(context.text(.standardInput)) : name, message: context.text(.inputIsOutput))
                continue
            }
            do {
                try body(name, descriptor)
            } catch {
                context.reportInputError(name == "-" ? RawText(context.text(.standardInput)) : name, error)
            }
        }
    }
}
