import CPFDecoders
import CPFKit
import CPFSystem

/// Reads an input for `find` and `redact` and hands them its text, as
/// UTF-8, in blocks: the input as it is when its first block is plain
/// UTF-8 (no copy, no pass over the bytes but the check of the first
/// 4 KiB), else decoded (gzip, then UTF-16, UTF-32 or Windows-1252 to UTF-8).
///
/// What the input is, is decided on its first block, by its first bytes:
/// gzip by its magic bytes; a format it does not read (xz, bzip2, zstd,
/// zip...) is not searched; then the text encoding by
/// ``CharacterEncoding/detect(_:isComplete:)`` (a byte order mark, UTF-16's
/// NUL pattern, else UTF-8 when valid, else Windows-1252), unless the
/// text starts as an e-mail message or mbox file does (``MailDetection``):
/// then its header blocks and the decoded text of its parts are handed
/// over (see ``MailReader``), each followed by a line break when it does
/// not end with one, so a CPF never runs from one into the next.
///
/// Every block handed over starts at the same address for one input, with
/// ``BlockReader/headroom`` bytes free in front of it (as ``BlockReader``'s).
final class DecodingReader {
    let reader: BlockReader
    let limits: DecompressionLimits
    /// The blocks of decoded text, made for the first input that needs them.
    private var decoded: UnsafeMutableRawBufferPointer?
    private let capacity: Int
    /// The original names and comments in the gzip headers of the input
    /// last read (``GzipReader/headerTexts``), which `find` reports and
    /// `redact` drops (it writes none).
    var gzipHeaderTexts: [(field: GzipReader.HeaderField, text: [UInt8])] = []
    var gzipHeaderTextSize = 0

    init(reader: BlockReader, limits: DecompressionLimits, capacity: Int = BlockReader.defaultCapacity) {
        self.reader = reader
        self.limits = limits
        self.capacity = capacity
    }

    deinit {
        if let decoded { LargeBuffer.deallocate(decoded) }
    }

    /// The compressed bytes given to the gzip reader at once.
    static let gzipSlice = 64 << 10

    /// The decompression limits `find` and `redact` apply by default:
    /// 64 GiB of output, and 200 bytes of output per compressed byte once
    /// the output passes 64 MiB.
    static let defaultLimits = DecompressionLimits(
        maximumOutputSize: 64 << 30, maximumRatio: 200, ratioAllowance: 64 << 20)

    /// Reads `descriptor` to its end and calls `body` with each block of
    /// its text, after `layers` with what the input was found to be (once,
    /// before the first block; also for an empty input). Returns why the
    /// input could not be searched to its end, if it could not (`body` has
    /// had all the text decoded before that); throws a read error. With
    /// `stopsAtMail`, an e-mail input is only announced, not read further
    /// (`redact` rewrites it another way). With `attachment`, each
    /// attachment of an e-mail input that is a zip archive (an Office
    /// document too), a gzip file, a PDF or a legacy Office document is
    /// handed to it whole, its transfer encoding decoded (at most
    /// ``DocumentReader/maximumHeldSize`` bytes, and the decompression
    /// limit), after the text before it, instead of its bytes as text (see
    /// ``MailReader/init(kind:maximumHeaderSize:maximumAttachmentSize:attachment:)``);
    /// without, such an attachment makes the input not searched completely.
    /// With `refusesImages` (a pipe, whose pixels no OCR engine can be
    /// given), an input whose first bytes are an image's is not searched.
    func forEachBlock(
        of descriptor: FileDescriptor, stopsAtMail: Bool = false, refusesImages: Bool = false,
        layers announce: (InputLayers) -> Void = { _ in }, until isDone: (() -> Bool)? = nil,
        attachment: AttachmentHandler? = nil, _ body: (UnsafeMutableRawBufferPointer) -> Void
    ) throws(Errno) -> String? {
        try forEachBlock(
            from: { [reader] (block) throws(Errno) in
                if let isDone {
                    // Read no further once the caller has what it wanted (`find -l`).
                    try reader.readBlocks(of: descriptor) { block($0) && !isDone() }
                } else {
                    try reader.readBlocks(of: descriptor, block)
                }
            },
            stopsAtMail: stopsAtMail, refusesImages: refusesImages, layers: announce, attachment: attachment, body)
    }

    /// What is handed an e-mail's attachment read whole (see
    /// ``forEachBlock(of:stopsAtMail:layers:until:attachment:_:)``).
    typealias AttachmentHandler = (MailReader.Attachment, [UInt8]) -> Void

