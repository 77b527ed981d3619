import CPFDecoders
import CPFKit
import CPFSystem

/// Finds the CPFs in free text for `cpf find`: reads each input in large
/// blocks, scans them with `CPFScanner`, and prints each CPF of at least
/// the minimum confidence (and, when asked, each mistyped CPF) with the line
/// and byte column of its first digit.
final class FindEngine {
    /// What to report.
    struct Settings {
        /// JSON Lines instead of `SOURCE:LINE:COLUMN: TEXT`.
        var json = false
        /// The lowest confidence reported.
        var minimumConfidence = CPFScanner.Confidence.medium
        /// Whether mistyped CPFs (wrong check digits) are reported too.
        var includesInvalid = false
        /// How many threads scan a large regular file, a chunk of it each.
        var threads = 1
        /// Whether the text report is coloured (`--color`).
        var colours = false
        /// The limits of decompression (gzip).
        var limits = DecodingReader.defaultLimits
        /// How each match is shown hidden (`--hide`), made once per engine
        /// (a pseudonym cache is not shared between threads); nil shows it as written.
        var makeHiding: (@Sendable () -> RedactEngine.Style)?
        /// `--line-local`: a match written across a line break is not
        /// reported, so a file cut at line ends gives the same matches.
        var isLineLocal = false
        /// Whether the matches are printed; with `--count`, `-l` and `-q`
        /// they are only counted.
        var printsMatches = true
        /// Whether a file is read no further than its first CPF reported
        /// (`-l`, `-q`): its count is then 1.
        var stopsAtFirst = false
        /// `--document`: the kinds looked for; with `.cnpj` or `.any` the
        /// input is scanned by `TaxpayerScanner` (FindEngine+Taxpayers.swift).
        var accepted = TaxpayerID.Accepted.cpf
    }

    let settings: Settings
    var json: Bool { settings.json }
    /// How matches are shown hidden, if they are (`--hide`).
    let hiding: RedactEngine.Style?
    let out: OutputBuffer
    let reader: DecodingReader
    /// Reads zip archives and PDFs, made for the first one met.
    lazy var documents = DocumentReader(decoding: reader)
    /// CPFs found so far, over every input.
    var foundCount = 0
    /// CPFs reported so far by confidence (low, medium, high), mistyped
    /// ones apart, for `--stats`.
    var reportedCounts = Counts()
    /// The bytes of each chunk of a file scanned on several threads.
    private let chunkCapacity: Int
    /// The threads and what each of their buffers' chunks prints, made for
    /// the first file large enough to be scanned in chunks.
    private var parallel: (pipeline: ChunkPipeline, outputs: UnsafeMutableBufferPointer<ChunkOutput?>)?

    /// What one chunk of a file scanned on several threads prints, kept in
    /// memory until the chunks before it are printed.
    private final class ChunkOutput {
        private(set) var bytes: [UInt8] = []
        /// Where the chunk's report is written: its blocks land in `bytes`.
        private(set) lazy var buffer = OutputBuffer(capacity: 1 << 16) { [unowned self] block throws(Errno) in
            bytes.append(contentsOf: block)
        }

