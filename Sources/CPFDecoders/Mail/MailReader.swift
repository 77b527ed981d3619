/// A streaming reader of e-mail (RFC 5322 messages, RFC 2045-2046 MIME,
/// mbox files) that hands over its text as UTF-8 to search: header blocks
/// and the bytes between parts as they are, and each leaf part's body
/// decoded from base64 or quoted-printable (a soft line break disappears,
/// so `390.533.4=\r\n47-05` reads `390.533.447-05`) and from its charset.
///
/// Memory stays bounded whatever the input: a body is handed over line by
/// line (a line longer than 4 KiB in pieces); a header block is held whole
/// up to ``maximumHeaderSize`` bytes, past which ``feed(_:handler:)`` throws
/// ``MailError/headerTooLong(limit:)`` and the rest was not read. Nested
/// multiparts (up to 64 levels), `message/rfc822` parts and, in an mbox,
/// every `From ` line starting a new message are followed.
///
/// ```swift
/// let reader = MailReader(kind: MailDetection.detect(firstBlock) ?? .message)
/// try reader.feed(bytes) { segment, utf8, map in
///     if case .body(let part) = segment { print(part.mediaType, utf8.count) }
///     let place = map.inputRange(ofOutputOffset: 0)   // where it was in the input
/// }
/// try reader.finish { segment, utf8, map in /* the same */ }
/// ```
///
/// Text of different segments is not contiguous: a match must not run from
/// one segment into the next.
///
/// - Complexity: O(*n*) time.
public final class MailReader {
    /// What a piece of text is.
    public enum Segment: Hashable, Sendable {
        /// A header block (`Subject: ...`), each field as a mail client
        /// shows it (``MailHeaderDecoder``): a field that was folded or holds
        /// RFC 2047 encoded-words or RFC 2231 parameters comes as its
        /// unfolded, decoded text on one line (its offset map then gives the
        /// whole field's input bytes for every byte); the other fields as written.
        case header
        /// Bytes outside any header and body: boundary lines, preambles,
        /// epilogues, mbox `From ` lines.
        case structure
        /// The decoded body of a leaf part.
        case body(MailPart)
    }

    /// The handler's type: the segment, a piece of its UTF-8 text, and the map to the input.
    public typealias Handler = (Segment, UnsafeBufferPointer<UInt8>, MailOffsetMap) throws -> Void

    /// The longest header block read by default: 64 KiB.
    public static let defaultMaximumHeaderSize = 64 << 10
    /// The longest header block read.
    public let maximumHeaderSize: Int

    private let parser: MailStructureParser
    private var body: (MailPart, MailBodyDecoder)?
    private var partCountSeen = 0
    /// The header block last handed over, as written.
    public private(set) var lastHeader: [UInt8] = []
    /// The leaf parts (``MailPart/index``) in which uuencoded lines were
    /// decoded: a uuencoded body, or a `begin` ... `end` block in a text.
    public private(set) var uuencodedParts = Set<Int>()
    /// The leaf parts whose decoded body is an archive or a compressed or
    /// PDF file, which the reader hands over as it is, not read inside: all
    /// of them without an attachment handler; with one, those of a format
    /// it does not hand over (``Attachment/isHandedOver``) and those longer
    /// than ``maximumAttachmentSize`` (``Attachment/isTooLarge``, not handed over).
    public private(set) var unreadAttachments: [Attachment] = []

    /// The handler of the attachments read whole: the attachment and its
    /// bytes, its transfer encoding decoded.
    public typealias AttachmentHandler = (Attachment, [UInt8]) throws -> Void
    /// The largest attachment handed over whole by default: 256 MiB.
    public static let defaultMaximumAttachmentSize = 256 << 20
    /// The largest attachment handed over whole.
    public let maximumAttachmentSize: Int
    private let attachmentHandler: AttachmentHandler?
    /// The text of the current part, held until its first bytes say whether it is an attachment read whole.
    private var pendingText: [([UInt8], MailOffsetMap)] = []
    /// Whether the current part's first bytes were looked at; what they say it is.
    private var partDecided = false
    private var partAttachmentFormat: String?

    /// A part whose body is a container: an archive, compressed data or a PDF.
    public struct Attachment: Hashable, Sendable {
        /// What it is, in a few words: `zip archive`, `gzip file`, `PDF`, `xz file`...
        public var format: String
        /// Its ``MailPart/fileName``.
        public var fileName: [UInt8]?
        /// Its ``MailPart/index``.
        public var partIndex: Int
        /// Its ``MailPart/transferEncoding``.
        public var transferEncoding: MailPart.TransferEncoding = .identity
        /// Whether it was longer than ``MailReader/maximumAttachmentSize``,
        /// so not handed over whole.
        public var isTooLarge = false

