/// Whether the first bytes of a file look like an e-mail message.
///
/// Conservative, so a text file is not taken for mail: the file must start
/// (after an optional mbox `From ` line) with at least two header fields
/// in a row — `Name:` where the name is 1 to 76 printable ASCII characters
/// other than `:` and space, a continuation line (starting with a space or
/// tab) allowed after a field — and, among its fields before the first
/// blank line or the end of the sample, one of `From`, `Date`,
/// `Message-ID`, `MIME-Version`, `Received`, `Return-Path`, `Subject`,
/// `To` or `Content-Type` (case-insensitive). A `From ` line alone (mbox)
/// must be followed by such headers too.
///
/// The first ``sampleSize`` bytes decide, as long as they do. When they
/// are header lines only, cut by the sample's end without enough fields
/// (gateways add kilobytes of `Received:` and `X-` lines, or one long
/// folded field, before a message's own), the header block is read on, up
/// to ``maximumSampleSize`` bytes: a text file stops at its first line that
/// is no header field, so this costs nothing but on header-like text.
///
/// ```swift
/// MailDetection.detect(Array("From: a@b\r\nTo: c@d\r\n\r\nHi".utf8))   // .message
/// MailDetection.detect(Array("From a@b Thu Nov 26 00:00:00 2026\nFrom: a@b\nSubject: x\n\n".utf8))   // .mbox
/// MailDetection.detect(Array("Nome: José\nCPF: 390.533.447-05\n".utf8))   // nil
/// ```
public enum MailDetection: Hashable, Sendable {
    /// One RFC 5322 message (`.eml`).
    case message
    /// An mbox file: messages each after a `From ` line.
    case mbox

    /// How many bytes of a file ``detect(_:)`` looks at first.
    public static let sampleSize = 8192
    /// How many bytes of a file ``detect(_:)`` looks at when the first
    /// ``sampleSize`` are header lines that do not decide: the longest header
    /// block ``MailReader`` reads.
    public static let maximumSampleSize = MailReader.defaultMaximumHeaderSize

    private static let knownFields: [[UInt8]] = [
        "from", "date", "message-id", "mime-version", "received",
        "return-path", "subject", "to", "content-type",
    ].map { Array($0.utf8) }

    /// The kind of mail the sample starts, or nil when it does not look like mail.
    ///
    /// - Complexity: O(*n*) in the sample, at most ``maximumSampleSize``
    ///   bytes; no allocation but the sample's copy (the tool calls the
    ///   raw-bytes form below, which copies nothing).
    public static func detect(_ prefix: some Collection<UInt8>) -> MailDetection? {
        let sample = Array(prefix.prefix(maximumSampleSize))
        return sample.withUnsafeBufferPointer { detect(bytes: $0) }
    }

    /// ``detect(_:)`` on bytes in memory, without copying them.
    ///
    /// ```swift
    /// let kind = block.withUnsafeBytes { MailDetection.detect($0) }
    /// ```
    public static func detect(_ prefix: UnsafeRawBufferPointer) -> MailDetection? {
        let bytes = prefix.assumingMemoryBound(to: UInt8.self)
        return detect(bytes: UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, maximumSampleSize)]))
    }

    private static func detect(bytes: UnsafeBufferPointer<UInt8>) -> MailDetection? {
        let first = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, sampleSize)])
        switch judge(first, isCut: first.count == sampleSize, lineLimit: 200) {
        case .mail(let kind): return kind
        case .notMail: return nil
        case .undecided:
            guard bytes.count > sampleSize else { return nil }
            guard case .mail(let kind) = judge(bytes, isCut: bytes.count == maximumSampleSize, lineLimit: .max)
            else { return nil }
            return kind
        }
    }

    private enum Verdict {
        case mail(MailDetection)
        case notMail
        /// Header lines only, cut by the sample's end, without the fields that decide.
        case undecided
    }

    private static func judge(_ bytes: UnsafeBufferPointer<UInt8>, isCut: Bool, lineLimit: Int) -> Verdict {
        var kind = MailDetection.message
        var fields = 0
        var known = false
        var start = 0
        var lineNumber = 0
        var cut = false
        // At most `lineLimit` + 1 lines, the last one what is left (a line cut by the sample's end is not looked at).
        while start <= bytes.count {
            var end = start
            if lineNumber == lineLimit {
                end = bytes.count
            } else {
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            }
            if end == bytes.count && isCut && lineNumber > 0 {
                cut = true
                break
            }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
            lineNumber += 1
            start = end + 1
            if lineNumber == 1, line.starts(with: "From ".utf8) {
                kind = .mbox
                continue
            }
            if line.isEmpty { break }
            if line[0] == 0x20 || line[0] == 0x09 {
                if fields == 0 { return .notMail }
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .notMail }
            let name = UnsafeBufferPointer(rebasing: line[0..<colon])
            guard (1...76).contains(name.count), name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return .notMail }
            fields += 1
            if !known, isKnown(name) { known = true }
        }
        if fields >= 2 && known { return .mail(kind) }
        return cut && (fields > 0 || kind == .mbox) ? .undecided : .notMail
    }

    /// Whether `name` is one of ``knownFields``, in any case.
    private static func isKnown(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        knownFields.contains { field in
            field.count == name.count
                && zip(field, name).allSatisfy { $0 == $1 | ($1 >= 0x41 && $1 <= 0x5A ? 0x20 : 0) }
        }
    }
}
