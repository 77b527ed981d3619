/// A streaming rewriter of e-mail: copies every byte of a message or mbox
/// file unchanged, except the header blocks and bytes between parts a
/// caller's `raw` closure changes and the bodies of the leaf parts it chooses, which it decodes
/// (transfer encoding, then charset to UTF-8), hands to `body` piece by
/// piece, and writes back in their own charset and transfer encoding:
/// base64 in lines of 76 characters, quoted-printable as RFC 2045 asks,
/// with the line break the part's header used (CRLF or LF).
///
/// `redact` reads a file twice: once with ``MailReader`` to learn which
/// parts hold a CPF (``MailPart/index``), once with this rewriter choosing
/// those parts, so the others stay byte for byte as they were.
///
/// ```swift
/// let rewriter = MailRewriter(kind: .message,
///                             rewrites: { part in partsWithCPF.contains(part.index) },
///                             raw: { segment, bytes in mask(bytes) },
///                             body: { part, utf8, isFinal in mask(utf8) })
/// try rewriter.feed(bytes) { out.write($0) }
/// try rewriter.finish { out.write($0) }
/// ```
///
/// The `body` closure gets the decoded text in pieces (the same pieces as
/// ``MailReader`` gives) and returns the text to write for them; it may hold
/// text back (a match cut by the end of a piece) and return it with a later
/// piece, and must return all it holds when `isFinal`. The text returned
/// may differ in length from the text given.
///
/// - Complexity: O(*n*) time; memory bounded as ``MailReader``'s.
public final class MailRewriter {
    /// Chooses the leaf parts whose body is rewritten.
    public typealias PartFilter = (MailPart) -> Bool
    /// Rewrites a whole header block (``MailReader/Segment/header``: raw
    /// bytes, folding and line breaks included) or a line of the bytes
    /// between parts (``MailReader/Segment/structure``: a preamble or
    /// epilogue line, a boundary or `From ` line, the line break before a
    /// boundary); returning it unchanged keeps it. A change to a boundary
    /// must be made alike in the header that declares it.
    public typealias RawTransform = (MailReader.Segment, [UInt8]) -> [UInt8]
    /// Rewrites a piece of a chosen part's decoded UTF-8 text.
    public typealias BodyTransform = (MailPart, [UInt8], _ isFinal: Bool) -> [UInt8]
    /// The new bytes of a part written whole (an attachment rewritten
    /// elsewhere), before its transfer encoding; nil keeps the part.
    public typealias Replacement = (MailPart) -> [UInt8]?
    /// Where the rewritten bytes go.
    public typealias Output = (UnsafeBufferPointer<UInt8>) throws -> Void

    private let parser: MailStructureParser
    private let rewrites: PartFilter
    private let raw: RawTransform
    private let body: BodyTransform
    private let replacement: Replacement
    private var current: Rewrite?
    /// The parts rewritten so far.
    public private(set) var rewrittenPartCount = 0

    private final class Rewrite {
        let part: MailPart
        let decoder: MailBodyDecoder
        /// Made with the first text, once the decoder knows the byte order read.
        private var transcoderMade: UTF8ToTextTranscoder?
        var transcoder: UTF8ToTextTranscoder {
            if let transcoderMade { return transcoderMade }
            // A body that started with a byte order mark is written with one.
            let made = UTF8ToTextTranscoder(
                encoding: decoder.encoding, writesByteOrderMark: decoder.startsWithByteOrderMark)
            transcoderMade = made
            return made
        }
        let base64: Base64Encoder?
        let quotedPrintable: QuotedPrintableEncoder?
        let lineBreak: [UInt8]
        var endedWithLineBreak = false
        /// Whether any text went to the transcoder: an empty body stays empty.
        var hasText = false
        /// Bytes after the body that come before its end is known (the
        /// line break before an mbox `From ` line or a boundary): written
        /// after the encoder's last bytes.
        var trailing: [UInt8] = []
        /// The bytes the part is written with instead of its own, if it is replaced.
        var replacement: [UInt8]?

        init(part: MailPart, lineBreak: [UInt8]) {
            self.part = part
            self.lineBreak = lineBreak
            decoder = MailBodyDecoder(part: part)
            base64 = part.transferEncoding == .base64 ? Base64Encoder(lineBreak: lineBreak) : nil
            quotedPrintable =
                part.transferEncoding == .quotedPrintable
                ? QuotedPrintableEncoder(lineBreak: lineBreak, escapesLineStarts: true) : nil
        }

        func encode(_ text: [UInt8], into output: inout [UInt8]) {
            if !text.isEmpty { hasText = true }
            var charsetBytes: [UInt8] = []
            transcoder.encode(text) { charsetBytes += $0 }
            write(charsetBytes, into: &output)
        }

        func write(_ bytes: [UInt8], into output: inout [UInt8]) {
            if let base64 {
                base64.encode(bytes) { output += $0 }
            } else if let quotedPrintable {
                quotedPrintable.encode(bytes) { output += $0 }
            } else {
                output += bytes
            }
        }