        /// Writes what the chunk printed to `out`, and empties it.
        func drain(into out: OutputBuffer) {
            buffer.flush()
            bytes.withUnsafeBytes { out.write($0) }
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// CPFs reported, by confidence, mistyped ones apart.
    struct Counts {
        var low = 0, medium = 0, high = 0, mistyped = 0

        var total: Int { low + medium + high + mistyped }

        mutating func add(_ match: CPFScanner.Match) {
            add(confidence: match.confidence, isValid: match.isValid)
        }

        mutating func add(confidence: CPFScanner.Confidence, isValid: Bool) {
            if !isValid {
                mistyped += 1
            } else {
                switch confidence {
                case .low: low += 1
                case .medium: medium += 1
                case .high: high += 1
                }
            }
        }

        static func += (lhs: inout Counts, rhs: Counts) {
            lhs.low += rhs.low
            lhs.medium += rhs.medium
            lhs.high += rhs.high
            lhs.mistyped += rhs.mistyped
        }
    }

    /// Where an input stands: the line (from 1) that starts at `lineStart`,
    /// line feeds counted before the offset `counted`. A local value while
    /// an input is scanned (not stored in the engine), so that the hot path
    /// pays no run-time exclusivity checks.
    struct Position {
        /// The input's SOURCE as printed, padded with zeros to whole words.
        let source: UnsafeRawBufferPointer
        /// In JSON, the path of the archive member scanned, if it is one
        /// (SOURCE is the archive then).
        var member: UnsafeRawBufferPointer?
        /// In JSON, the section of a document the text is from, beside its
        /// own text (`"in":"sweep"`); in the text report it is in SOURCE.
        var section: DocumentReader.Section?
        /// ``scratchSize`` bytes, 8-aligned, zeroed when made: the decimal
        /// digits of the line last rendered (24 bytes, copied a word at a
        /// time), rendered once per line that has a match, then the starts of
        /// the last 16 lines counted, a ring indexed by line number. A match
        /// holds at most three line breaks, and one passed on late (a CPF
        /// beside a CNPJ that ``TaxpayerScanner`` waited to decide) starts at
        /// most a few lines before the last counted: its line is among them.
        var scratch: UnsafeMutableRawPointer
        var lineDigits: UnsafeMutableRawPointer { scratch }
        /// The bytes of ``scratch``: 24 for the digits, 8 spare, 128 for the
        /// starts, rounded up to whole cache lines (each chunk of a file
        /// scanned on several threads has its own, which must not share one).
        static let scratchSize = 192
        var line = 1
        var lineStart = 0
        var counted = 0
        var renderedLine = 0
        var lineDigitCount = 0
        /// The matches reported from this position on.
        var counts = Counts()

        init(source: UnsafeRawBufferPointer, scratch: UnsafeMutableRawPointer) {
            self.source = source
            self.scratch = scratch
        }

        /// Makes the ``scratch`` of a position, zeroed: deallocated by the caller.
        static func allocateScratch(count: Int = 1) -> UnsafeMutableRawPointer {
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchSize * count, alignment: 64)
            scratch.initializeMemory(as: UInt8.self, repeating: 0, count: scratchSize * count)
            return scratch
        }

        /// The start of line `number`, one of the last 16 counted.
        @inline(__always)
        func start(ofLine number: Int) -> Int {
            scratch.load(fromByteOffset: 32 + (number & 15) &* 8, as: Int.self)
        }

        @inline(__always)
        mutating func record(lineStart: Int) {
            scratch.storeBytes(of: lineStart, toByteOffset: 32 + (line & 15) &* 8, as: Int.self)
        }

        /// Counts the line feeds from the offset `counted` up to the offset
        /// `end`, both in the block at `base`, which starts at the offset `origin`.
        @inline(__always)
        mutating func countLines(_ base: UnsafeRawPointer, origin: Int, upTo end: Int) {
            var cursor = base + (counted - origin)
            let stop = base + (end - origin)
            while cursor < stop, let found = system_findByte(0x0A, in: cursor, count: stop - cursor) {
                line += 1
                cursor = found + 1
                lineStart = origin + (cursor - base)
                record(lineStart: lineStart)
            }
            counted = end
        }

        /// The line and byte column (from 1) of the offset `offset`, at most
        /// 15 line breaks before the last counted.
        func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
            var line = self.line
            var lineStart = self.lineStart
            while offset < lineStart, line > 1 {
                line -= 1
                lineStart = line == 1 ? 0 : start(ofLine: line)
            }
            return (line, offset - lineStart + 1)
        }
    }

    /// - Parameters:
    ///   - output: Where to print; standard output by default.
    ///   - blockCapacity: The largest block read at once.
    ///   - chunkCapacity: The bytes of each chunk of a file scanned on several threads.
    init(
        settings: Settings, context: Context, output: OutputBuffer? = nil,
        blockCapacity: Int = BlockReader.defaultCapacity,
        chunkCapacity: Int = ChunkPipeline.defaultChunkCapacity
    ) {
        self.settings = settings
        hiding = settings.makeHiding?()
        out = output ?? context.output
        reader = DecodingReader(
            reader: BlockReader(
                capacity: blockCapacity, flush: { [out] in out.flush() }, cancellation: context.cancellation),
            limits: settings.limits, capacity: blockCapacity)
        self.chunkCapacity = chunkCapacity
    }

    deinit {
        if let outputs = parallel?.outputs {
            outputs.deinitialize()
            outputs.deallocate()
        }
    }

