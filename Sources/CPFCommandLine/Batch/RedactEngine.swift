import CPFDecoders
import CPFKit
import CPFSystem

/// Copies free text with the digits of every CPF and mistyped CPF of at least
/// the minimum confidence hidden, for `cpf redact`: every other byte goes out
/// unchanged, binary data and invalid UTF-8 included.
///
/// Each block is rewritten in place and written out whole, except its last
/// few bytes while they may still be a CPF that the next block decides (at
/// most 115: a 96-byte candidate and what the scanner looks at after it).
/// Those bytes are moved in front of the next block, so a CPF cut in two by a block boundary is
/// contiguous again and memory stays flat whatever the input (a 1 GB line, a
/// 1 GB run of digits).
final class RedactEngine {
    let style: Style
    /// The lowest confidence hidden; mistyped CPFs (always `high`) are hidden too.
    let minimumConfidence: CPFScanner.Confidence
    let out: OutputBuffer
    private let reader: DecodingReader
    /// The reader of the inputs' text (and of archive members').
    var decoding: DecodingReader { reader }
    /// The decompression limits of every input.
    var limits: DecompressionLimits { reader.limits }
    /// Whether text decoded from another encoding or from gzip is written
    /// back that way (false when the output is only counted).
    let reencodes: Bool
    /// The language of the reasons an input is not rewritten.
    let language: Language
    /// CPFs hidden so far, over every input.
    var redactedCount = 0
    /// `--line-local`: a match written across a line break is left as it
    /// is, so a file cut at line ends is redacted the same way.
    var isLineLocal = false
    /// `--pdf-fill`: what is painted where a PDF's glyphs were removed.
    var pdfFill = PDFRedactor.Fill.black
    /// The file a counting pass (`reencodes` false) wrote whole, a PDF: kept
    /// so that `--in-place` writes it as it is, not redacting the input a
    /// second time. Taken (and cleared) by the caller, one file at a time.
    var heldRewrite: [UInt8]?
    /// The file a counting pass wrote, a PDF, in an unnamed temporary file
    /// (`size` bytes): as ``heldRewrite``, written as it is by `--in-place`;
    /// the caller takes it, and closes it.
    var heldRewriteFile: (descriptor: FileDescriptor, size: Int)?
    /// `--document`: the kinds hidden, by the one `TaxpayerScanner` every
    /// path of the engine uses.
    var accepted = TaxpayerID.Accepted.cpf
    /// How many threads redact a large regular file, a chunk of it each
    /// (with `--style full` or `lgpd`; pseudonyms are made on one thread).
    let threads: Int
    /// The bytes of each chunk of a file redacted on several threads.
    let chunkCapacity: Int
    /// The threads and their buffers, made for the first file large enough
    /// to be redacted in chunks.
    var pipeline: ChunkPipeline?
    /// How the pixels of a PNG or JPEG file are read to be painted over
    /// (`--ocr-engine`, `--no-ocr`; see ``redactImage(_:format:reading:)``);
    /// nil: an image's bytes are redacted as any file's, its pixels not read.
    var images: FindEngine.ImageReading?
    /// Where the image written is put to be read again by the OCR engine.
    let temporaryDirectory: String

    /// - Parameters:
    ///   - output: Where to copy to; standard output by default.
    ///   - blockCapacity: The largest block read at once.
    init(
        style: Style, minimumConfidence: CPFScanner.Confidence = .low,
        context: Context, output: OutputBuffer? = nil,
        blockCapacity: Int = BlockReader.defaultCapacity,
        threads: Int = 1, chunkCapacity: Int = ChunkPipeline.defaultChunkCapacity,
        limits: DecompressionLimits = DecodingReader.defaultLimits, reencodes: Bool = true
    ) {
        self.style = style
        self.minimumConfidence = minimumConfidence
        language = context.language
        out = output ?? context.output
        reader = DecodingReader(
            reader: BlockReader(
                capacity: blockCapacity, flush: { [out] in out.flush() }, cancellation: context.cancellation),
            limits: limits, capacity: blockCapacity)
        self.reencodes = reencodes
        self.threads = threads
        self.chunkCapacity = chunkCapacity
        temporaryDirectory = SpillFile.directory(in: context.environment)
    }