        func finish(into output: inout [UInt8]) {
            if let replacement {
                hasText = !replacement.isEmpty
                write(replacement, into: &output)
            }
            // An empty body is written as it was, empty: a byte order mark
            // of its own would stand right before the next `From ` line or
            // boundary and hide it.
            guard hasText else { return }
            if replacement == nil {
                var charsetBytes: [UInt8] = []
                transcoder.finish { charsetBytes += $0 }
                write(charsetBytes, into: &output)
            }
            if let base64 {
                var last: [UInt8] = []
                base64.finish { last += $0 }
                // Before a boundary, the line break that ends the body belongs to the boundary.
                if !endedWithLineBreak && last.count >= lineBreak.count
                    && last.suffix(lineBreak.count).elementsEqual(lineBreak)
                {
                    last.removeLast(lineBreak.count)
                }
                output += last
            } else if let quotedPrintable {
                quotedPrintable.finish { output += $0 }
            }
        }
    }

    /// Makes a rewriter of a single message or an mbox file.
    ///
    /// ```swift
    /// let rewriter = MailRewriter(kind: .mbox, rewrites: { [3, 7].contains($0.index) }, body: { _, text, _ in
    /// mask(text) })
    /// ```
    ///
    /// A part for which `replacement` gives bytes is written with those
    /// bytes instead of its own (an attachment rewritten whole), in its
    /// transfer encoding, base64 in lines of 76 characters (`rewrites` and
    /// `body` are not asked about it).
    ///
    /// ```swift
    /// let rewriter = MailRewriter(rewrites: { _ in false }, body: { _, text, _ in text },
    ///                             replacement: { $0.index == 2 ? redactedZip : nil })
    /// ```
    public init(
        kind: MailDetection = .message, maximumHeaderSize: Int = MailReader.defaultMaximumHeaderSize,
        rewrites: @escaping PartFilter, raw: @escaping RawTransform = { $1 }, body: @escaping BodyTransform,
        replacement: @escaping Replacement = { _ in nil }
    ) {
        parser = MailStructureParser(isMbox: kind == .mbox, maximumHeaderSize: maximumHeaderSize)
        self.rewrites = rewrites
        self.raw = raw
        self.body = body
        self.replacement = replacement
    }

    /// Rewrites the next piece of the input, handing the output it completes to `output`.
    ///
    /// ```swift
    /// try rewriter.feed(block) { out.write($0) }
    /// ```
    ///
    /// - Throws: ``MailError`` as ``MailReader/feed(_:handler:)`` does; what
    ///   was output before is a prefix of the rewritten file, not a whole one.
    public func feed(_ piece: some Collection<UInt8>, output: Output) throws {
        var bytes: [UInt8] = []
        try parser.feed(piece) { handle($0, into: &bytes) }
        if !bytes.isEmpty { try bytes.withUnsafeBufferPointer { try output($0) } }
    }

    /// Says the input has ended and hands over the rest of the output.
    ///
    /// ```swift
    /// try rewriter.finish { out.write($0) }
    /// ```
    public func finish(output: Output) throws {
        var bytes: [UInt8] = []
        try parser.finish { handle($0, into: &bytes) }
        if !bytes.isEmpty { try bytes.withUnsafeBufferPointer { try output($0) } }
    }

    private func handle(_ event: MailStructureParser.Event, into output: inout [UInt8]) {
        switch event {
        case .structure(let bytes, _):
            if let current { current.trailing += raw(.structure, bytes) } else { output += raw(.structure, bytes) }
        case .header(let bytes, _): output += raw(.header, bytes)
        case .partStart(let part, let lineBreak):
            if let bytes = replacement(part) {
                current = Rewrite(part: part, lineBreak: lineBreak)
                current?.replacement = bytes
                rewrittenPartCount += 1
            } else if rewrites(part) {
                current = Rewrite(part: part, lineBreak: lineBreak)
                rewrittenPartCount += 1
            }
        case .content(let bytes, let offset, let continues):
            guard let current else {
                output += bytes
                return
            }
            current.endedWithLineBreak = false
            guard current.replacement == nil else { return }
            current.decoder.content(bytes, offset: offset, lineContinues: continues) { utf8, _ in
                current.encode(body(current.part, Array(utf8), false), into: &output)
            }
        case .lineBreak(let bytes, let offset):
            guard let current else {
                output += bytes
                return
            }
            current.endedWithLineBreak = true
            guard current.replacement == nil else { return }
            current.decoder.lineBreak(bytes, offset: offset) { utf8, _ in
                current.encode(body(current.part, Array(utf8), false), into: &output)
            }
        case .partEnd:
            guard let current else { return }
            if current.replacement == nil {
                current.decoder.finish { utf8, _ in
                    current.encode(body(current.part, Array(utf8), false), into: &output)
                }
                current.encode(body(current.part, [], true), into: &output)
            }
            current.finish(into: &output)
            output += current.trailing
            self.current = nil
        }
    }
}