    /// ``forEachBlock(of:stopsAtMail:layers:_:)`` for bytes that come from
    /// elsewhere than a file descriptor (a member of an archive): `source`
    /// calls the function it is given with each block of the input, in
    /// order, until its end or until that function returns false. Each block
    /// has ``BlockReader/headroom`` bytes free in front of it.
    func forEachBlock(
        from source: @escaping ((UnsafeMutableRawBufferPointer) -> Bool) throws(Errno) -> Void,
        stopsAtMail: Bool = false, refusesImages: Bool = false,
        layers announce: (InputLayers) -> Void = { _ in }, attachment: AttachmentHandler? = nil,
        _ body: (UnsafeMutableRawBufferPointer) -> Void
    ) throws(Errno) -> String? {
        var announced = false
        var plain = false
        var failure: String?
        var gzip: GzipReader?
        var layers = InputLayers()
        var transcoder: TextToUTF8Transcoder?
        var textDecided = false
        // An e-mail input's reader, the segment it last handed over, and why it stopped.
        var mail: MailReader?
        var lastSegment: MailReader.Segment?
        var endsWithLineBreak = true
        var mailFailure: String?
        // The attachments read whole that the last piece of e-mail completed, handed over after its text.
        var attachments: [(MailReader.Attachment, [UInt8])] = []
        var stopped = false
        var fill = 0
        var area = UnsafeMutableRawBufferPointer(start: nil, count: 0)

        func flush() {
            guard fill > 0 else { return }
            body(UnsafeMutableRawBufferPointer(rebasing: area[..<fill]))
            fill = 0
        }
        func deliver(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count {
                let count = min(bytes.count - index, area.count - fill)
                UnsafeMutableRawBufferPointer(rebasing: area[fill..<fill + count])
                    .copyMemory(
                        from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[index..<index + count])))
                fill += count
                index += count
                if fill == area.count { flush() }
            }
        }
        // The text's encoding, from its first bytes.
        func decide(_ first: UnsafeRawBufferPointer) {
            textDecided = true
            let found = Self.text(first)
            layers.encoding = found.encoding
            layers.byteOrderMark = found.byteOrderMark
            layers.mail = found.mail
            if let kind = found.mail {
                if stopsAtMail {
                    stopped = true
                } else if attachment != nil {
                    let maximum = min(DocumentReader.maximumHeldSize, limits.maximumOutputSize)
                    mail = MailReader(kind: kind, maximumAttachmentSize: maximum) { attachments.append(($0, $1)) }
                } else {
                    mail = MailReader(kind: kind)
                }
            } else if found.encoding != .utf8 {
                transcoder = TextToUTF8Transcoder(encoding: found.encoding)
            }
            announced = true
            announce(layers)
        }
        // A piece of an e-mail input's text: a line break between segments.
        func segment(_ segment: MailReader.Segment, _ utf8: UnsafeBufferPointer<UInt8>) {
            guard !utf8.isEmpty else { return }
            if segment != lastSegment, !endsWithLineBreak {
                var lineBreak: UInt8 = 0x0A
                withUnsafePointer(to: &lineBreak) { deliver(UnsafeBufferPointer(start: $0, count: 1)) }
            }
            lastSegment = segment
            endsWithLineBreak = utf8.last == 0x0A
            deliver(utf8)
        }
        func mailReason(_ error: any Error) -> String { "e-mail: \(error)" }
        // The text before them first, then the attachments completed.
        func handAttachments() {
            guard let attachment, !attachments.isEmpty else { return }
            flush()
            let completed = attachments
            attachments = []
            for (found, bytes) in completed { attachment(found, bytes) }
        }
        // The first decompressed bytes, held until there are enough to tell the encoding.
        var sample: [UInt8] = []
        // A compressed file inside the gzip file, which cpf does not read.
        var inner: String?
        func decideOnSample() {
            let held = sample
            sample = []
            let nested = held.withUnsafeBytes { raw in
                GzipReader.isGzip(raw) ? "gzip" : UnreadFormat.detect(raw)?.description
            }
            if let nested {
                textDecided = true
                inner = "gzip holding \(nested) data, which cpf does not read"
                return
            }
            // Its headers are no text: never scanned, never rewritten.
            if TarArchive.isTar(held) {
                textDecided = true
                inner = "gzip holding a tar archive, which cpf reads only from a file"
                return
            }
            held.withUnsafeBufferPointer { decoded($0) }
        }
        // Decompressed text.
        func text(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard inner == nil else { return }
            guard textDecided else {
                sample += bytes
                if sample.count >= Self.sampleSize { decideOnSample() }
                return
            }
            decoded(bytes)
        }
        // Text in its encoding, decided on its first bytes.
        func decoded(_ bytes: UnsafeBufferPointer<UInt8>) {
            if !textDecided { decide(UnsafeRawBufferPointer(bytes)) }
            if stopped || mailFailure != nil { return }
            if let mail {
                do { try mail.feed(bytes) { kind, utf8, _ in segment(kind, utf8) } } catch {
                    mailFailure = mailReason(error)
                }
                handAttachments()
            } else if let transcoder {
                transcoder.decode(bytes) { utf8, _ in deliver(utf8) }
            } else {
                deliver(bytes)
            }
        }

        do throws(Errno) {
            try source { block in
                if plain {
                    body(block)
                    return true
                }
                let bytes = UnsafeBufferPointer(
                    start: block.baseAddress!.assumingMemoryBound(to: UInt8.self), count: block.count)
                if !announced && gzip == nil && transcoder == nil {
                    if refusesImages, let image = ImageFormat.detect(UnsafeRawBufferPointer(block)) {
                        failure = "\(image.rawValue) image read as a stream, which cpf reads by OCR only from a file"
                        return false
                    }
                    switch Self.sniff(UnsafeRawBufferPointer(block)) {
                    case .failure(.notSearched(let reason)):
                        failure = reason
                        return false
                    case .failure:
                        return false
                    case .success(let found) where found.isPlain:
                        plain = true
                        announced = true
                        announce(found)
                        body(block)
                        return true
                    case .success(let found):
                        area = decodedArea()
                        if found.gzip {
                            layers.gzip = true
                            gzip = GzipReader(limits: limits)
                        }
                    }
                }
                if let gzip {
                    do {
                        // In slices of 64 KiB: the ratio limit counts the compressed bytes
                        // given so far, so a bomb stops soon after the allowance.
                        var start = 0
                        while start < bytes.count {
                            let end = min(start + Self.gzipSlice, bytes.count)
                            try gzip.decompress(UnsafeBufferPointer(rebasing: bytes[start..<end])) { text($0) }
                            start = end
                            if !gzip.headerTexts.isEmpty, let reason = keep(gzip.headerTexts) {
                                failure = reason
                                return false
                            }
                            gzip.removeHeaderTexts()
                            if let inner {
                                failure = inner
                                return false
                            }
                            if stopped { return false }
                            if let mailFailure {
                                failure = mailFailure
                                flush()
                                return false
                            }
                        }
                    } catch {
                        failure = Self.reason(error)
                        return false
                    }
                } else {
                    // Not compressed: the encoding is the first block's.
                    decoded(bytes)
                    if stopped { return false }
                    if let mailFailure {
                        failure = mailFailure
                        flush()
                        return false
                    }
                }
                // What one read gave is handed over before the next read, which may wait (live output).
                flush()
                return true
            }
        } catch {
            flush()
            throw error
        }
        if failure == nil, let gzip {
            do { try gzip.finish() } catch { failure = Self.reason(error) }
        }
        if !textDecided, !sample.isEmpty { decideOnSample() }
        if failure == nil, let inner { failure = inner }
        if failure == nil, let mailFailure { failure = mailFailure }
        if failure == nil, let mail {
            do { try mail.finish { kind, utf8, _ in segment(kind, utf8) } } catch { failure = mailReason(error) }
            handAttachments()
            if failure == nil, let attachment = mail.unreadAttachments.first {
                failure = Self.reason(attachment)
            }
        }
        transcoder?.finish { utf8, _ in deliver(utf8) }
        flush()
        if !announced, failure == nil { announce(layers) }
        return failure
    }

    /// The block area of the decoded text, ``BlockReader/headroom`` bytes
    /// after the start of its buffer.
    private func decodedArea() -> UnsafeMutableRawBufferPointer {
        if decoded == nil { decoded = LargeBuffer.allocate(byteCount: BlockReader.headroom + capacity, alignment: 64) }
        return UnsafeMutableRawBufferPointer(rebasing: decoded![BlockReader.headroom...])
    }

    /// A decoder's error as the reason an input was not searched.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as DecompressionLimitError: "decompression limit: \(error)"
        case let error as GzipError: "corrupt gzip: \(error)"
        case let error as InflateError: "corrupt gzip: \(error)"
        default: "gzip: \(error)"
        }
    }
}
