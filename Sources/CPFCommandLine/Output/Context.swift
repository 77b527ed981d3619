import CPFKit
import CPFSystem

/// What every command writes to: buffered standard output and standard
/// error, the language of its messages, and the exit status so far.
final class Context {
    let output = OutputBuffer(descriptor: .standardOutput)
    let errors = OutputBuffer(descriptor: .standardError, capacity: 1 << 14)
    /// The language of human-readable text, chosen once from the locale.
    let language: Language
    /// The process's environment variables, read once at the entry point
    /// (`LANG`, `NO_COLOR`, `TERM`): nothing below it calls `getenv`.
    let environment: [String: String]
    /// Where temporary files are made: `$TMPDIR`, else `/tmp`.
    var temporaryDirectory: String { SpillFile.directory(in: environment) }
    /// Set to 2 once an input could not be read.
    private(set) var failedInput = false
    /// Whether reports about a value show it as read (`--show-values`);
    /// else in the LGPD form, its first three and last two digits hidden.
    var showsValues = false
    /// Whether reports about lines and records are left out (`-q` of the
    /// rewriting commands); errors are still reported.
    var quietsLineReports = false
    /// The reports about lines and records written so far, and those left
    /// out past ``lineReportLimit`` (counted in the closing summary).
    private(set) var lineReportCount = 0
    private(set) var unshownLineReportCount = 0
    /// How many reports about lines and records are written before the rest
    /// collapse into the summary.
    static let lineReportLimit = 20
    /// Set when the run must end early (a write error on standard output):
    /// readers then find the end of
    /// their inputs, and `Program` returns its status. Nothing below the
    /// entry point ends the process.
    let cancellation = Cancellation()

    init(language: Language = .english, environment: [String: String] = [:]) {
        self.language = language
        self.environment = environment
        output.onError = { [unowned self] error in
            // A closed pipe downstream while SIGPIPE is blocked: end quietly,
            // with success, as the default action of SIGPIPE would end quietly.
            if error == .brokenPipe {
                end(with: .success)
            } else {
                end(with: .error, saying: text(.standardOutput, describe(error)))
            }
        }
    }

    /// A message of the catalogue in the language of this run.
    func text(_ message: Message, _ arguments: String...) -> String {
        Message.fill(language == .english ? message.templates.english : message.templates.portuguese, arguments)
    }

    /// Why an input is not a valid CPF, in the language of this run.
    func reason(_ error: CPFValidationError, expectedDigitCount: Int = 11) -> String {
        Message.reason(error, language, expectedDigitCount: expectedDigitCount)
    }

    /// The text of a system error, in the language of this run.
    func describe(_ error: Errno) -> String {
        language == .english ? error.description : error.portugueseDescription
    }

    /// Writes `cpf: MESSAGE` to standard error.
    func diagnose(_ message: String) {
        errors.write("cpf: \(message)\n")
    }

    /// Ends the run early with `status`: writes `cpf: MESSAGE` (if any) and
    /// what is buffered for standard error, drops every later output, and
    /// cancels the run, so that the command returns and `Program` returns
    /// `status`. Only the first failure is reported.
    func end(with status: ExitStatus, saying message: String? = nil) {
        guard !cancellation.isCancelled else { return }
        if let message { diagnose(message) }
        errors.flush()
        output.discard()
        errors.discard()
        cancellation.cancel(with: status)
    }

    /// Whether the next report about a line or record is written: not with
    /// ``quietsLineReports``, nor past ``lineReportLimit`` (then counted).
    private func admitsLineReport() -> Bool {
        if quietsLineReports { return false }
        lineReportCount += 1
        if lineReportCount > Self.lineReportLimit {
            unshownLineReportCount += 1
            return false
        }
        return true
    }

    /// Reports a value that could not be rewritten:
    /// `cpf: SOURCE:LINE: 'VALUE': MESSAGE` (without `SOURCE:LINE: ` for an
    /// argument), the value in the LGPD form unless ``showsValues``.
    func reportValue(
        location: (source: RawText, line: Int)?, input: UnsafeRawBufferPointer, isTruncated: Bool, message: String
    ) {
        guard admitsLineReport() else { return }
        errors.write("cpf: ")
        if showsValues {
            DiagnosticWriter.write(
                location: location, input: input, isTruncated: isTruncated, message: message, to: errors)
        } else {
            CPF.lgpdHidingDigits(input).withUnsafeBytes { hidden in
                DiagnosticWriter.write(
                    location: location, input: hidden, isTruncated: isTruncated, message: message, to: errors)
            }
        }
    }

    /// Reports a record as a whole (`cpf: SOURCE:LINE: MESSAGE`), counted as
    /// a report about a line.
    func reportRecord(location: (source: RawText, line: Int), message: String) {
        guard admitsLineReport() else { return }
        errors.write("cpf: ")
        DiagnosticWriter.write(location: location, message: message, to: errors)
    }

    /// Reports an input that could not be opened or read; the command goes
    /// on with its other inputs and exits 2. The name is shown escaped.
    func reportInputError(_ name: RawText, _ error: Errno) {
        reportInputError(name, message: describe(error))
    }

    /// Reports an input that is skipped: `cpf: NAME: MESSAGE`; exit status 2.
    func reportInputError(_ name: RawText, message: String) {
        diagnose("\(Escaping.readable(name)): \(message)")
        failedInput = true
    }

    /// Reports a long line (or CSV field) whose pieces could not be held in
    /// a temporary file, so that it was `copied` out unchanged or left out:
    /// `cpf: SOURCE:LINE: MESSAGE`, without the line, which may hold a CPF.
    /// The command goes on and exits 2.
    func reportUnheldLine(location: (source: RawText, line: Int)?, _ error: Errno, copied: Bool) {
        let message = text(
            copied ? .lineNotHeldCopied : .lineNotHeldLeftOut,
            Escaping.readable(RawText(temporaryDirectory)), describe(error))
        if let location {
            errors.write("cpf: ")
            DiagnosticWriter.write(location: location, message: message, to: errors)
        } else {
            diagnose(message)
        }
        failedInput = true
    }

    /// Reports a CSV record whose quoted field is never closed: it runs from
    /// the line where it starts to the end of the input. The command goes on
    /// and exits 2, the input not being valid CSV.
    func reportUnterminatedQuote(source: RawText, line: Int) {
        errors.write("cpf: ")
        DiagnosticWriter.write(
            location: (source, line),
            message: text(.unterminatedQuote),
            to: errors)
        failedInput = true
    }

    /// Writes out what is buffered. A write error on standard output (a full
    /// disk) is reported as `cpf: standard output: …` and ends the run with
    /// exit status 2, whenever it happens (see ``end(with:saying:)``).
    func flush() {
        output.flush()
        errors.flush()
    }
}
