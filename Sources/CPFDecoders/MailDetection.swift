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

    /// How many bytes of a file ``detect(_:)`` looks at.
    public static let sampleSize = 8192

    private static let knownFields: Set<[UInt8]> = Set(["from", "date", "message-id", "mime-version", "received",
                                                        "return-path", "subject", "to", "content-type"].map { Array($0.utf8) })

    /// The kind of mail the sample starts, or nil when it does not look like mail.
    ///
    /// - Complexity: O(*n*) in the sample, at most ``sampleSize`` bytes.
    public static func detect(_ prefix: some Collection<UInt8>) -> MailDetection? {
        let sample = Array(prefix.prefix(sampleSize))
        var lines = sample.split(separator: 0x0A, maxSplits: 200, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        if sample.count == sampleSize && lines.count > 1 { lines.removeLast() }   // cut by the sample's end
        var kind = MailDetection.message
        var index = 0
        if let first = lines.first, first.starts(with: Array("From ".utf8)) {
            kind = .mbox
            index = 1
        }
        var fields = 0
        var known = false
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty { break }
            if line.first == 0x20 || line.first == 0x09 {
                if fields == 0 { return nil }
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let name = line[line.startIndex..<colon]
            guard (1...76).contains(name.count), name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
            fields += 1
            if knownFields.contains(name.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }) { known = true }
        }
        return fields >= 2 && known ? kind : nil
    }
}
