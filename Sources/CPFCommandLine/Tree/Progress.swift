import CPFSystem

/// The one-line progress display of a long scan on standard error (a
/// terminal): files and bytes done and the rate (the walk streams, so the
/// totals are not known before the end), redrawn in place at most ten times a second and cleared when
/// anything else is written and at the end. Only ever called by the one
/// thread printing at the time (see ``OrderedPrinter``).
final class Progress {
    private let start = system_monotonicSeconds()
    // A scan shorter than half a second shows nothing.
    private lazy var lastDrawn = start + 0.4
    private var files = 0
    private var bytes = 0
    private var isShown = false
    private let language: Language

    init(language: Language = .english) {
        self.language = language
    }

    /// Whether to show one: standard error is a terminal, and not `--no-progress`.
    static func isWanted(disabled: Bool) -> Bool {
        !disabled && FileDescriptor.standardError.isTerminal
    }

    /// Counts one file done; redraws the line when it is time to.
    func fileDone(bytes count: Int, errors: OutputBuffer) {
        files += 1
        bytes += count
        let now = system_monotonicSeconds()
        guard now - lastDrawn >= 0.1 else { return }
        lastDrawn = now
        let elapsed = max(now - start, 1e-6)
        let rate = Double(bytes) / elapsed
        let line = TreeMessages.progress(files: files, bytes: bytes, rate: rate, language)
        errors.write("\r\u{1B}[K" + line)
        errors.flush()
        isShown = true
    }

    /// Whether standard output is a terminal too, where output would run
    /// into the line.
    let sharesTerminal = FileDescriptor.standardOutput.isTerminal

    /// Clears the line if it is shown.
    func clear(_ errors: OutputBuffer) {
        guard isShown else { return }
        errors.write("\r\u{1B}[K")
        errors.flush()
        isShown = false
    }
}
