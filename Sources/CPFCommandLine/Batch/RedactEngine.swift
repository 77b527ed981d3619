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
    /// How a match is hidden.
    enum Style {
        /// Its digits, all or some, turned into `*`.
        case hidden(CPFScanner.RedactionStyle)
        /// A CPF's digits replaced by those of its pseudonym; a mistyped CPF
        /// (which has none) is fully hidden.
        case pseudonym(CachingCPFPseudonymizer)

        /// Hides `match` in `buffer`, which holds it as written (its
        /// `range.count` bytes): the one rule of `redact` and `find --hide`.
        @inline(__always)
        func hide(_ match: CPFScanner.Match, in buffer: UnsafeMutableRawBufferPointer) {
            switch self {
            case .hidden(let hiding):
                match.hideDigits(in: buffer, style: hiding)
            case .pseudonym(let pseudonymizer):
                if let cpf = match.cpf {
                    match.writeText(to: buffer, replacingDigitsWith: pseudonymizer.pseudonym(for: cpf))
                } else {
                    match.writeText(to: buffer, hiding: .full)
                }
            }
        }

        /// Hides a CPF or a CNPJ in `buffer`, which holds it as written.
        @inline(__always)
        func hide(_ match: TaxpayerScanner.Match, in buffer: UnsafeMutableRawBufferPointer) {
            switch (match, self) {
            case (.cpf(let cpf), _): hide(cpf, in: buffer)
            case (.cnpj(let cnpj), .hidden(let hiding)): cnpj.hideCharacters(in: buffer, style: hiding)
            // `--style pseudonym` is refused with CNPJs (RedactCommand); were it not, a CNPJ would be hidden whole.
            case (.cnpj(let cnpj), .pseudonym): cnpj.hideCharacters(in: buffer, style: .full)
            }
        }
    }

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
    /// `--document`: the kinds hidden; with `.cnpj` or `.any` the input is
    /// scanned by `TaxpayerScanner` (RedactEngine+Taxpayers.swift).
    var accepted = TaxpayerID.Accepted.cpf
    /// How many threads redact a large regular file, a chunk of it each
    /// (with `--style full` or `lgpd`; pseudonyms are made on one thread).
    let threads: Int
    /// The bytes of each chunk of a file redacted on several threads.
    private let chunkCapacity: Int
    /// The threads and their buffers, made for the first file large enough
    /// to be redacted in chunks.
    private var pipeline: ChunkPipeline?

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
            return try redactDocument(descriptor, format: format)
        case .mail(let kind):
            // Rewritten in two passes over the file, from where it starts.
            guard let start = try? descriptor.currentOffset() else {
                throw .notSearched("e-mail read from a pipe, which redact rewrites only from a file")
            }
            return try redactMail(descriptor, kind: kind, from: start)
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
        var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        var writer: ReencodingWriter?
        let out = out
        func emit(_ bytes: UnsafeRawBufferPointer) {
            if let writer { writer.write(bytes) } else { out.write(bytes) }
        }
        // Where each block starts (the same for every block of one input).
        var blockStart = UnsafeMutableRawPointer(bitPattern: BlockReader.headroom)!
        // Bytes kept back from the previous block, right in front of `blockStart`.
        var keptCount = 0
        // Where the input starts, to read an e-mail message again from there.
        let start = try? descriptor.currentOffset()
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
            failure = try reader.forEachBlock(of: descriptor, stopsAtMail: true, layers: announce) { block in
                blockStart = block.baseAddress!
                let window = blockStart - keptCount
                let origin = scanner.offset - keptCount  // the input offset of `window`
                scanner.feed(UnsafeRawBufferPointer(block)) { match in
                    hide(match, in: window, origin: origin)
                }
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
        if let mail, let kind = mail.mail {
            if mail.gzip { throw .notSearched("e-mail compressed with gzip, which redact does not rewrite") }
            guard let start else {
                throw .notSearched("e-mail read from a pipe, which redact rewrites only from a file")
            }
            return try redactMail(descriptor, kind: kind, from: start)
        }
        // The text decoded before a failure is redacted to its end too.
        let window = blockStart - keptCount
        let origin = scanner.offset - keptCount
        scanner.finish { hide($0, in: window, origin: origin) }
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

    /// ``redact(_:)`` for a large regular file: its chunks redacted side by
    /// side, each in its own buffer, and written in order. The output is the
    /// same, byte for byte, as one thread's.
    private func redactInChunks(_ descriptor: FileDescriptor, hiding: CPFScanner.RedactionStyle) throws(Errno) {
        if pipeline == nil { pipeline = ChunkPipeline(threads: threads, chunkCapacity: chunkCapacity) }
        let minimumConfidence = minimumConfidence
        let isLineLocal = isLineLocal
        let accepted = accepted
        let out = out
        var hidden = 0
        defer { redactedCount += hidden }
        try pipeline!.run(
            descriptor,
            work: { chunk in
                // Every match that reaches into the chunk's own bytes is hidden
                // where it lies (its bytes in the context are not written);
                // those that start there are counted.
                let origin = chunk.scannedOffset
                let own = chunk.range.lowerBound - origin..<chunk.range.upperBound - origin
                return TaxpayerScanner.hide(
                    in: UnsafeMutableRawBufferPointer(chunk.scanned), reaching: own, accepting: accepted,
                    style: hiding, minimumConfidence: minimumConfidence, keepingLineBreaks: isLineLocal,
                    isFinal: chunk.reachesEnd)
            },
            emit: { chunk, count in
                out.write(chunk.owned)
                hidden += count
            })
    }

    /// The bytes a pass over an e-mail file reads at once.
    static let mailSlice = 1 << 20

    /// ``redact(_:)`` for an e-mail message or mbox file (read from a file,
    /// from `start`): a first pass with ``MailReader`` finds the parts whose
    /// decoded text holds something to hide, a second with ``MailRewriter``
    /// writes the file back with those parts re-encoded, their CPFs hidden,
    /// and CPFs in header blocks and boundary lines hidden where they are;
    /// every other byte is copied as it was. With `--document cnpj|any`, the
    /// same for the CPFs and CNPJs that `TaxpayerScanner` finds.
    func redactMail(_ descriptor: FileDescriptor, kind: MailDetection, from start: Int) throws(InputFailure) {
        // The leaf parts with something to hide.
        var parts = Set<Int>()
        var scanned: Int?
        var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        // The attachments read whole (zip, Office, gzip, PDF): redacted as files of their format are.
        var attachments = AttachmentRewrites()
        let reader = MailReader(
            kind: kind, maximumAttachmentSize: min(DocumentReader.maximumHeldSize, limits.maximumOutputSize)
        ) { [unowned self] attachment, bytes in
            attachments.add(attachment, redactAttachment(bytes, path: DecodingReader.attachmentPath(attachment)))
        }
        func endPart() {
            if let index = scanned { scanner.finish { _ in parts.insert(index) } }
            scanned = nil
        }
        // Parts in UTF-16 or UTF-32 without a transfer encoding, which are not written back.
        var wideWithoutTransferEncoding = Set<Int>()
        // A header field whose decoded text holds a CPF that cannot be re-encoded: not rewritten.
        var checkedHeader: [UInt8]?
        var unrewritable = false
        let uncounted = TextMasker(TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)) {
            self.hide($0, in: $1, origin: $2, counts: false)
        }
        let find: MailReader.Handler = { segment, utf8, _ in
            if segment == .header, checkedHeader != reader.lastHeader {
                checkedHeader = reader.lastHeader
                let probe = { uncounted.mask($0, isFinal: true) }
                if self.redactHeader(reader.lastHeader, probe, probe: probe) == nil {
                    unrewritable = true
                }
            }
            guard case .body(let part) = segment else { return endPart() }
            if part.transferEncoding == .identity && part.textEncoding.codeUnitSize > 1 {
                wideWithoutTransferEncoding.insert(part.index)
            }
            if scanned != part.index {
                endPart()
                scanner = TaxpayerScanner(accepting: self.accepted, hidingFrom: self.minimumConfidence)
                scanned = part.index
            }
            guard !parts.contains(part.index) else { return }
            scanner.feed(UnsafeRawBufferPointer(utf8)) { _ in parts.insert(part.index) }
        }
        try readMail(descriptor, from: start) { bytes in try reader.feed(bytes, handler: find) }
        do { try reader.finish(handler: find) } catch { throw .notSearched("e-mail: \(error)") }
        endPart()
        if let attachment = reader.unreadAttachments.first { throw .notSearched(DecodingReader.reason(attachment)) }
        if let reason = attachments.notSearched.first { throw .notSearched("e-mail: \(reason)") }
        if let reason = attachments.notRewritten.first { throw .notRewritten("e-mail: \(reason)") }
        if !parts.isDisjoint(with: reader.uuencodedParts) {
            throw .notRewritten("e-mail: a uuencoded part holds \(numbers(1)), which redact does not re-encode")
        }
        if !parts.isDisjoint(with: wideWithoutTransferEncoding) {
            throw .notRewritten(
                """
                e-mail: a part in UTF-16 or UTF-32 without a transfer encoding holds \(numbers(1)), which redact \
                does not re-encode
                """)
        }
        if unrewritable {
            throw .notSearched(
                """
                e-mail: a header field holds \(numbers(1)) in encoded text that redact cannot \
                re-encode (an address or other structured field)
                """)
        }

        // The text of a rewritten part, hidden piece by piece (its own
        // masker: a structure line may come while the part still holds text).
        let fresh = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        let body = TextMasker(fresh) { self.hide($0, in: $1, origin: $2) }
        func mask(_ bytes: [UInt8]) -> [UInt8] {
            TextMasker(fresh) { self.hide($0, in: $1, origin: $2) }.mask(bytes, isFinal: true)
        }
        let uncountedProbe = TextMasker(fresh) { self.hide($0, in: $1, origin: $2, counts: false) }
        func probe(_ bytes: [UInt8]) -> [UInt8] { uncountedProbe.mask(bytes, isFinal: true) }
        let replaced = attachments.replacements
        redactedCount += attachments.hidden
        let rewriter = MailRewriter(
            kind: kind, rewrites: { parts.contains($0.index) },
            raw: { segment, bytes in
                segment == .header ? self.redactHeader(bytes, mask, probe: probe) ?? mask(bytes) : mask(bytes)
            },
            body: { _, utf8, isFinal in body.mask(utf8, isFinal: isFinal) },
            replacement: { replaced[$0.index] })
        let out = out
        try readMail(descriptor, from: start) { bytes in
            try rewriter.feed(bytes) { out.write(UnsafeRawBufferPointer($0)) }
        }
        do { try rewriter.finish { out.write(UnsafeRawBufferPointer($0)) } } catch {
            throw .notSearched("e-mail: \(error)")
        }
    }

    /// A header block with every CPF (and CNPJ, with `--document
    /// cnpj|any`) hidden: a field whose decoded text (``MailHeaderDecoder``:
    /// unfolded, encoded-words and RFC 2231 parameters decoded) holds one is
    /// written again (``MailHeaderDecoder/reencoded(_:transform:)``) from
    /// its decoded text hidden, the others hidden where they are; nil when a
    /// field cannot be written again, or written again would still show one.
    /// `probe` hides as `mask` does, without counting.
    private func redactHeader(
        _ header: [UInt8], _ mask: ([UInt8]) -> [UInt8], probe: ([UInt8]) -> [UInt8]
    ) -> [UInt8]? {
        var output: [UInt8] = []
        for field in MailHeaderDecoder.fields(header) {
            // Hidden where it is written when that hides it in the decoded text too.
            guard field.isDecoded, holdsNumber(field.text),
                MailHeaderDecoder.fields(probe(field.raw)).first?.text != probe(field.text)
            else {
                output += mask(field.raw)
                continue
            }
            guard let rewritten = MailHeaderDecoder.reencoded(field, transform: mask) else { return nil }
            // Read back as a mail client would: it must show no CPF (pseudonyms are CPFs: not checked).
            if case .hidden = style, MailHeaderDecoder.fields(rewritten).contains(where: { holdsNumber($0.text) }) {
                return nil
            }
            output += rewritten
        }
        return output
    }

    /// Whether `text` holds something redaction hides.
    private func holdsNumber(_ text: [UInt8]) -> Bool {
        var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        var found = false
        text.withUnsafeBytes { scanner.feed($0) { _ in found = true } }
        scanner.finish { _ in found = true }
        return found
    }

    /// Reads the file open at `descriptor` from `start` to its end, in slices, without moving its offset.
    private func readMail(
        _ descriptor: FileDescriptor, from start: Int,
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws(InputFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.mailSlice, alignment: 8)
        defer { buffer.deallocate() }
        var offset = start
        while true {
            let count: Int
            do throws(Errno) { count = try descriptor.read(into: buffer, at: offset) } catch { throw .read(error) }
            if count == 0 { return }
            offset += count
            do {
                try body(
                    UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
            } catch { throw .notSearched("e-mail: \(error)") }
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
        guard !match.isValid || match.confidence >= minimumConfidence else { return false }
        switch match {
        case .cpf(let cpf):
            if isLineLocal, cpf.spansLineBreak { return false }
            hide(cpf, in: window, origin: origin, counts: counts)
        case .cnpj(let cnpj):
            if isLineLocal, cnpj.spansLineBreak { return false }
            style.hide(
                match,
                in: UnsafeMutableRawBufferPointer(
                    start: window + (cnpj.range.lowerBound - origin), count: cnpj.range.count))
            if counts { redactedCount += 1 }
        }
        return true
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

/// What `redact` makes of the attachments of one e-mail input read whole,
/// gathered on the first pass (see ``RedactEngine/redactAttachment(_:path:)``).
private struct AttachmentRewrites {
    /// The new bytes of the parts rewritten, by ``MailPart/index``.
    private(set) var replacements: [Int: [UInt8]] = [:]
    /// Their size together, at most ``DocumentReader/maximumHeldSize``.
    private var size = 0
    /// The matches hidden in them.
    private(set) var hidden = 0
    /// Why attachments could not be searched, or rewritten.
    private(set) var notSearched: [String] = []
    private(set) var notRewritten: [String] = []

    mutating func add(_ attachment: MailReader.Attachment, _ redaction: AttachmentRedaction) {
        switch redaction {
        case .unchanged: break
        case .notSearched(let reason): notSearched.append(reason)
        case .notRewritten(let reason): notRewritten.append(reason)
        case .rewritten(let bytes, let count):
            let name = Escaping.readable(
                RawText(CPFScanner.redacting(DecodingReader.attachmentPath(attachment), style: .full)))
            // Written again in base64 only: binary data in quoted-printable or 8bit would not survive.
            guard attachment.transferEncoding == .base64 else {
                notRewritten.append(
                    "attachment \(name): not in base64, the only transfer encoding redact writes an attachment in")
                return
            }
            size += bytes.count
            guard size <= DocumentReader.maximumHeldSize else {
                let limit = DocumentReader.maximumHeldSize >> 20
                notRewritten.append("attachment \(name): attachments to rewrite larger than \(limit) MiB together")
                return
            }
            replacements[attachment.partIndex] = bytes
            hidden += count
        }
    }
}

/// Hides the CPFs (and CNPJs, by its scanner) in a text given to it piece
/// by piece, for `redact` of e-mail: each piece comes back hidden, but for
/// its last few bytes while they may still be the start of a match (up to
/// the scanner's `settledOffset`, a CNPJ's longer than a CPF's), which come
/// back with a later piece, or all when `isFinal`.
private final class TextMasker {
    private let hide: (TaxpayerScanner.Match, UnsafeMutableRawPointer, Int) -> Void
    private var held: [UInt8] = []
    private var scanner: TaxpayerScanner

    /// - Parameters:
    ///   - scanner: A scanner at the start of its input.
    ///   - hide: Hides a match in the text at the pointer, whose first byte is the scanner's offset given.
    init(_ scanner: TaxpayerScanner, hide: @escaping (TaxpayerScanner.Match, UnsafeMutableRawPointer, Int) -> Void) {
        self.hide = hide
        self.scanner = scanner
    }

    func mask(_ bytes: [UInt8], isFinal: Bool) -> [UInt8] {
        let origin = scanner.offset - held.count  // the scanner's offset of `text`
        var text = held + bytes
        let settled = text.withUnsafeMutableBytes { text in
            let window = text.baseAddress!
            scanner.feed(UnsafeRawBufferPointer(rebasing: text[(text.count - bytes.count)...])) {
                hide($0, window, origin)
            }
            guard isFinal else { return scanner.settledOffset - origin }
            scanner.finish { hide($0, window, origin) }
            return text.count
        }
        held = Array(text[settled...])
        text.removeLast(text.count - settled)
        return text
    }
}
