import CPFDecoders
import CPFKit
import CPFSystem

/// How an input was stored, as ``DecodingReader`` found it from its first
/// bytes: what `redact` redoes to write the text back the same way.
struct InputLayers: Equatable {
    /// Compressed with gzip (magic bytes `1F 8B 08`, whatever the name).
    var gzip = false
    /// The text's encoding (inside the gzip layer, if any).
    var encoding = CharacterEncoding.utf8
    /// Whether the text starts with its encoding's byte order mark.
    var byteOrderMark = false
    /// An e-mail message or mbox file (inside the gzip layer, if any): its
    /// text is read by ``MailReader``, which decodes each part itself.
    var mail: MailDetection?

    /// Text read as it is: UTF-8 (with or without a byte order mark), not compressed, not e-mail.
    var isPlain: Bool { !gzip && encoding == .utf8 && mail == nil }
}

/// Why a `find` or `redact` input failed.
enum InputFailure: Error, Equatable {
    /// Reading it failed.
    case read(Errno)
    /// It could not be searched completely (a format cpf does not read, a
    /// decoder error, a decompression limit); the reason, in English.
    case notSearched(String)
    /// It was searched, but `redact` cannot write it back with its CPFs
    /// hidden (a PDF, or a member of an archive it does not rewrite); why, in English.
    case notRewritten(String)
}

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

    /// What the first bytes of an input say it is: nil for plain text,
    /// else the layers to decode (or the format it cannot read).
    static func sniff(_ prefix: UnsafeRawBufferPointer) -> Result<InputLayers, InputFailure> {
        if GzipReader.isGzip(prefix) { return .success(InputLayers(gzip: true)) }
        // Read from a regular file by DocumentReader; a stream is not held whole.
        if let document = DocumentFormat.detect(prefix) {
            return .failure(.notSearched("\(document.name) read as a stream, which cpf reads only from a file"))
        }
        if let format = UnreadFormat.detect(prefix) {
            return .failure(
                .notSearched(
                    """
                    \(format) \
                    \(format == .zip || format == .sevenZip || format == .rar ? "archive" : "compressed data"), \
                    which cpf does not read
                    """
                ))
        }
        return .success(text(prefix))
    }

    /// What the first bytes of an input say it is, in a few words
    /// (`gzip`, `UTF-16LE text`, `e-mail`...), for a message.
    static func describe(_ prefix: [UInt8]) -> String {
        prefix.withUnsafeBytes { prefix in
            switch sniff(prefix) {
            case .failure(.notSearched(let reason)): return reason
            case .failure: return "unreadable"
            case .success(let layers):
                if layers.gzip { return "gzip" }
                if layers.mail != nil { return "e-mail" }
                return "\(layers.encoding) text"
            }
        }
    }

    /// The encoding of a text from its first bytes; bytes that are not
    /// UTF-8 and hold a NUL (within the 4 KiB looked at) are binary data,
    /// scanned as they are, as before: Windows-1252 is for text.
    private static func text(_ prefix: UnsafeRawBufferPointer) -> InputLayers {
        if let mail = mail(prefix) { return InputLayers(mail: mail) }
        let detection = CharacterEncoding.detect(prefix)
        if detection.encoding == .windows1252, prefix.prefix(CharacterEncoding.detectionSampleSize).contains(0) {
            return InputLayers()
        }
        return InputLayers(encoding: detection.encoding, byteOrderMark: detection.byteOrderMarkLength > 0)
    }

    /// The bytes looked at to tell what a text is: enough for its encoding
    /// and for e-mail (a header block cut by the sample's end is judged on
    /// its complete lines, so every reader must see the same bytes).
    static let sampleSize = max(CharacterEncoding.detectionSampleSize, MailDetection.maximumSampleSize)

    /// The kind of e-mail the text starting with `prefix` is, if it is:
    /// only a text starting with a header field name's character is looked
    /// at closer (binary data and other text pay one byte's test), and a
    /// first line without `:` ends the look.
    private static func mail(_ prefix: UnsafeRawBufferPointer) -> MailDetection? {
        guard let first = prefix.first, first > 0x20, first < 0x7F, first != UInt8(ascii: ":") else { return nil }
        return MailDetection.detect(prefix)
    }

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
    func forEachBlock(
        of descriptor: FileDescriptor, stopsAtMail: Bool = false, layers announce: (InputLayers) -> Void = { _ in },
        until isDone: (() -> Bool)? = nil, attachment: AttachmentHandler? = nil,
        _ body: (UnsafeMutableRawBufferPointer) -> Void
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
            stopsAtMail: stopsAtMail,
            layers: announce, attachment: attachment, body)
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
        stopsAtMail: Bool = false,
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

    /// The original names and comments in the gzip headers of the input
    /// last read (``GzipReader/headerTexts``), which `find` reports and
    /// `redact` drops (it writes none).
    private var gzipHeaderTexts: [(field: GzipReader.HeaderField, text: [UInt8])] = []
    private var gzipHeaderTextSize = 0

    /// The gzip header texts of the input last read, forgotten once taken.
    /// They gather over every input read (the members of an archive too)
    /// until taken: a command takes them after each input it reads.
    func takeGzipHeaderTexts() -> [(field: GzipReader.HeaderField, text: [UInt8])] {
        defer {
            gzipHeaderTexts = []
            gzipHeaderTextSize = 0
        }
        return gzipHeaderTexts
    }
    /// The most bytes of gzip header text kept for one input.
    static let maximumGzipHeaderTextSize = 1 << 20

    /// Keeps `texts` in ``gzipHeaderTexts`` (a document reader keeps those
    /// of a gzip file it reads whole there too, for `find` to report); why
    /// the input is not searched completely when they pass
    /// ``maximumGzipHeaderTextSize``.
    @discardableResult
    func keep(_ texts: [(field: GzipReader.HeaderField, text: [UInt8])]) -> String? {
        for (field, text) in texts {
            gzipHeaderTextSize += text.count
            guard gzipHeaderTextSize <= Self.maximumGzipHeaderTextSize else {
                return "gzip: member names and comments longer than \(Self.maximumGzipHeaderTextSize >> 20) MiB"
            }
            gzipHeaderTexts.append((field, text))
        }
        return nil
    }

    /// The block area of the decoded text, ``BlockReader/headroom`` bytes
    /// after the start of its buffer.
    private func decodedArea() -> UnsafeMutableRawBufferPointer {
        if decoded == nil { decoded = LargeBuffer.allocate(byteCount: BlockReader.headroom + capacity, alignment: 64) }
        return UnsafeMutableRawBufferPointer(rebasing: decoded![BlockReader.headroom...])
    }

    /// Why an e-mail message with an attached archive, compressed file or
    /// PDF was not searched completely: its name (escaped, CPFs and CNPJs
    /// hidden) and what it is, or that it was too large to be held whole.
    static func reason(_ attachment: MailReader.Attachment) -> String {
        let name = attachment.fileName.map {
            " (\(Escaping.readable(RawText(NameHiding.hidden($0)))))"
        }
        if attachment.isTooLarge {
            return """
                e-mail: an attached \(attachment.format)\(name ?? "") larger than \
                \(DocumentReader.maximumHeldSize >> 20) MiB (or --max-decompressed-size), held whole
                """
        }
        return "e-mail: an attached \(attachment.format)\(name ?? ""), which cpf does not read inside e-mail"
    }

    /// The path an e-mail's attachment is named by, as an archive's member
    /// is: its file name, or `part-N` when it has none (N its
    /// ``MailPart/index``, counted from 1).
    static func attachmentPath(_ attachment: MailReader.Attachment) -> [UInt8] {
        if let name = attachment.fileName, !name.isEmpty { return name }
        return Array("part-\(attachment.partIndex + 1)".utf8)
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
