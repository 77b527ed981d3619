import CPFSystem

/// The one-line progress display of a long scan on standard error (a
/// terminal): files and bytes done and the rate (the walk streams, so the
/// totals are not known before the end), redrawn in place at most ten times a second and cleared when
/// anything else is written and at the end. Only ever called by the one
/// thread printing at the time (see ``OrderedPrinter``).
final class Progress {
    /// The seconds of a monotonic clock: the system's, or a test's.
    private let clock: () -> Double
    private let start: Double
    // A scan shorter than half a second shows nothing.
    private var lastDrawn: Double
    private var files = 0
    private var bytes = 0
    private var isShown = false
    private let language: Language

    /// A progress line in `language`, timed by `clock` (the system's
    /// monotonic clock; a test gives its own, so no test sleeps).
    init(language: Language = .english, clock: @escaping () -> Double = system_monotonicSeconds) {
        self.language = language
        self.clock = clock
        start = clock()
        lastDrawn = start + 0.4
    }

    /// Whether to show one: standard error is a terminal, and not `--no-progress`.
    static func isWanted(disabled: Bool) -> Bool {
        !disabled && FileDescriptor.standardError.isTerminal
    }

    /// Counts one file done; redraws the line when it is time to.
    func fileDone(bytes count: Int, errors: OutputBuffer) {
        files += 1
        bytes += count
        let now = clock()
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
