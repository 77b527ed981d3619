import CPFSystem

/// The one-line progress display of a long scan on standard error (a
/// terminal): files and bytes done and the rate; when the number of files
/// is known before the start (``TreeWalk/count(upTo:within:clock:)``), files
/// done out of the total and the time left. Redrawn in place at most ten
/// times a second and cleared when anything else is written and at the
/// end. Only ever called by the one thread printing at the time (see
/// ``OrderedPrinter``).
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
    /// The number of files the walk gives, when counted before the start.
    private let total: Int?

    /// A progress line in `language`, timed by `clock` (the system's
    /// monotonic clock; a test gives its own, so no test sleeps), out of
    /// `total` files when known.
    init(language: Language = .english, total: Int? = nil, clock: @escaping () -> Double = system_monotonicSeconds) {
        self.language = language
        self.total = total
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
        let line: String
        // More files than counted (made during the run): the total was wrong, so no time left.
        if let total, files <= total {
            let left = Self.secondsLeft(done: files, total: total, elapsed: elapsed)
            line = TreeMessages.progress(files: files, of: total, bytes: bytes, rate: rate, left: left, language)
        } else {
            line = TreeMessages.progress(files: files, bytes: bytes, rate: rate, language)
        }
        errors.write("\r\u{1B}[K" + line)
        errors.flush()
        isShown = true
    }

    /// The time left when `done` files of `total` took `elapsed` seconds:
    /// the files left at the mean time a file has taken so far (by files,
    /// not bytes: an image read by OCR takes seconds whatever its size).
    static func secondsLeft(done: Int, total: Int, elapsed: Double) -> Double {
        guard done > 0 else { return 0 }
        return elapsed / Double(done) * Double(max(total - done, 0))
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