        /// Whether an attachment of `format` (as ``format(of:isText:)``
        /// names it) is handed over whole to an attachment handler: a zip
        /// archive (so also an Office or OpenDocument file), a gzip file, a
        /// PDF, a legacy Office document, a tar archive or an image (PNG,
        /// JPEG, TIFF, BMP, GIF, WebP: ``ImageFormat``); not the formats of
        /// ``UnreadFormat``.
        ///
        /// ```swift
        /// MailReader.Attachment.isHandedOver("zip archive")   // true
        /// MailReader.Attachment.isHandedOver("xz file")       // false
        /// ```
        public static func isHandedOver(_ format: String) -> Bool {
            ["zip archive", "gzip file", "PDF", "legacy Office document", "tar archive"].contains(format)
                || ImageFormat.allCases.contains { "\($0.rawValue) image" == format }
        }

        /// What the first bytes of a decoded body say it is: zip (an Office or
        /// OpenDocument file is one), gzip, an image (``ImageFormat``: `PNG
        /// image`, `JPEG image`...), a tar archive (its
        /// first header, in the first 512 bytes), a PDF (`%PDF-` at the start, or
        /// anywhere in the first 1,024 bytes unless `isText`: the part is
        /// `text/*`), a compound file (a legacy Office document), or a format of
        /// ``UnreadFormat``; nil for anything else.
        ///
        /// ```swift
        /// MailReader.Attachment.format(of: [0x1F, 0x8B, 0x08, 0x00])   // "gzip file"
        /// ```
        public static func format(of leading: [UInt8], isText: Bool = false) -> String? {
            if leading.starts(with: [0x1F, 0x8B, 0x08]) { return "gzip file" }
            if PNGTextChunks.isPNG(leading) { return "PNG image" }
            // Before the PDF: a tar's first member may be a PDF, 512 bytes in.
            if leading.count >= 512, TarArchive.isTar(leading) { return "tar archive" }
            if leading.starts(with: Array("PK".utf8)), leading.count >= 4,
                [[3, 4], [5, 6], [7, 8]].contains([leading[2], leading[3]])
            {
                return "zip archive"
            }
            // After the tar: a tar's first member may be named `GIF89a.txt`.
            if let image = ImageFormat.detect(leading) { return "\(image.rawValue) image" }
            let pdf = Array("%PDF-".utf8)
            if leading.count >= pdf.count,
                (0...(isText ? 0 : min(1024, leading.count) - pdf.count)).contains(where: {
                    leading[$0..<$0 + pdf.count].elementsEqual(pdf)
                })
            {
                return "PDF"
            }
            if CompoundFile.isCompoundFile(leading) { return "legacy Office document" }
            guard let format = UnreadFormat.detect(leading) else { return nil }
            return [.zip, .sevenZip, .rar].contains(format) ? "\(format) archive" : "\(format) file"
        }
    }

    /// Makes a reader of a single message or of an mbox file.
    ///
    /// ```swift
    /// let reader = MailReader(kind: .mbox)
    /// ```
    public init(kind: MailDetection = .message, maximumHeaderSize: Int = MailReader.defaultMaximumHeaderSize) {
        self.maximumHeaderSize = maximumHeaderSize
        parser = MailStructureParser(isMbox: kind == .mbox, maximumHeaderSize: maximumHeaderSize)
        maximumAttachmentSize = Self.defaultMaximumAttachmentSize
        attachmentHandler = nil
    }

    /// Makes a reader that hands each attachment of a format it reads
    /// inside (``Attachment/isHandedOver(_:)``: zip, gzip, PDF, legacy
    /// Office, tar, images) to `attachment`, whole, its transfer encoding decoded, when
    /// the part ends, instead of handing its bytes over as text; one longer
    /// than `maximumAttachmentSize` is not held past that size, and is
    /// listed in ``unreadAttachments`` instead (``Attachment/isTooLarge``).
    /// A part's text is held until its first 1,024 decoded bytes (or its
    /// end) tell what it is.
    ///
    /// ```swift
    /// let reader = MailReader(kind: .message, maximumAttachmentSize: 64 << 20) { attachment, bytes in
    ///     print(attachment.format, bytes.count)   // "zip archive 5120"
    /// }
    /// ```
    public init(
        kind: MailDetection = .message, maximumHeaderSize: Int = MailReader.defaultMaximumHeaderSize,
        maximumAttachmentSize: Int = MailReader.defaultMaximumAttachmentSize,
        attachment: @escaping AttachmentHandler
    ) {
        self.maximumHeaderSize = maximumHeaderSize
        parser = MailStructureParser(isMbox: kind == .mbox, maximumHeaderSize: maximumHeaderSize)
        self.maximumAttachmentSize = maximumAttachmentSize
        attachmentHandler = attachment
    }

    /// The leaf parts started so far.
    public var partCount: Int { partCountSeen }

    /// Reads the next piece of the input, handing over the text it completes.
    ///
    /// ```swift
    /// try reader.feed(block) { segment, utf8, map in scan(utf8) }
    /// ```
    ///
    /// - Throws: ``MailError`` when a header block is too long or parts nest too deep.
    public func feed(_ piece: some Collection<UInt8>, handler: Handler) throws {
        try parser.feed(piece) { try handle($0, handler) }
    }

    /// Says the input has ended and hands over what is left.
    ///
    /// ```swift
    /// try reader.finish { segment, utf8, map in scan(utf8) }
    /// ```
    public func finish(handler: Handler) throws {
        try parser.finish { try handle($0, handler) }
    }

