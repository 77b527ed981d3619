import CPFDecoders
import CPFKit
import CPFSystem

/// `redact` of an e-mail message or mbox file: a first pass finds the parts
/// (and header fields, and attachments read whole) with something to hide,
/// a second writes the file back with those rewritten, every other byte as
/// it was.
extension RedactEngine {
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
