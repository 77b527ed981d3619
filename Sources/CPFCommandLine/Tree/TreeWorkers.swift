import CPFKit
import CPFSystem

/// What `find` and `redact` do with each file of a ``TreeRun``: one worker
/// per thread, each with its own engine, writing through the file's
/// ordered output.
enum TreeWorkers {
    /// What `find` prints for each file.
    enum Listing { case matches, count, names }

    /// `find`: the CPFs of each file (or, with `--count` / `-l`, its count or
    /// name when it has any), added up in `stats`.
    static func find(
        settings: FindEngine.Settings, listing: Listing, stats: TreeStats, context: Context
    ) -> () -> TreeRun.Worker {
        {
            let current = CurrentFile()
            let out = TreeFile.outputBuffer { current.file }
            // With --count or -l, the matches themselves are not printed.
            let engine = FindEngine(
                settings: settings, context: context,
                output: listing == .matches ? out : OutputBuffer(sink: { _ throws(Errno) in }))
            return { file, descriptor throws(Errno) in
                current.file = file
                let before = engine.reportedCounts
                defer {
                    let after = engine.reportedCounts
                    let found = (
                        low: after.low - before.low, medium: after.medium - before.medium,
                        high: after.high - before.high, mistyped: after.mistyped - before.mistyped
                    )
                    let total = after.total - before.total
                    stats.add(bytes: file.entry.size, found: found)
                    if total > 0, listing != .matches {
                        writeListing(listing, file.name, count: total, json: settings.json, to: out)
                    }
                    out.flush()
                    current.file = nil
                }
                try engine.find(descriptor, named: file.name)
            }
        }
    }

    /// `FILE:N` (`--count`) or `FILE` (`-l`) for a file with CPFs, or their JSON objects.
    static func writeListing(_ listing: Listing, _ name: RawText, count: Int, json: Bool, to out: OutputBuffer) {
        if json {
            var object = JSONObjectWriter(to: out)
            object.string("source", name)
            if listing == .count { object.number("count", count) }
            object.end()
        } else {
            Escaping.readableBytes(name, limit: .max).withUnsafeBytes { out.write($0) }
            if listing == .count {
                out.write(byte: UInt8(ascii: ":"))
                out.write(decimal: count)
            }
            out.write(byte: 0x0A)
        }
    }

    /// `redact`: each file copied to standard output redacted, or, with
    /// `inPlace`, each file with something to hide rewritten (see
    /// ``InPlaceFile``) and listed. `makeStyle` is called once per thread:
    /// a pseudonym cache is not shared between threads.
    static func redact(
        makeStyle: @escaping () -> RedactEngine.Style, minimumConfidence: CPFScanner.Confidence,
        inPlace: Bool, threadsPerFile: Int = 1, context: Context
    ) -> () -> TreeRun.Worker {
        {
            let style = makeStyle()
            let current = CurrentFile()
            // Copies to standard output, or (in place) only counts what there is to hide.
            let out = inPlace ? OutputBuffer(sink: { _ throws(Errno) in }) : TreeFile.outputBuffer { current.file }
            let engine = RedactEngine(
                style: style, minimumConfidence: minimumConfidence, context: context, output: out,
                threads: threadsPerFile)
            let cleanup = inPlace ? SignalCleanup.claimSlot() : nil
            return { file, descriptor throws(Errno) in
                current.file = file
                defer {
                    out.flush()
                    current.file = nil
                }
                guard inPlace, case .inDirectory(let directory, let name) = file.entry.location else {
                    try engine.redact(descriptor)
                    return
                }
                // A file that changed while it was rewritten is read and rewritten once more.
                for attempt in 1...2 {
                    let status = try FileStatus(descriptor)
                    if attempt > 1 { try descriptor.seek(to: 0) }
                    let before = engine.redactedCount
                    try engine.redact(descriptor)
                    let hidden = engine.redactedCount - before
                    guard hidden > 0 else { return }
                    try descriptor.seek(to: 0)
                    do throws(InPlaceFile.Failure) {
                        try InPlaceFile.replace(
                            name, in: directory, original: descriptor, status: status, cleanup: cleanup
                        ) {
                            temporary throws(Errno) in
                            let rewriter = RedactEngine(
                                style: style, minimumConfidence: minimumConfidence, context: context,
                                output: temporary, threads: threadsPerFile)
                            try rewriter.redact(descriptor)
                        }
                    } catch {
                        if error.isTransient, attempt == 1 { continue }
                        if case .system(let error) = error { throw error }
                        file.report(message: TreeMessages.notRewritten(error, context.language))
                        return
                    }
                    file.say(TreeMessages.redacted(Escaping.readable(file.name), count: hidden, context.language))
                    return
                }
            }
        }
    }
}