    /// Prints every CPF in one input; `name` is its SOURCE (`-` for standard
    /// input), escaped in the text report as every echo on a terminal is.
    /// The input is decoded first when it is not plain UTF-8 (see
    /// ``DecodingReader``): the lines and columns are those of its text in UTF-8.
    func find(_ descriptor: FileDescriptor, named name: RawText) throws(InputFailure) {
        // A gzip file's original names and comments, after its text (even when it could not be read to its end).
        defer {
            for (field, text) in reader.takeGzipHeaderTexts() {
                findInName(text[...], path: name, label: "gzip-\(field.rawValue)")
            }
        }
        if let format = DocumentFormat.of(descriptor) {
            return try findInDocument(descriptor, format: format, named: name)
        }
        let shown = json ? name.bytes : Escaping.readableBytes(name, limit: .max)
        // Rounded up to whole words, copied a word at a time.
        let padded = UnsafeMutableRawBufferPointer.allocate(byteCount: (shown.count + 7) & ~7, alignment: 8)
        defer { padded.deallocate() }
        padded.initializeMemory(as: UInt8.self, repeating: 0)
        _ = padded.initializeMemory(as: UInt8.self, from: shown)
        let scratch = Position.allocateScratch()
        defer { scratch.deallocate() }
        var position = Position(source: UnsafeRawBufferPointer(rebasing: padded[..<shown.count]), scratch: scratch)
        if settings.threads > 1, !hidesWithPseudonyms, !settings.stopsAtFirst,
            let size = system_regularFileSize(descriptor.rawValue),
            size >= 2 * chunkCapacity,
            DecodingReader.isPlainFile(descriptor)
        {
            do throws(Errno) { return try findInChunks(descriptor, position: position) } catch { throw .read(error) }
        }
        var scanner = TaxpayerScanner(accepting: settings.accepted)
        defer {
            reportedCounts += position.counts
            foundCount += position.counts.total
        }
        let failure: String?
        let stopsAtFirst = settings.stopsAtFirst
        let found = FoundFlag()
        var attachmentFailures: [DocumentReader.Failure] = []
        let readAttachment: DecodingReader.AttachmentHandler = { [unowned self] attachment, bytes in
            attachmentFailures += findInAttachment(bytes, attachment, named: name)
        }
        do throws(Errno) {
            failure = try reader.forEachBlock(
                of: descriptor, until: stopsAtFirst ? { found.value } : nil, attachment: readAttachment
            ) { block in
                let bytes = UnsafeRawBufferPointer(block)
                let origin = scanner.offset
                scanner.feed(bytes) { match in
                    if match.range.lowerBound > position.counted {
                        position.countLines(bytes.baseAddress!, origin: origin, upTo: match.range.lowerBound)
                    }
                    if stopsAtFirst, found.value { return }
                    report(match, startingAt: match.range.lowerBound, at: &position, to: out)
                    if stopsAtFirst, position.counts.total > 0 { found.value = true }
                }
                position.countLines(bytes.baseAddress!, origin: origin, upTo: origin + bytes.count)
            }
        } catch {
            throw .read(error)
        }
        if !found.value {
            scanner.finish { report($0, startingAt: $0.range.lowerBound, at: &position, to: out) }
        }
        if let reason = Self.mailFailure(failure, attachments: attachmentFailures) { throw .notSearched(reason) }
    }

    /// Whether a file's first CPF has been reported, for ``Settings/stopsAtFirst``:
    /// set by the scan, read by the reader between blocks.
    final class FoundFlag {
        var value = false
    }

    /// ``find(_:named:)`` for a zip archive (an Office document too) or a
    /// PDF in a regular file: each member's text is scanned on its own, as
    /// `SOURCE!MEMBER:LINE:COLUMN: TEXT` (nested archives' paths joined by
    /// `!`; in JSON, `"source"` and `"member"`), a PDF's text as the file's.
    /// What could not be read is named after every member that could.
    private func findInDocument(
        _ descriptor: FileDescriptor, format: DocumentFormat, named name: RawText
    ) throws(InputFailure) {
        let documents = documents
        let read: DocumentReading<Errno> = { (begin, text, end) throws(Errno) in
            try documents.read(descriptor, format: format, begin: begin, text: text, end: end)
        }
        do throws(Errno) {
            try findInDocument(named: name, read: read)
        } catch {
            throw .read(error)
        }
        if let reason = Self.summary(of: documents.failures, format: format) { throw .notSearched(reason) }
    }