    private func raw(_ bytes: [UInt8], offset: Int, _ segment: Segment, _ handler: Handler) throws {
        let decoder = MailBodyDecoder(transferEncoding: .identity, encoding: .utf8)
        try decoder.content(bytes, offset: offset, lineContinues: false) { try handler(segment, $0, $1) }
        try decoder.finish { try handler(segment, $0, $1) }
    }

    private func handle(_ event: MailStructureParser.Event, _ handler: Handler) throws {
        switch event {
        case .structure(let bytes, let offset): try raw(bytes, offset: offset, .structure, handler)
        case .header(let bytes, let offset):
            lastHeader = bytes
            let decoder = MailBodyDecoder(transferEncoding: .identity, encoding: .utf8)
            // Fields kept as written are handed over together, from `runStart`.
            var runStart = offset
            var fieldOffset = offset
            for field in MailHeaderDecoder.fields(bytes) {
                if field.isDecoded {
                    if runStart < fieldOffset {
                        try decoder.content(
                            Array(bytes[(runStart - offset)..<(fieldOffset - offset)]), offset: runStart,
                            lineContinues: false
                        ) { try handler(.header, $0, $1) }
                    }
                    // Every byte of the decoded field maps to the whole field.
                    let lineBreak = field.raw.last == 0x0A ? [UInt8(0x0A)] : []
                    try decoder.decoded(field.text + lineBreak, from: fieldOffset..<fieldOffset + field.raw.count) {
                        try handler(.header, $0, $1)
                    }
                    runStart = fieldOffset + field.raw.count
                }
                fieldOffset += field.raw.count
            }
            if runStart < fieldOffset {
                try decoder.content(Array(bytes[(runStart - offset)...]), offset: runStart, lineContinues: false) {
                    try handler(.header, $0, $1)
                }
            }
            try decoder.finish { try handler(.header, $0, $1) }
        case .partStart(let part, _):
            partCountSeen += 1
            let decoder = MailBodyDecoder(part: part)
            pendingText = []
            partAttachmentFormat = nil
            partDecided = attachmentHandler == nil
            if !partDecided {
                decoder.holdsDecoded = true
                decoder.maximumHeldCount = maximumAttachmentSize
            }
            body = (part, decoder)
        case .content(let bytes, let offset, let continues):
            guard let (part, decoder) = body else { return }
            try decoder.content(bytes, offset: offset, lineContinues: continues) { try text(part, $0, $1, handler) }
            if decoder.decodedUUEncoded { uuencodedParts.insert(part.index) }
            try decideOnLeading(part, decoder, isComplete: false, handler)
        case .lineBreak(let bytes, let offset):
            guard let (part, decoder) = body else { return }
            try decoder.lineBreak(bytes, offset: offset) { try text(part, $0, $1, handler) }
            try decideOnLeading(part, decoder, isComplete: false, handler)
        case .partEnd:
            guard let (part, decoder) = body else { return }
            try decoder.finish { try text(part, $0, $1, handler) }
            if decoder.decodedUUEncoded { uuencodedParts.insert(part.index) }
            try decideOnLeading(part, decoder, isComplete: true, handler)
            body = nil
            guard let format = Attachment.format(of: decoder.leading, isText: part.mediaType.hasPrefix("text/"))
            else { return }
            var attachment = Attachment(
                format: format, fileName: part.fileName, partIndex: part.index,
                transferEncoding: part.transferEncoding)
            guard let attachmentHandler, partAttachmentFormat != nil else {
                unreadAttachments.append(attachment)
                return
            }
            if decoder.heldOverflowed {
                attachment.isTooLarge = true
                unreadAttachments.append(attachment)
                return
            }
            let bytes = decoder.heldDecoded
            decoder.holdsDecoded = false
            try attachmentHandler(attachment, bytes)
        }
    }

    /// A piece of a part's text: handed over, or held while the part's first bytes are not known.
    private func text(_ part: MailPart, _ utf8: UnsafeBufferPointer<UInt8>, _ map: MailOffsetMap, _ handler: Handler)
        throws
    {
        if !partDecided {
            pendingText.append((Array(utf8), map))
        } else if partAttachmentFormat == nil {
            try handler(.body(part), utf8, map)
        }
    }

    /// Once a part's first bytes are known (or it ended): an attachment
    /// handed over whole stops its text; any other part's held text is handed over.
    private func decideOnLeading(_ part: MailPart, _ decoder: MailBodyDecoder, isComplete: Bool, _ handler: Handler)
        throws
    {
        guard !partDecided, isComplete || decoder.leading.count >= MailBodyDecoder.leadingCount else { return }
        partDecided = true
        if let format = Attachment.format(of: decoder.leading, isText: part.mediaType.hasPrefix("text/")),
            Attachment.isHandedOver(format)
        {
            partAttachmentFormat = format
            decoder.transcodes = false
            pendingText = []
            return
        }
        decoder.holdsDecoded = false
        let pending = pendingText
        pendingText = []
        for (utf8, map) in pending {
            try utf8.withUnsafeBufferPointer { try handler(.body(part), $0, map) }
        }
    }
}
