import CPFDecoders
import CPFKit
import CPFSystem

/// Finds the CPFs (and CNPJs, with `--document cnpj|any`) in free text for
/// `cpf find`: reads each input as ``InputFormat`` says, in large blocks,
/// scans them with `TaxpayerScanner`, and prints each match of at least the
/// minimum confidence (and, when asked, each mistyped one) with the line
/// and byte column of its first character.
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
        /// `--document`: the kinds looked for, by the one `TaxpayerScanner`
        /// every path of the engine uses.
        var accepted = TaxpayerID.Accepted.cpf
        /// How the pixels of an image file are read (see ``ImageReading``);
        /// nil reads an image as before OCR: a PNG's text chunks, the bytes
        /// of the others (redact's reading back, `--per-line`).
        var images: ImageReading?
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
    let chunkCapacity: Int
    /// Where an image held in memory (an archive's member, an e-mail's
    /// attachment) is written for the OCR engine to read.
    let temporaryDirectory: String
    /// The threads and what each of their buffers' chunks prints, made for
    /// the first file large enough to be scanned in chunks.
    var parallel: (pipeline: ChunkPipeline, outputs: UnsafeMutableBufferPointer<ChunkOutput?>)?

    /// What one chunk of a file scanned on several threads prints, kept in
    /// memory until the chunks before it are printed.
    final class ChunkOutput {
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
        temporaryDirectory = context.temporaryDirectory
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
        // The one decision of how the input is read (InputFormat): e-mail is read as a stream by find.
        let format = InputFormat.of(descriptor)
        if let images = settings.images {
            if case .image(let image) = format {
                // Its bytes first, as any file's (a CPF in its metadata), then its pixels.
                let start: Int
                do throws(Errno) { start = try descriptor.currentOffset() } catch { throw .read(error) }
                try findInBytes(descriptor, format: format, named: name)
                do throws(Errno) { try descriptor.seek(to: start) } catch { throw .read(error) }
                return try findInImage(descriptor, format: image, reading: images, named: name)
            }
            if format == .document(.png) {
                return try findInImage(descriptor, format: .png, reading: images, named: name)
            }
            if format == .document(.pdf) { return try findInPDF(descriptor, reading: images, named: name) }
        }
        if case .document(let document) = format {
            return try findInDocument(descriptor, format: document, named: name)
        }
        try findInBytes(descriptor, format: format, named: name)
    }

    /// ``find(_:named:)`` for an input that is no document: its bytes (or
    /// its text, decoded) scanned as a stream, a large plain file in chunks.
    private func findInBytes(
        _ descriptor: FileDescriptor, format: InputFormat, named name: RawText
    ) throws(InputFailure) {
        let shown = json ? name.bytes : Escaping.readableBytes(name, limit: .max)
        // Rounded up to whole words, copied a word at a time.
        let padded = UnsafeMutableRawBufferPointer.allocate(byteCount: (shown.count + 7) & ~7, alignment: 8)
        defer { padded.deallocate() }
        padded.initializeMemory(as: UInt8.self, repeating: 0)
        _ = padded.initializeMemory(as: UInt8.self, from: shown)
        let scratch = Position.allocateScratch()
        defer { scratch.deallocate() }
        var position = Position(source: UnsafeRawBufferPointer(rebasing: padded[..<shown.count]), scratch: scratch)
        if format == .plainFile, settings.threads > 1, !hidesWithPseudonyms, !settings.stopsAtFirst,
            let size = system_regularFileSize(descriptor.rawValue), size >= 2 * chunkCapacity
        {
            do throws(Errno) { return try findInChunks(descriptor, position: position) } catch { throw .read(error) }
        }
        defer {
            reportedCounts += position.counts
            foundCount += position.counts.total
        }
        // One loop, made for each scanner: CPFs alone run CPFScanner's matches straight to their report.
        let out = out
        if settings.accepted == .cpf {
            try scan(descriptor, with: CPFScanner(), named: name, at: &position) {
                report($0, startingAt: $1, at: &$2, to: out)
            }
        } else {
            try scan(descriptor, with: TaxpayerScanner(accepting: settings.accepted), named: name, at: &position) {
                report($0, startingAt: $1, at: &$2, to: out)
            }
        }
    }

    /// ``find(_:named:)`` for a stream: each block of the input's text, as
    /// ``DecodingReader`` hands it over, fed to `scanner`, each match given
    /// to `report` with the offset where it starts, every line feed before
    /// it counted.
    @inline(__always)
    private func scan<Scanner: TaxpayerIDScanning>(
        _ descriptor: FileDescriptor, with scanner: Scanner, named name: RawText, at position: inout Position,
        report: (Scanner.Match, Int, inout Position) -> Void
    ) throws(InputFailure) {
        var scanner = scanner
        let failure: String?
        let stopsAtFirst = settings.stopsAtFirst
        let found = FoundFlag()
        var attachmentFailures: [DocumentReader.Failure] = []
        let readAttachment: DecodingReader.AttachmentHandler = { [unowned self] attachment, bytes in
            attachmentFailures += findInAttachment(bytes, attachment, named: name)
        }
        do throws(Errno) {
            // A pipe's image cannot be handed to an OCR engine: named, not searched.
            let isPipe = settings.images != nil && system_regularFileSize(descriptor.rawValue) == nil
            failure = try reader.forEachBlock(
                of: descriptor, refusesImages: isPipe, until: stopsAtFirst ? { found.value } : nil,
                attachment: readAttachment
            ) { block in
                let bytes = UnsafeRawBufferPointer(block)
                let origin = scanner.offset
                scanner.feed(bytes) { match in
                    if match.range.lowerBound > position.counted {
                        position.countLines(bytes.baseAddress!, origin: origin, upTo: match.range.lowerBound)
                    }
                    if stopsAtFirst, found.value { return }
                    report(match, match.range.lowerBound, &position)
                    if stopsAtFirst, position.counts.total > 0 { found.value = true }
                }
                position.countLines(bytes.baseAddress!, origin: origin, upTo: origin + bytes.count)
            }
        } catch {
            throw .read(error)
        }
        if !found.value {
            scanner.finish { report($0, $0.range.lowerBound, &position) }
        }
        if let reason = Self.mailFailure(failure, attachments: attachmentFailures) { throw .notSearched(reason) }
    }

    /// Whether a file's first CPF has been reported, for ``Settings/stopsAtFirst``:
    /// set by the scan, read by the reader between blocks.
    final class FoundFlag {
        var value = false
    }

}