    /// The reading of a document's members, as ``DocumentReader`` hands them over.
    typealias DocumentReading<Failure: Error> = (
        _ begin: ([UInt8]) -> Void, _ text: (UnsafeMutableRawBufferPointer) -> Void,
        _ end: ([DocumentReader.StoredNumber]) -> Void
    ) throws(Failure) -> Void

    /// Prints the CPFs of the members `read` hands over, as
    /// `SOURCE!MEMBER:LINE:COLUMN: TEXT`, SOURCE `name`.
    ///
    /// A member's name is searched from its byte `namesReportedBefore` on
    /// (see ``findInName(_:path:member:label:after:)``).
    private func findInDocument<Failure: Error>(
        named name: RawText, namesReportedBefore: Int = 0, read: DocumentReading<Failure>
    ) throws(Failure) {
        let documents = documents
        let shownName = json ? name.bytes : Escaping.readableBytes(name, limit: .max)
        let scratch = Position.allocateScratch()
        defer { scratch.deallocate() }
        var padded = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        var memberBytes: [UInt8] = []
        defer { padded.deallocate() }
        var position: Position?
        var scanner = TaxpayerScanner(accepting: settings.accepted)
        let json = json
        let section = { [unowned documents] in documents.section }
        func begin(_ path: [UInt8]) {
            memberBytes = shownMember(path)
            let shown = Self.shownSource(shownName, member: memberBytes, section: section(), json: json)
            padded.deallocate()
            padded = UnsafeMutableRawBufferPointer.allocate(byteCount: (shown.count + 7) & ~7, alignment: 8)
            padded.initializeMemory(as: UInt8.self, repeating: 0)
            _ = padded.initializeMemory(as: UInt8.self, from: shown)
            scratch.initializeMemory(as: UInt8.self, repeating: 0, count: Position.scratchSize)
            position = Position(source: UnsafeRawBufferPointer(rebasing: padded[..<shown.count]), scratch: scratch)
            position!.section = section()
            scanner = TaxpayerScanner(accepting: settings.accepted)
        }
        func end(_ numbers: [DocumentReader.StoredNumber]) {
            memberBytes.withUnsafeBytes { member in
                if json, !member.isEmpty { position!.member = member }
                scanner.finish { report($0, startingAt: $0.range.lowerBound, at: &position!, to: out) }
                // Spreadsheet numbers that lost a CPF's leading zeros are CPFs.
                for number in numbers
                where settings.accepted.contains(number.id.kind) && number.confidence >= settings.minimumConfidence {
                    report(number, at: &position!)
                }
                position!.member = nil
            }
            reportedCounts += position!.counts
            foundCount += position!.counts.total
            position = nil
        }
        let previousNamed = documents.memberNamed
        documents.memberNamed = { [unowned self] path in
            findInName(path[...], path: name, member: path, after: namesReportedBefore)
        }
        defer { documents.memberNamed = previousNamed }
        try read(
            begin,
            { block in
                memberBytes.withUnsafeBytes { member in
                    if json, !member.isEmpty { position!.member = member }
                    let bytes = UnsafeRawBufferPointer(block)
                    let origin = scanner.offset
                    scanner.feed(bytes) { match in
                        if match.range.lowerBound > position!.counted {
                            position!.countLines(bytes.baseAddress!, origin: origin, upTo: match.range.lowerBound)
                        }
                        report(match, startingAt: match.range.lowerBound, at: &position!, to: out)
                    }
                    position!.countLines(bytes.baseAddress!, origin: origin, upTo: origin + bytes.count)
                    position!.member = nil
                }
            }, end)
    }

    /// Prints the CPFs of an e-mail's attachment read whole (`bytes`, see
    /// ``DecodingReader/forEachBlock(of:stopsAtMail:layers:until:attachment:_:)``)
    /// as those of an archive's member: `MAIL!ATTACHMENT:LINE:COLUMN: TEXT`,
    /// `MAIL!ATTACHMENT!MEMBER:…` inside it, ATTACHMENT its file name
    /// (``DecodingReader/attachmentPath(_:)``). Returns what could not be read.
    func findInAttachment(_ bytes: [UInt8], _ attachment: MailReader.Attachment, named name: RawText)
        -> [DocumentReader.Failure]
    {
        let documents = documents
        let path = DecodingReader.attachmentPath(attachment)
        do {
            let read: DocumentReading<any Error> = { begin, text, end in
                try documents.read(member: bytes, path: path, depth: 1, begin: begin, text: text, end: end)
            }
            // The attachment's own name is in the message's header, searched there.
            let before = path.count + 1
            try findInDocument(named: name, namesReportedBefore: before, read: read)
        } catch let error as DocumentReader.BudgetExceeded {
            return documents.failures + [DocumentReader.Failure(path: path, reason: error.reason)]
        } catch {
            return documents.failures + [DocumentReader.Failure(path: path, reason: DocumentReader.reason(error))]
        }
        return documents.failures
    }

