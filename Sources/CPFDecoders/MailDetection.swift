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

    private static let knownFields: [[UInt8]] = [
        "from", "date", "message-id", "mime-version", "received",
        "return-path", "subject", "to", "content-type",
    ].map { Array($0.utf8) }

    /// The kind of mail the sample starts, or nil when it does not look like mail.
    ///
    /// - Complexity: O(*n*) in the sample, at most ``sampleSize`` bytes;
    ///   no allocation but the sample's copy (it runs on every file `find` reads).
    public static func detect(_ prefix: some Collection<UInt8>) -> MailDetection? {
        let sample = Array(prefix.prefix(sampleSize))
        return sample.withUnsafeBufferPointer { detect(bytes: $0) }
    }

    /// ``detect(_:)`` on bytes in memory, without copying them.
    ///
    /// ```swift
    /// let kind = block.withUnsafeBytes { MailDetection.detect($0) }
    /// ```
    public static func detect(_ prefix: UnsafeRawBufferPointer) -> MailDetection? {
        let bytes = prefix.assumingMemoryBound(to: UInt8.self)
        return detect(bytes: UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, sampleSize)]))
    }

    private static func detect(bytes: UnsafeBufferPointer<UInt8>) -> MailDetection? {
        let isCut = bytes.count == sampleSize
        var kind = MailDetection.message
        var fields = 0
        var known = false
        var start = 0
        var lineNumber = 0
        // At most 201 lines, the last one what is left (a line cut by the sample's end is not looked at).
        while start <= bytes.count {
            var end = start
            if lineNumber == 200 {
                end = bytes.count
            } else {
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            }
            if end == bytes.count && isCut && lineNumber > 0 { break }
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
                if fields == 0 { return nil }
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let name = UnsafeBufferPointer(rebasing: line[0..<colon])
            guard (1...76).contains(name.count), name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
            fields += 1
            if !known, isKnown(name) { known = true }
        }
        return fields >= 2 && known ? kind : nil
    }

    /// Whether `name` is one of ``knownFields``, in any case.
    private static func isKnown(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        knownFields.contains { field in
            field.count == name.count
                && zip(field, name).allSatisfy { $0 == $1 | ($1 >= 0x41 && $1 <= 0x5A ? 0x20 : 0) }
        }
    }
}
