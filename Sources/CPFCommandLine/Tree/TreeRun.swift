import CPFKit
import CPFSystem

/// Runs a command over the inputs of a walk (see ``DirectoryWalker``) on
/// `threads` threads, each file handled by one worker and its output printed
/// in the order of the files by an ``OrderedPrinter``.
///
/// The threads are the parts of one ``WorkerGroup`` job: the calling thread
/// and `threads - 1` others, each taking the next file of the walk until
/// none is left. Each makes its own worker (engines are not shared); with
/// one thread, the work is done on the calling thread alone, the same way.
///
/// What its locks guard: `taking`, the walk and the number of the next file
/// to take (held while the taker waits on the printer to come near enough,
/// never the other way round); `monitor`, whether an input failed.
final class TreeRun: @unchecked Sendable {
    /// What a worker does with one file, open for reading at `descriptor`
    /// (`nil` for a ``TreeEntry/Kind/nameOnly`` entry, whose name only is
    /// looked at); it writes through `file` and throws the read error that
    /// stops it.
    typealias Worker = (_ file: TreeFile, _ descriptor: FileDescriptor?) throws(Errno) -> Void

    /// How many files a worker may start ahead of the first one not wholly
    /// printed: what waits for its turn stays bounded in the number of files.
    static let maximumAhead = 4096

    let printer: OrderedPrinter
    /// The language of the notes on standard error.
    let language: Language
    /// Ends the walk early: no file is taken once the run is cancelled.
    let cancellation: Cancellation
    /// The threads that take files, and how many files there are to take
    /// at first, up to one per thread (for ``TreeOptions/threadsPerFile(_:files:)``).
    let threads: Int
    let filesAtFirst: Int
    /// Whether the CPFs in the names shown on standard error are hidden
    /// (`redact`: its diagnostics never show a CPF, even in a file name).
    let hidesCPFsInNames: Bool
    private let walk: TreeWalk
    /// Entries taken from the walk to count them before the start.
    private var early: [TreeEntry]
    private let monitor = Monitor()
    private let taking = Monitor()
    private var next = 0
    private var failed = false
    private var unsearched = 0
    /// Whether an input that could not be searched completely is only
    /// noted (`--skip-unsearchable`) rather than failing the run.
    var skipsUnsearchable = false

    init(walk: TreeWalk, context: Context, showsProgress: Bool, threads: Int, hidesCPFsInNames: Bool = false) {
        self.walk = walk
        self.hidesCPFsInNames = hidesCPFsInNames
        language = context.language
        cancellation = context.cancellation
        // Up to one file per thread (the folders and links given for their
        // names only do not count: they leave a large file all the threads).
        var early: [TreeEntry] = []
        var files = 0
        while files < threads, early.count < Self.maximumAhead, let entry = walk.next() {
            early.append(entry)
            if entry.kind != .nameOnly { files += 1 }
        }
        self.early = early
        filesAtFirst = files
        // Standard input cannot be shared: read by one thread only.
        self.threads = walk.readsStandardInput ? 1 : min(threads, max(early.count, 1))
        // Out of a total when the walk is quick to count (never in a pipe:
        // only when the line is shown).
        let progress = showsProgress ? Progress(language: context.language, total: walk.count()) : nil
        // 4 MiB per file waiting, 4 MiB per thread in all.
        printer = OrderedPrinter(
            out: context.output, errors: context.errors, progress: progress,
            limit: 4 << 20, totalLimit: max(threads, 2) * (4 << 20))
    }

    /// Whether an input could not be read (exit status 2).
    var failedInput: Bool { monitor.locked { failed } }

    /// Marks the run as failed (exit status 2).
    func markFailed() { monitor.locked { failed = true } }

    /// How many inputs could not be searched completely.
    var notSearchedCount: Int { monitor.locked { unsearched } }

    /// Counts an input not searched completely; fails the run unless
    /// ``skipsUnsearchable``.
    func markNotSearched() {
        monitor.locked {
            unsearched += 1
            if !skipsUnsearchable { failed = true }
        }
    }

    /// Handles every entry with workers made by `makeWorker` (called once
    /// on each thread, the caller's included), then waits for all of them.
    func run(makeWorker: () -> Worker) {
        // The group's threads are joined when it goes, before the printer closes.
        do {
            let group = WorkerGroup(parts: threads)
            group.run { _ in
                let worker = makeWorker()
                while let (index, entry) = takeNext() { handle(entry, index, with: worker) }
            }
        }
        printer.close()
    }

    /// The next entry of the walk and its number, once it is near enough
    /// the head of the output. Under its own lock, which a worker reporting
    /// on its file never needs: the taker waiting for the head to move on
    /// cannot hold up the head's worker.
    private func takeNext() -> (Int, TreeEntry)? {
        taking.locked {
            printer.waitUntilNear(file: next, distance: Self.maximumAhead)
            guard !cancellation.isCancelled,
                let entry = early.isEmpty ? walk.next() : early.removeFirst()
            else { return nil }
            defer { next += 1 }
            return (next, entry)
        }
    }