    /// The reason an e-mail input was not searched completely: the
    /// reader's `failure`, then the attachments that could not be read.
    static func mailFailure(_ failure: String?, attachments: [DocumentReader.Failure]) -> String? {
        let named = summary(of: attachments, format: .zip, noun: "attachment").map { "e-mail: \($0)" }
        guard let failure else { return named }
        guard let named else { return failure }
        return "\(failure); \(named)"
    }

    /// A member's path as printed: with `--hide`, any CPF or CNPJ in it
    /// hidden (``NameHiding``), as the match itself is.
    func shownMember(_ path: [UInt8]) -> [UInt8] {
        hiding == nil ? path : NameHiding.hidden(path)
    }

    /// SOURCE as printed for the text of a document's member (`path`, empty
    /// for the document's own text) or a section beside it: the document's
    /// name `shownName` (already escaped), then `!MEMBER` (escaped) and
    /// `:SECTION` in the text report; the name alone in JSON, which has
    /// `"member"` and `"in"` for them.
    static func shownSource(
        _ shownName: [UInt8], member path: [UInt8], section: DocumentReader.Section?, json: Bool
    ) -> [UInt8] {
        guard !json else { return shownName }
        var shown = shownName
        if !path.isEmpty {
            shown.append(UInt8(ascii: "!"))
            shown += Escaping.readableBytes(RawText(path), limit: .max)
        }
        if let section {
            shown.append(UInt8(ascii: ":"))
            shown += section.rawValue.utf8
        }
        return shown
    }

    /// What a document's failures say as the reason it was not searched
    /// completely: the first three members named (escaped, CPFs and CNPJs
    /// hidden), each after `noun` (`attachment` for an e-mail's attachments).
    static func summary(
        of failures: [DocumentReader.Failure], format: DocumentFormat, verb: String = "searched",
        noun: String = "member"
    ) -> String? {
        guard let first = failures.first else { return nil }
        func named(_ failure: DocumentReader.Failure) -> String {
            guard !failure.path.isEmpty else { return failure.reason }
            let hidden = NameHiding.hidden(failure.path)
            return "\(noun) \(Escaping.readable(RawText(hidden))): \(failure.reason)"
        }
        if failures.count == 1 { return named(first) }
        let shown = failures.prefix(3).map(named).joined(separator: "; ")
        let more = failures.count > 3 ? "; and \(failures.count - 3) more" : ""
        return "\(failures.count) \(noun)s not \(verb): \(shown)\(more)"
    }

    /// Whether matches are shown as pseudonyms, which one thread makes.
    private var hidesWithPseudonyms: Bool {
        if case .pseudonym = hiding { true } else { false }
    }

