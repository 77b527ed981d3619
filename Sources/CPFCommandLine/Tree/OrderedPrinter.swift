import CPFSystem

/// Prints what the workers of a ``TreeRun`` write for each file in the
/// order of the files, whatever order they finish in: everything of file k
/// comes after everything of file k − 1, so the output is the same with one
/// thread or many, byte for byte (standard error too).
///
/// The file at the head (the first not yet wholly printed) goes straight
/// through. Another file's output waits in memory, at most ``limit`` bytes
/// per file and ``totalLimit`` bytes for all the files waiting (those done
/// too): a worker that would go over either waits until its file reaches
/// the head or the head moves on. So memory stays bounded however slow the
/// head file is and however many small files the others finish meanwhile.
///
/// Only one thread writes at a time: the head file's worker, or the
/// thread that moves the head on (the one that finished the head file),
/// which prints the files that were waiting.
final class OrderedPrinter: @unchecked Sendable {
    /// Which stream a piece of output goes to.
    enum Stream { case output, errors }

    /// What a file may keep waiting for its turn, in bytes.
    let limit: Int
    /// What all the files may keep waiting, in bytes.
    let totalLimit: Int
    private var totalWaiting = 0
    private let out: OutputBuffer
    private let errors: OutputBuffer
    private let progress: Progress?
    private let monitor = Monitor()

    /// Output waiting for its turn, by file number.
    private var waiting: [Int: Waiting] = [:]
    /// The first file not wholly printed.
    private var head = 0
    /// Whether a thread is printing waiting files (and moving the head on).
    private var draining = false
    /// How many writers wait for room (over ``limit`` or ``totalLimit``).
    private var blocked = 0

    private struct Waiting {
        var pieces: [(Stream, [UInt8])] = []
        var byteCount = 0
        var isDone = false
        var inputBytes = 0
    }

    /// - Parameters:
    ///   - out: Standard output; `errors`: standard error (`cpf: NAME: …` lines).
    ///   - progress: The progress display, redrawn as files are done.
    init(
        out: OutputBuffer, errors: OutputBuffer, progress: Progress? = nil, limit: Int = 4 << 20,
        totalLimit: Int = 8 << 20
    ) {
        self.out = out
        self.errors = errors
        self.progress = progress
        self.limit = limit
        self.totalLimit = totalLimit
    }

    /// Prints `bytes` for file `index` now if it is at the head, or keeps
    /// them for later; waits while the file has ``limit`` bytes waiting.
    func write(_ bytes: UnsafeRawBufferPointer, to stream: Stream, file index: Int) {
        guard bytes.count > 0 else { return }
        var direct = false
        monitor.locked {
            while true {
                if head == index, !draining, waiting[index] == nil || waiting[index]!.pieces.isEmpty {
                    direct = true
                    return
                }
                let held = waiting[index]?.byteCount ?? 0
                // Always room for one piece when nothing waits, so the one writing can go on.
                let fitsFile = held == 0 || held + bytes.count <= limit
                let fitsTotal = totalWaiting == 0 || totalWaiting + bytes.count <= totalLimit
                // The head's own output (while its waiting output is printed) never waits for the total.
                if fitsFile, fitsTotal || head == index {
                    waiting[index, default: Waiting()].pieces.append((stream, Array(bytes)))
                    waiting[index]!.byteCount += bytes.count
                    totalWaiting += bytes.count
                    return
                }
                blocked += 1
                monitor.wait()
                blocked -= 1
            }
        }
        if direct { emit(bytes, to: stream) }
    }

    /// How many writers are waiting for room now: what a test waits for
    /// instead of sleeping.
    var blockedWriters: Int { monitor.locked { blocked } }

    /// Waits until file `index` is fewer than `distance` files after the
    /// head, so that the notes kept for files done early stay bounded
    /// however many files a tree has.
    func waitUntilNear(file index: Int, distance: Int) {
        monitor.locked {
            while index - head >= distance { monitor.wait() }
        }
    }

    /// Marks file `index` (of `inputBytes` bytes) as done; when it is at the
    /// head, prints the files after it that are waiting.
    func finish(file index: Int, inputBytes: Int) {
        let drains: Bool = monitor.locked {
            waiting[index, default: Waiting()].isDone = true
            waiting[index]!.inputBytes = inputBytes
            guard head == index, !draining else { return false }
            draining = true
            return true
        }
        if drains { drain() }
    }

    /// Prints the waiting output from the head on, moving the head past
    /// every file that is done.
    private func drain() {
        while true {
            var pieces: [(Stream, [UInt8])] = []
            var finished: Int?
            let goesOn: Bool = monitor.locked {
                guard var entry = waiting[head] else {
                    draining = false
                    monitor.broadcast()
                    return false
                }
                if !entry.pieces.isEmpty {
                    pieces = entry.pieces
                    entry.pieces = []
                    totalWaiting -= entry.byteCount
                    entry.byteCount = 0
                    waiting[head] = entry
                    monitor.broadcast()
                    return true
                }
                if entry.isDone {
                    waiting[head] = nil
                    finished = entry.inputBytes
                    head += 1
                    monitor.broadcast()
                    return true
                }
                draining = false
                monitor.broadcast()
                return false
            }
            for (stream, bytes) in pieces {
                bytes.withUnsafeBytes { emit($0, to: stream) }
            }
            if let finished { progress?.fileDone(bytes: finished, errors: errors) }
            if !goesOn { return }
        }
    }

    /// Writes to the stream itself, the progress line cleared first when
    /// they would share the terminal.
    private func emit(_ bytes: UnsafeRawBufferPointer, to stream: Stream) {
        if let progress, stream == .errors || progress.sharesTerminal { progress.clear(errors) }
        switch stream {
        case .output:
            out.write(bytes)
            out.flush()
        case .errors:
            errors.write(bytes)
            errors.flush()
        }
    }

    /// Ends the run: the progress line is cleared, everything written out.
    func close() {
        progress?.clear(errors)
        out.flush()
        errors.flush()
    }
}
