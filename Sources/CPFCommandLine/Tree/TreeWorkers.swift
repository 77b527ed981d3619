import CPFDecoders
import CPFKit
import CPFSystem

/// What `find` and `redact` do with each file of a ``TreeRun``: one worker
/// per thread, each with its own engine, writing through the file's
/// ordered output.
enum TreeWorkers {
    /// What `find` prints for each file.
    enum Listing { case matches, count, names, nothing }

    /// `find`: the CPFs of each file (or, with `--count` / `-l`, its count or
    /// name when it has any), added up in `stats`; those in the name of an
    /// entry found below a directory argument first (see
    /// ``FindEngine/findInName(_:path:)``).
    static func find(
        settings: FindEngine.Settings, listing: Listing, stats: TreeStats, preprocessor: Preprocessor? = nil,
        context: Context
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
                // With --hide, a CPF or CNPJ in the file's name is hidden too.
                let printed = file.run.hidesCPFsInNames ? RawText(NameHiding.hidden(file.name.bytes)) : file.name
                let before = engine.reportedCounts
                defer {
                    let after = engine.reportedCounts
                    let found = (
                        low: after.low - before.low, medium: after.medium - before.medium,
                        high: after.high - before.high, mistyped: after.mistyped - before.mistyped
                    )
                    let total = after.total - before.total
                    if descriptor != nil {
                        stats.add(bytes: file.entry.size, found: found)
                    } else {
                        stats.addName(found: found)
                    }
                    if total > 0, listing == .count || listing == .names {
                        writeListing(listing, printed, count: total, json: settings.json, to: out)
                    }
                    out.flush()
                    current.file = nil
                }
                if let name = file.entry.name { engine.findInName(name, path: printed) }
                guard let descriptor else { return }
                func find(_ input: FileDescriptor) throws(Errno) {
                    do throws(InputFailure) {
                        try engine.find(input, named: printed)
                    } catch {
                        switch error {
                        case .read(let error): throw error
                        case .notSearched(let reason), .notRewritten(let reason): file.reportNotSearched(reason)
                        }
                    }
                }
                if let preprocessor, preprocessor.applies(to: file.entry) {
                    _ = try preprocessor.run(file, input: descriptor, language: context.language) {
                        output throws(Errno) in
                        try find(output)
                    }
                    return
                }
                try find(descriptor)
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
        inPlace: Bool, threadsPerFile: Int = 1, limits: DecompressionLimits = DecodingReader.defaultLimits,
        preprocessor: Preprocessor? = nil, isLineLocal: Bool = false, accepted: TaxpayerID.Accepted = .cpf,
        pdfFill: PDFRedactor.Fill = .black, images: FindEngine.ImageReading? = nil, stats: RedactStats? = nil,
        context: Context
    ) -> () -> TreeRun.Worker {
        {
            let style = makeStyle()
            let current = CurrentFile()
            // Copies to standard output, or (in place) only counts what there is to hide.
            let out = inPlace ? OutputBuffer(sink: { _ throws(Errno) in }) : TreeFile.outputBuffer { current.file }
            let engine = RedactEngine(
                style: style, minimumConfidence: minimumConfidence, context: context, output: out,
                threads: threadsPerFile, limits: limits, reencodes: !inPlace)
            engine.isLineLocal = isLineLocal
            engine.accepted = accepted
            engine.pdfFill = pdfFill
            engine.images = images
            // Proof before replace: what find would report of what was to be hidden, in the file written.
            var readBack = FindEngine.Settings()
            readBack.minimumConfidence = minimumConfidence
            readBack.includesInvalid = true
            readBack.limits = limits
            readBack.isLineLocal = isLineLocal
            readBack.accepted = accepted
            readBack.printsMatches = false
            readBack.threads = threadsPerFile
            let verifier = FindEngine(
                settings: readBack, context: context, output: OutputBuffer(sink: { _ throws(Errno) in }))
            var writesPseudonyms = false
            if case .pseudonym = style { writesPseudonyms = true }
            // The file written, read back as find reads it: more than `allowed` matches, or a part that
            // cannot be read, leave the original as it was.
            func verify(_ temporary: FileDescriptor, named name: [UInt8], allowing allowed: Int)
                throws(InPlaceFile.Failure)
            {
                let before = verifier.foundCount
                do throws(InputFailure) {
                    try verifier.find(temporary, named: RawText(name))
                } catch {
                    switch error {
                    case .read(let error): throw .system(error)
                    case .notSearched(let reason), .notRewritten(let reason): throw .readBackUnreadable(reason)
                    }
                }
                let found = verifier.foundCount - before
                if found > allowed { throw .readBackFound(found - allowed) }
            }
            // A redaction's failure: a read error thrown, an input not searched reported.
            func redact(_ engine: RedactEngine, _ descriptor: FileDescriptor, _ file: TreeFile) throws(Errno) -> Bool {
                do throws(InputFailure) {
                    try engine.redact(descriptor)
                    return true
                } catch {
                    switch error {
                    case .read(let error): throw error
                    case .notSearched(let reason):
                        file.reportNotSearched(reason)
                        return false
                    case .notRewritten(let reason):
                        file.report(message: Message.notRewritten.text(context.language, reason))
                        return false
                    }
                }
            }
            let cleanup = inPlace ? SignalCleanup.claimSlot() : nil
            return { file, descriptor throws(Errno) in
                current.file = file
                // How the file ended, for --stats: left as it was unless a path below says otherwise.
                var outcome = RedactStats.Outcome.leftAsItWas
                var hidden = 0
                defer {
                    out.flush()
                    current.file = nil
                    if descriptor != nil { stats?.add(bytes: file.entry.size, outcome: outcome, hidden: hidden) }
                }
                // Rewriting a tree in place claims it is clean: a name that
                // still holds a CPF is named (hidden) and fails the run.
                if inPlace, let name = file.entry.name, accepted != .cnpj,
                    CPFScanner.matches(in: name, minimumConfidence: minimumConfidence, includeInvalid: true).count > 0
                {
                    file.report(message: Message.cpfInName.text(context.language))
                } else if inPlace, let name = file.entry.name, accepted != .cpf,
                    !CNPJScanner.matches(in: name, minimumConfidence: minimumConfidence, includeInvalid: true).isEmpty
                {
                    file.report(message: Message.cnpjInName.text(context.language))
                }
                guard let descriptor else { return }
                if let preprocessor, preprocessor.applies(to: file.entry) {
                    // Its text is the command's: redacted to standard output,
                    // or (in place) only looked at, the file left as it was.
                    let before = engine.redactedCount
                    var whole = true
                    let searched = try preprocessor.run(file, input: descriptor, language: context.language) {
                        output throws(Errno) in whole = try redact(engine, output, file)
                    }
                    if searched, whole, !inPlace || engine.redactedCount == before {
                        hidden = engine.redactedCount - before
                        outcome = hidden > 0 ? .copied : .nothingToHide
                    }
                    if inPlace, searched, engine.redactedCount > before {
                        file.report(
                            message: Message.notRewritten.text(
                                context.language,
                                Message.fromPre.text(context.language, Escaping.readable(preprocessor.command))))
                    }
                    return
                }
                guard inPlace, case .inDirectory(let directory, let name) = file.entry.location else {
                    let before = engine.redactedCount
                    guard try redact(engine, descriptor, file) else { return }
                    hidden = engine.redactedCount - before
                    outcome = hidden > 0 ? .copied : .nothingToHide
                    return
                }
                // A file that changed while it was rewritten is read and rewritten once more.
                for attempt in 1...2 {
                    let status = try FileStatus(descriptor)
                    if attempt > 1 { try descriptor.seek(to: 0) }
                    let before = engine.redactedCount
                    engine.heldRewrite = nil
                    engine.heldRewriteFile = nil
                    // Not searched completely: not rewritten either.
                    let searched: Bool
                    do throws(Errno) { searched = try redact(engine, descriptor, file) } catch {
                        engine.heldRewriteFile?.descriptor.close()
                        engine.heldRewriteFile = nil
                        throw error
                    }
                    // A file the counting pass wrote whole (a PDF, in a temporary file) is written as it is.
                    let held = engine.heldRewrite
                    let heldFile = engine.heldRewriteFile
                    engine.heldRewrite = nil
                    engine.heldRewriteFile = nil
                    defer { heldFile?.descriptor.close() }
                    guard searched else { return }
                    hidden = engine.redactedCount - before
                    guard hidden > 0 else {
                        outcome = .nothingToHide
                        return
                    }
                    // Never written into a version-control folder: listed, and the run fails.
                    if file.entry.isInVersionControl {
                        file.report(
                            message: Message.notRewritten.text(
                                context.language, Message.inVersionControl.text(context.language)))
                        return
                    }
                    try descriptor.seek(to: 0)
                    do throws(InPlaceFile.Failure) {
                        // Pseudonyms are CPFs: the file written may hold as many as were written, no more.
                        let allowed = writesPseudonyms ? hidden : 0
                        let readBack = { (temporary: FileDescriptor) throws(InPlaceFile.Failure) in
                            // A held PDF or image was read back as find reads it before it was held
                            // (RedactEngine.redactPDF, redactImage): reading it a third time would prove
                            // nothing more.
                            if let held { return try InPlaceFile.verify(temporary, holds: held) }
                            if let heldFile {
                                return try InPlaceFile.verify(
                                    temporary, holds: heldFile.descriptor, size: heldFile.size)
                            }
                            try verify(temporary, named: name, allowing: allowed)
                        }
                        try InPlaceFile.replace(
                            name, in: directory, original: descriptor, status: status, cleanup: cleanup,
                            verify: readBack
                        ) {
                            temporary throws(Errno) in
                            if let held {
                                held.withUnsafeBytes { temporary.write($0) }
                                return
                            }
                            if let heldFile {
                                return try InPlaceFile.copy(heldFile.descriptor, size: heldFile.size, to: temporary)
                            }
                            let rewriter = RedactEngine(
                                style: style, minimumConfidence: minimumConfidence, context: context,
                                output: temporary, threads: threadsPerFile, limits: limits)
                            rewriter.isLineLocal = isLineLocal
                            rewriter.accepted = accepted
                            rewriter.pdfFill = pdfFill
                            rewriter.images = images
                            do throws(InputFailure) {
                                try rewriter.redact(descriptor)
                            } catch {
                                // The first pass read it whole: it changed since.
                                if case .read(let error) = error { throw error }
                                throw .inputOutput
                            }
                        }
                    } catch {
                        if error.isTransient, attempt == 1 { continue }
                        if case .system(let error) = error { throw error }
                        file.report(message: TreeMessages.notRewritten(error, context.language))
                        return
                    }
                    file.say(TreeMessages.redacted(Escaping.readable(file.shownName), count: hidden, context.language))
                    outcome = .rewritten
                    return
                }
            }
        }
    }
}