    private func handle(_ entry: TreeEntry, _ index: Int, with worker: Worker) {
        let file = TreeFile(index: index, entry: entry, run: self)
        defer { printer.finish(file: index, inputBytes: entry.size) }
        switch entry.kind {
        case .skipped:
            file.note(TreeMessages.notRegularFile(language))
            return
        case .replaced:
            file.report(message: TreeMessages.replacedDuringWalk(language))
            return
        case .unreadable(let error):
            file.report(error)
            return
        case .nameOnly:
            do { try worker(file, nil) } catch { file.report(error) }
            return
        case .argument, .found:
            break
        }
        let descriptor: FileDescriptor
        do {
            guard let opened = try TreeFile.open(entry) else {
                // Below a directory, a FIFO or a device is only noted; named
                // to be rewritten in place, it is a file not rewritten.
                if entry.kind == .argument {
                    file.report(message: TreeMessages.notRegularFile(language))
                } else {
                    file.note(TreeMessages.notRegularFile(language))
                }
                return
            }
            descriptor = opened
        } catch {
            file.report(error)
            return
        }
        defer { if entry.path != "-" { descriptor.close() } }
        if let output = Self.outputIdentity, descriptor.fileIdentity == output {
            file.report(message: "input file is output file")
            return
        }
        do {
            try worker(file, descriptor)
        } catch {
            file.report(error)
        }
    }

    /// Standard output when it is a regular file (which an input must not be:
    /// reading what it appends, `cpf` would never reach the end).
    private static let outputIdentity: FileIdentity? = FileDescriptor.standardOutput.fileIdentity.flatMap {
        $0.isRegularFile ? $0 : nil
    }
}

/// One input being handled by a worker: where its output and messages go.
struct TreeFile {
    let index: Int
    let entry: TreeEntry
    let run: TreeRun

    /// Its name as given or found (bytes).
    var name: RawText { entry.path }
    /// Its name as shown in messages: `standard input` for `-`; for
    /// `redact` (and `find --hide`), with any CPF or CNPJ in it hidden.
    var shownName: RawText {
        if entry.path == "-" { return "standard input" }
        return run.hidesCPFsInNames ? RawText(NameHiding.hidden(entry.path.bytes)) : entry.path
    }

    /// Writes `bytes` to standard output, in the order of the files.
    func write(_ bytes: UnsafeRawBufferPointer) {
        run.printer.write(bytes, to: .output, file: index)
    }

    /// Writes `cpf: NAME: MESSAGE` to standard error, in the order of the files.
    func note(_ message: String) {
        let line = "cpf: \(Escaping.readable(shownName)): \(message)\n"
        Array(line.utf8).withUnsafeBytes { run.printer.write($0, to: .errors, file: index) }
    }

    /// Writes a line to standard error, in the order of the files.
    func say(_ message: String) {
        Array("cpf: \(message)\n".utf8).withUnsafeBytes { run.printer.write($0, to: .errors, file: index) }
    }

    /// Reports an error on this input (exit status 2 at the end).
    func report(_ error: Errno) { report(message: "\(error)") }

    func report(message: String) {
        note(message)
        run.markFailed()
    }

    /// Reports an input that could not be searched (or rewritten)
    /// completely: `cpf: NAME: not searched: REASON`, counted, and exit
    /// status 2 at the end unless `--skip-unsearchable`.
    func reportNotSearched(_ reason: String) {
        note(Message.notSearched.text(run.language, reason))
        run.markNotSearched()
    }

    /// An output buffer that hands what is written to ``write(_:)`` of the
    /// file the worker is on (`current`).
    static func outputBuffer(_ current: @escaping () -> TreeFile?) -> OutputBuffer {
        OutputBuffer(sink: { bytes throws(Errno) in current()?.write(bytes) })
    }

    /// Opens an entry for reading: an argument as given (`-` is standard
    /// input); a file in an open directory (found below a directory, or an
    /// argument to rewrite in place) without following a link and without
    /// waiting, `nil` when it is not a regular file after all (`EISDIR`
    /// for a directory named as an argument).
    static func open(_ entry: TreeEntry) throws(Errno) -> FileDescriptor? {
        let descriptor: FileDescriptor
        switch entry.location {
        case .standardInput:
            return .standardInput
        case .path:
            return try FileDescriptor.openForReading(entry.path)
        case .inDirectory(let directory, let name):
            descriptor = try directory.openFile(name)
        }
        guard let identity = descriptor.fileIdentity, identity.isRegularFile else {
            let isDirectory = (try? FileStatus(descriptor))?.kind == .directory
            descriptor.close()
            if isDirectory, entry.kind == .argument { throw .isDirectory }
            return nil
        }
        return descriptor
    }
}

/// The file a worker is on, for the output buffer it writes through.
final class CurrentFile {
    var file: TreeFile?
}