    /// Prints a spreadsheet number that is a CPF or CNPJ as the sheet
    /// stores it (see ``DocumentReader/StoredNumber``): TEXT is the number as
    /// written, `cpf` (or `cnpj`) in JSON its 11 digits (or 14).
    func report(_ number: DocumentReader.StoredNumber, at position: inout Position) {
        position.counts.add(confidence: number.confidence, isValid: true)
        var number = number
        var digits = Array(number.id.characters.utf8)
        switch (hiding, number.id) {
        case (nil, _): break
        case (.hidden, _):
            number.written = number.written.map { $0 &- 0x30 < 10 ? UInt8(ascii: "*") : $0 }
            digits = Array(repeating: UInt8(ascii: "*"), count: digits.count)
        case (.pseudonym(let pseudonymizer), .cpf(let cpf)):
            digits = Array(pseudonymizer.pseudonym(for: cpf).digits.utf8)
            number.written = Array(digits.drop { $0 == UInt8(ascii: "0") })
        case (.pseudonym, .cnpj):
            // `--hide pseudonym` is refused with CNPJs (FindCommand); were it not, a CNPJ would be hidden whole.
            number.written = number.written.map { $0 &- 0x30 < 10 ? UInt8(ascii: "*") : $0 }
            digits = Array(repeating: UInt8(ascii: "*"), count: digits.count)
        }
        if json {
            var object = JSONObjectWriter(to: out)
            object.string("source", position.source)
            if let member = position.member { object.string("member", member) }
            if let section = position.section { object.string("in", section.rawValue) }
            object.number("line", number.line)
            object.number("column", number.column)
            number.written.withUnsafeBytes { object.string("text", $0) }
            if settings.accepted != .cpf { object.string("document", number.id.kind.rawValue) }
            digits.withUnsafeBytes { object.string(number.id.kind == .cpf ? "cpf" : "cnpj", $0) }
            object.string("confidence", number.confidence.rawValue)
            object.bool("valid", true)
            object.end()
            return
        }
        if settings.colours { Colour.start(Colour.source, to: out) }
        out.write(position.source)
        if settings.colours { Colour.end(to: out) }
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: number.line)
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: number.column)
        out.write(": ")
        if settings.colours { Colour.start(Colour.match, to: out) }
        number.written.withUnsafeBytes { out.write($0) }
        if settings.colours { Colour.end(to: out) }
        out.write(byte: 0x0A)
    }

    /// ``find(_:named:)`` for a large regular file: its chunks scanned side
    /// by side, each printing to its own buffer, the buffers printed in
    /// order. Each chunk first counts its line feeds, so that the next knows
    /// its first line without waiting for this one's scan. The output is the
    /// same, byte for byte, as one thread's.
    private func findInChunks(_ descriptor: FileDescriptor, position start: Position) throws(Errno) {
        if parallel == nil {
            let pipeline = ChunkPipeline(threads: settings.threads, chunkCapacity: chunkCapacity)
            let outputs = UnsafeMutableBufferPointer<ChunkOutput?>.allocate(capacity: pipeline.buffers)
            outputs.initialize(repeating: nil)
            parallel = (pipeline, outputs)
        }
        let (pipeline, outputs) = parallel!
        // Each buffer's own rendering of line numbers, a cache line apart:
        // chunks that wrote to one line would slow each other down.
        let scratch = Position.allocateScratch(count: pipeline.buffers)
        defer { scratch.deallocate() }
        let out = out
        var counts = Counts()
        defer {
            reportedCounts += counts
            foundCount += counts.total
        }
        try pipeline.run(
            descriptor,
            summary: { chunk in
                LineFeeds(in: chunk.owned, at: chunk.range.lowerBound)
            }, initial: LineFeeds(), combine: +,
            work: { chunk, before in
                // Where the chunk starts: after the line feeds of those before it.
                var position = start
                position.scratch = scratch + Position.scratchSize * chunk.buffer
                position.line = 1 + before.count
                position.lineStart = before.lineStart
                position.record(lineStart: before.lineStart)
                position.counted = chunk.range.lowerBound
                // Made by the thread that fills it, so that the allocator puts
                // it apart from the others'.
                if outputs[chunk.buffer] == nil { outputs[chunk.buffer] = ChunkOutput() }
                let output = outputs[chunk.buffer]!.buffer
                let origin = chunk.scannedOffset
                let range = chunk.range
                let scanned = UnsafeRawBufferPointer(chunk.scanned)
                withUnsafeMutablePointer(to: &position) { position in
                    let report = { (match: TaxpayerScanner.Match) in
                        // The scanner counts from the first byte read.
                        let start = origin + match.range.lowerBound
                        guard range.contains(start) else { return }
                        position.pointee.countLines(scanned.baseAddress!, origin: origin, upTo: start)
                        self.report(match, startingAt: start, at: &position.pointee, to: output)
                    }
                    var scanner = TaxpayerScanner(accepting: self.settings.accepted)
                    scanner.feed(scanned, onMatch: report)
                    if chunk.reachesEnd { scanner.finish(onMatch: report) }
                }
                return position.counts
            },
            emit: { chunk, found in
                outputs[chunk.buffer]!.drain(into: out)
                counts += found
            })
    }

    /// The line feeds among some bytes of an input, for a chunk's first
    /// line: how many, and the input offset after the last.
    private struct LineFeeds {
        var count = 0
        var lineStart = 0

        init() {}

        /// The line feeds of `bytes`, which start at the input offset `offset`:
        /// counted eight bytes at a time with no branch, each byte's count in
        /// its own lane (summed every 254 words, before a lane could
        /// overflow); the last one looked for from the end, where it
        /// usually is near.
        init(in bytes: UnsafeRawBufferPointer, at offset: Int) {
            let base = bytes.baseAddress!
            let ones: UInt64 = 0x0101_0101_0101_0101
            var index = 0
            while bytes.count - index >= 8 {
                var lanes: UInt64 = 0
                let stop = Swift.min(bytes.count - 8, index + 8 * 253)
                while index <= stop {
                    let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x0A)
                    // The high bit of each byte that was a line feed (now zero), as 1.
                    lanes &+= (~(((word & (ones &* 0x7F)) &+ ones &* 0x7F) | word) & (ones &* 0x80)) >> 7
                    index += 8
                }
                // Eight lanes of at most 254, summed in four of 16 bits.
                let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ (lanes >> 8 & 0x00FF_00FF_00FF_00FF)
                count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
            }
            while index < bytes.count {
                if bytes[index] == 0x0A { count += 1 }
                index += 1
            }
            guard count > 0 else { return }
            var last = bytes.count - 1
            while bytes[last] != 0x0A { last -= 1 }
            lineStart = offset + last + 1
        }

        /// The line feeds of `first` then those of `second`.
        static func + (first: LineFeeds, second: LineFeeds) -> LineFeeds {
            var both = first
            both.count += second.count
            if second.count > 0 { both.lineStart = second.lineStart }
            return both
        }
    }

    /// Copies `count` bytes a word at a time: reads and writes up to 7
    /// bytes more, which must be there (the source is padded to whole words,
    /// and the space reserved has room). Returns `count`.
    @inline(__always)
    private static func copyWords(_ source: UnsafeRawPointer?, count: Int, to destination: UnsafeMutableRawPointer)
        -> Int
    {
        guard let source else { return 0 }
        var offset = 0
        while offset < count {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self
            )
            offset += 8
        }
        return count
    }

    /// Prints one match, if it is to be reported; `start` is the input
    /// offset of its first digit or character. Every line feed before it
    /// has been counted, and perhaps some inside it (a match that began in
    /// an earlier block): its line is the one where it starts.
    @inline(__always)
    private func report(
        _ match: TaxpayerScanner.Match, startingAt start: Int, at position: inout Position, to out: OutputBuffer
    ) {
        switch match {
        case .cpf(let cpf): report(cpf, startingAt: start, at: &position, to: out)
        case .cnpj(let cnpj): report(cnpj, startingAt: start, at: &position, to: out)
        }
    }

    /// ``report(_:startingAt:at:to:)`` for a CPF: its text copied at most 96
    /// bytes into a value on the stack, the hot path of `find`.
    @inline(__always)
    private func report(
        _ match: CPFScanner.Match, startingAt start: Int, at position: inout Position, to out: OutputBuffer
    ) {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else { return }
        if settings.isLineLocal, match.spansLineBreak { return }
        position.counts.add(match)
        guard settings.printsMatches else { return }
        let (line, column) = position.lineAndColumn(of: start)
        let source = position.source
        // The text as written, at most 96 bytes.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            let count = match.writeText(to: buffer)
            if let hiding { hiding.hide(match, in: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])) }
            let written = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            if json {
                var object = JSONObjectWriter(to: out)
                object.string("source", source)
                if let member = position.member { object.string("member", member) }
                if let section = position.section { object.string("in", section.rawValue) }
                object.number("line", line)
                object.number("column", column)
                object.string("text", written)
                if settings.accepted != .cpf { object.string("document", TaxpayerID.Kind.cpf.rawValue) }
                object.string("cpf", reserving: 11) {
                    if hiding == nil {
                        $0.copyBytes(from: match.digits.utf8)
                    } else {
                        for index in 0..<11 { $0[index] = match.writtenDigit(index, in: written) }
                    }
                    return 11
                }
                object.string("confidence", match.confidence.rawValue)
                object.bool("valid", match.isValid)
                if match.isOCRReading { object.bool("ocr", true) }
                object.end()
            } else {
                writeMatchLine(source: source, line: line, column: column, text: written, position: &position, to: out)
            }
        }
    }

    /// ``report(_:startingAt:at:to:)`` for a CNPJ.
    private func report(
        _ match: CNPJScanner.Match, startingAt start: Int, at position: inout Position, to out: OutputBuffer
    ) {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else { return }
        if settings.isLineLocal, match.spansLineBreak { return }
        position.counts.add(confidence: match.confidence, isValid: match.isValid)
        guard settings.printsMatches else { return }
        let (line, column) = position.lineAndColumn(of: start)
        let source = position.source
        let (text, characters) = Self.shown(.cnpj(match), hiding: hiding)
        text.withUnsafeBytes { written in
            if json {
                var object = JSONObjectWriter(to: out)
                object.string("source", source)
                if let member = position.member { object.string("member", member) }
                if let section = position.section { object.string("in", section.rawValue) }
                object.number("line", line)
                object.number("column", column)
                object.string("text", written)
                Self.writeFields(.cnpj(match), characters: characters, namingKind: true, to: &object)
                object.end()
            } else {
                writeMatchLine(source: source, line: line, column: column, text: written, position: &position, to: out)
            }
        }
    }

    /// `SOURCE:LINE:COLUMN: TEXT`, TEXT escaped (see ``Escaping``), in
    /// colour with `--color`.
    @inline(__always)
    private func writeMatchLine(
        source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer, position: inout Position,
        to out: OutputBuffer
    ) {
        if settings.colours {
            writeColouredLine(source: source, line: line, column: column, text: text, to: out)
        } else if text.allSatisfy({ $0 &- 0x20 < 0x5F }), source.count <= 1 << 16 {
            writeLine(source: source, line: line, column: column, text: text, position: &position, to: out)
        } else {
            out.write(source)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: line)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: column)
            out.write(": ")
            Escaping.writeReadable(text, quote: nil, to: out)
            out.write(byte: 0x0A)
        }
    }

    /// `SOURCE:LINE:COLUMN: TEXT` in colour, as grep colours its matches:
    /// the source (already escaped) magenta, the numbers green, the CPF
    /// (escaped here) bold red.
    private func writeColouredLine(
        source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer, to out: OutputBuffer
    ) {
        Colour.start(Colour.source, to: out)
        out.write(source)
        Colour.end(to: out)
        out.write(byte: UInt8(ascii: ":"))
        Colour.start(Colour.number, to: out)
        out.write(decimal: line)
        Colour.end(to: out)
        out.write(byte: UInt8(ascii: ":"))
        Colour.start(Colour.number, to: out)
        out.write(decimal: column)
        Colour.end(to: out)
        out.write(": ")
        Colour.start(Colour.match, to: out)
        Escaping.writeReadable(text, quote: nil, to: out)
        Colour.end(to: out)
        out.write(byte: 0x0A)
    }

    /// `SOURCE:LINE:COLUMN: TEXT` in one go, for printable ASCII text.
    @inline(__always)
    private func writeLine(
        source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer, position: inout Position,
        to out: OutputBuffer
    ) {
        let lineDigits = position.lineDigits
        if position.renderedLine != line {
            position.lineDigitCount = OutputBuffer.store(decimal: line, at: lineDigits)
            position.renderedLine = line
        }
        let lineDigitCount = position.lineDigitCount
        out.withReservedSpace(source.count + 8 + 24 + 19 + 3 + text.count + 1) { space in
            let buffer = space.baseAddress!
            var count = Self.copyWords(source.baseAddress, count: source.count, to: buffer)
            buffer.storeBytes(of: UInt8(ascii: ":"), toByteOffset: count, as: UInt8.self)
            count += 1
            count += Self.copyWords(lineDigits, count: lineDigitCount, to: buffer + count)
            buffer.storeBytes(of: UInt8(ascii: ":"), toByteOffset: count, as: UInt8.self)
            count += 1
            count += OutputBuffer.store(decimal: column, at: buffer + count)
            buffer.storeBytes(of: UInt8(ascii: ":"), toByteOffset: count, as: UInt8.self)
            buffer.storeBytes(of: UInt8(ascii: " "), toByteOffset: count + 1, as: UInt8.self)
            count += 2
            UnsafeMutableRawBufferPointer(rebasing: space[count...]).copyMemory(from: text)
            count += text.count
            buffer.storeBytes(of: 0x0A, toByteOffset: count, as: UInt8.self)
            return count + 1
        }
    }
}