    /// Copies one input to the output, redacted, written back in its own
    /// encoding and container (see ``DecodingReader``, ``ReencodingWriter``).
    /// After a read error, or a part that could not be decoded, the bytes
    /// read so far have all been written (the kept ones unchanged).
    func redact(_ descriptor: FileDescriptor) throws(InputFailure) {
        // Those of an input read before (an archive's gzip members) are not this one's.
        _ = reader.takeGzipHeaderTexts()
        // The one decision of how the input is read (InputFormat).
        switch InputFormat.of(descriptor) {
        case .document(let format):
            if format == .png, let images { return try redactImage(descriptor, format: .png, reading: images) }
            return try redactDocument(descriptor, format: format)
        case .mail(let kind):
            // Rewritten in two passes over the file, from where it starts.
            guard let start = try? descriptor.currentOffset() else {
                throw .notSearched("e-mail read from a pipe, which redact rewrites only from a file")
            }
            return try redactMail(descriptor, kind: kind, from: start)
        case .image(let format):
            if let images { return try redactImage(descriptor, format: format, reading: images) }
            // Without a reading of its pixels (a unit test's engine), its bytes are read as any file's.
            fallthrough
        case .plainFile:
            if threads > 1, case .hidden(let hiding) = style,
                let size = system_regularFileSize(descriptor.rawValue), size >= 2 * chunkCapacity
            {
                do throws(Errno) { return try redactInChunks(descriptor, hiding: hiding) } catch {
                    throw .read(error)
                }
            }
        case .stream:
            break
        }
        // One loop, made for each scanner: CPFs alone run CPFScanner's matches straight to their hiding.
        if accepted == .cpf {
            try redact(descriptor, with: CPFScanner(hidingFrom: minimumConfidence)) { hide($0, in: $1, origin: $2) }
        } else {
            try redact(descriptor, with: TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)) {
                _ = hide($0, in: $1, origin: $2)
            }
        }
    }

    /// ``redact(_:)`` for a stream: each block of the input's text, as
    /// ``DecodingReader`` hands it over, fed to `scanner` and written out
    /// with `hide` applied to each match (given the window it is in and the
    /// input offset of the window's first byte), but for the bytes a match
    /// may still start in, kept in front of the next block.
    @inline(__always)
    private func redact<Scanner: TaxpayerIDScanning>(
        _ descriptor: FileDescriptor, with scanner: Scanner,
        hide: (Scanner.Match, UnsafeMutableRawPointer, Int) -> Void
    ) throws(InputFailure) {
        var scanner = scanner
        var writer: ReencodingWriter?
        let out = out
        func emit(_ bytes: UnsafeRawBufferPointer) {
            if let writer { writer.write(bytes) } else { out.write(bytes) }
        }
        // Where each block starts (the same for every block of one input).
        var blockStart = UnsafeMutableRawPointer(bitPattern: BlockReader.headroom)!
        // Bytes kept back from the previous block, right in front of `blockStart`.
        var keptCount = 0
        // A file's e-mail is told at its start (InputFormat) and rewritten in two passes by
        // redactMail; one told here, once its first block is read, is not read again.
        let isFile = (try? descriptor.currentOffset()) != nil
        var mail: InputLayers?
        let failure: String?
        do throws(Errno) {
            let reencodes = reencodes
            let announce: (InputLayers) -> Void = { layers in
                if layers.mail != nil {
                    mail = layers
                } else if !layers.isPlain, reencodes {
                    writer = ReencodingWriter(layers, to: out)
                }
            }
            // A pipe's image cannot be handed to an OCR engine: named, not searched.
            let isPipe = images != nil && system_regularFileSize(descriptor.rawValue) == nil
            failure = try reader.forEachBlock(
                of: descriptor, stopsAtMail: true, refusesImages: isPipe, layers: announce
            ) { block in
                blockStart = block.baseAddress!
                let window = blockStart - keptCount
                let origin = scanner.offset - keptCount  // the input offset of `window`
                scanner.feed(UnsafeRawBufferPointer(block)) { match in hide(match, window, origin) }
                let end = keptCount + block.count
                let settled = scanner.settledOffset - origin
                emit(UnsafeRawBufferPointer(start: window, count: settled))
                keptCount = end - settled
                precondition(keptCount <= BlockReader.headroom, "a pending CPF or CNPJ is at most 133 bytes")
                system_moveBytes(to: blockStart - keptCount, from: window + settled, count: keptCount)
            }
        } catch {
            if keptCount > 0 { emit(UnsafeRawBufferPointer(start: blockStart - keptCount, count: keptCount)) }
            writer?.finish()
            throw .read(error)
        }
        if let mail, mail.mail != nil {
            if mail.gzip { throw .notSearched("e-mail compressed with gzip, which redact does not rewrite") }
            guard isFile else {
                throw .notSearched("e-mail read from a pipe, which redact rewrites only from a file")
            }
            throw .notSearched("e-mail told only once its text was read, which redact does not read again")
        }
        // The text decoded before a failure is redacted to its end too.
        let window = blockStart - keptCount
        let origin = scanner.offset - keptCount
        scanner.finish { hide($0, window, origin) }
        emit(UnsafeRawBufferPointer(start: window, count: keptCount))
        writer?.finish()
        countGzipHeaderTexts()
        if let failure { throw .notSearched(failure) }
    }

    /// Counts as hidden what redaction hides in the original names and
    /// comments of the gzip file just read: the gzip file written back has
    /// neither, so they are gone, and `--in-place` rewrites a file that
    /// holds a CPF there only.
    func countGzipHeaderTexts() {
        redactedCount += hiddenCount(inGzipHeaderTexts: reader.takeGzipHeaderTexts())
    }

    /// How many matches redaction hides in the names and comments of gzip headers.
    func hiddenCount(inGzipHeaderTexts texts: [(field: GzipReader.HeaderField, text: [UInt8])]) -> Int {
        texts.reduce(0) { total, field in
            // A name is read as a path, as `find` reads it; a comment as text.
            let matches =
                field.field == .name
                ? TaxpayerScanner.matches(
                    inPath: field.text, accepting: accepted, minimumConfidence: .low, includeInvalid: true)
                : TaxpayerScanner.matches(
                    in: field.text, accepting: accepted, minimumConfidence: .low, includeInvalid: true)
            return total + matches.count { !$0.isValid || $0.confidence >= minimumConfidence }
        }
    }

    /// Hides `match` in the window at `window`, whose first byte is at the
    /// input offset `origin`, if redaction hides it: of at least the minimum
    /// confidence, or mistyped. Returns whether it did; counted in
    /// ``redactedCount`` when `counts`.
    @discardableResult
    func hide(
        _ match: TaxpayerScanner.Match, in window: UnsafeMutableRawPointer, origin: Int, counts: Bool = true
    ) -> Bool {
        guard Self.redacts(match, minimumConfidence: minimumConfidence, isLineLocal: isLineLocal) else { return false }
        switch match {
        case .cpf(let cpf):
            hide(cpf, in: window, origin: origin, counts: counts)
        case .cnpj(let cnpj):
            style.hide(
                match,
                in: UnsafeMutableRawBufferPointer(
                    start: window + (cnpj.range.lowerBound - origin), count: cnpj.range.count))
            if counts { redactedCount += 1 }
        }
        return true
    }

    /// Whether redaction hides `match`: of at least `minimumConfidence`, or
    /// mistyped, and within one line when `isLineLocal`.
    static func redacts(
        _ match: TaxpayerScanner.Match, minimumConfidence: CPFScanner.Confidence, isLineLocal: Bool
    ) -> Bool {
        (!match.isValid || match.confidence >= minimumConfidence) && !(isLineLocal && match.spansLineBreak)
    }

    @inline(__always)
    func hide(_ match: CPFScanner.Match, in window: UnsafeMutableRawPointer, origin: Int, counts: Bool = true) {
        if isLineLocal, match.spansLineBreak { return }
        style.hide(
            match,
            in: UnsafeMutableRawBufferPointer(
                start: window + (match.range.lowerBound - origin), count: match.range.count))
        if counts { redactedCount += 1 }
    }
}
