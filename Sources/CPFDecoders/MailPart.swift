/// What the header of a MIME entity (a message or one of its parts) says
/// about its body (RFC 2045, 2046).
///
/// ```swift
/// let part = MailPart(header: Array("Content-Type: text/plain; charset=\"ISO-8859-1\"\r\nContent-Transfer-Encoding:
/// quoted-printable\r\n".utf8))
/// part.mediaType          // "text/plain"
/// part.charset            // "iso-8859-1"
/// part.textEncoding       // .windows1252
/// part.transferEncoding   // .quotedPrintable
/// ```
public struct MailPart: Hashable, Sendable {
    /// How a body is written for transport (`Content-Transfer-Encoding`).
    public enum TransferEncoding: Hashable, Sendable {
        /// `7bit`, `8bit`, `binary` or none given: the bytes are the content.
        case identity
        /// `quoted-printable`.
        case quotedPrintable
        /// `base64`.
        case base64
    }

    /// The media type in lower case, `text/plain` when none is given (RFC 2045, 5.2).
    public var mediaType: String
    /// The `charset` parameter in lower case, empty when none is given.
    public var charset: String
    /// The `boundary` parameter of a multipart entity, as written.
    public var boundary: [UInt8]?
    /// The transfer encoding of the body.
    public var transferEncoding: TransferEncoding
    /// The number of the part in the input, counting every leaf part from 0
    /// in the order they come (a message that is not multipart is part 0).
    public var index: Int

    /// The encoding the body's text is read in: UTF-16 (by its byte order
    /// mark, big-endian without one) for `utf-16*` in base64 or
    /// quoted-printable, Windows-1252 for `iso-8859-1`, `latin1`, `us-ascii`
    /// and `windows-1252`, and UTF-8 (stray bytes as Windows-1252) for
    /// `utf-8`, any other charset, and bodies that are not text. UTF-16
    /// without a transfer encoding is read as UTF-8: its line breaks, which
    /// end the body, are single bytes that cut UTF-16 code units.
    public var textEncoding: CharacterEncoding {
        switch charset {
        case "utf-16le" where transferEncoding != .identity: .utf16LittleEndian
        case "utf-16", "utf-16be": transferEncoding == .identity ? .utf8 : .utf16BigEndian
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "windows-1252", "cp1252", "us-ascii", "ascii":
            .windows1252
        default: .utf8
        }
    }

    /// Whether the entity is a multipart one with a boundary.
    public var isMultipart: Bool { mediaType.hasPrefix("multipart/") && boundary != nil }

    /// Whether the body is a whole message (`message/rfc822`, not encoded).
    public var isMessage: Bool { mediaType == "message/rfc822" && transferEncoding == .identity }

    /// Reads the fields of a header block (folded lines unfolded; names
    /// case-insensitive); what is absent or unreadable takes its RFC 2045
    /// default. `defaultMediaType` is `message/rfc822` for the parts of a
    /// `multipart/digest`.
    ///
    /// ```swift
    /// MailPart(header: Array("Content-Transfer-Encoding: base64\r\n".utf8)).transferEncoding   // .base64
    /// ```
    public init(header: [UInt8], index: Int = 0, defaultMediaType: String = "text/plain") {
        mediaType = defaultMediaType
        charset = ""
        boundary = nil
        transferEncoding = .identity
        self.index = index
        for (name, value) in Self.fields(header) {
            if name == "content-type" {
                let (type, parameters) = Self.parseContentType(value)
                if type.contains("/") { mediaType = type }
                for (key, parameter) in parameters {
                    if key == "charset" { charset = String(decoding: parameter, as: UTF8.self).lowercased() }
                    if key == "boundary" && !parameter.isEmpty && parameter.count <= 200 { boundary = parameter }
                }
            } else if name == "content-transfer-encoding" {
                let token = String(decoding: value, as: UTF8.self).lowercased().filter { !$0.isWhitespace }
                transferEncoding =
                    token == "base64" ? .base64 : token == "quoted-printable" ? .quotedPrintable : .identity
            }
        }
    }

    /// The fields of a header block: name in lower case, value unfolded with
    /// its surrounding blanks removed.
    static func fields(_ header: [UInt8]) -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        var current: [UInt8] = []
        func flush() {
            defer { current.removeAll() }
            guard let colon = current.firstIndex(of: UInt8(ascii: ":")) else { return }
            let name = String(decoding: current[..<colon], as: UTF8.self).lowercased().filter { !$0.isWhitespace }
            result.append((name, trimmed(current[(colon + 1)...])))
        }
        for line in header.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let text = line.last == 0x0D ? line.dropLast() : line
            if text.first == 0x20 || text.first == 0x09 {
                current += text
            } else {
                flush()
                current = Array(text)
            }
        }
        flush()
        return result
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    private static func trimmed(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var array = Array(bytes)
        while let last = array.last, isBlank(last) { array.removeLast() }
        let start = array.firstIndex { !isBlank($0) } ?? array.count
        return Array(array[start...])
    }

    /// `type/subtype; name=value; name="quoted value"` (comments in
    /// parentheses removed): the type in lower case and the parameters
    /// (names in lower case, quotes and backslash escapes removed).
    static func parseContentType(_ value: [UInt8]) -> (String, [(String, [UInt8])]) {
        var items: [[UInt8]] = [[]]
        var inQuotes = false
        var escaped = false
        var commentDepth = 0
        for byte in value {
            if escaped {
                items[items.count - 1].append(byte)
                escaped = false
            } else if inQuotes {
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = false
                } else {
                    items[items.count - 1].append(byte)
                }
            } else if commentDepth > 0 {
                if byte == UInt8(ascii: "(") {
                    commentDepth += 1
                } else if byte == UInt8(ascii: ")") {
                    commentDepth -= 1
                }
            } else if byte == UInt8(ascii: "\"") {
                inQuotes = true
            } else if byte == UInt8(ascii: "(") {
                commentDepth = 1
            } else if byte == UInt8(ascii: ";") {
                items.append([])
            } else if !isBlank(byte) {
                items[items.count - 1].append(byte)
            }
        }
        let type = String(decoding: items[0], as: UTF8.self).lowercased()
        var parameters: [(String, [UInt8])] = []
        for item in items.dropFirst() {
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { continue }
            parameters.append(
                (String(decoding: item[..<equals], as: UTF8.self).lowercased(), Array(item[(equals + 1)...])))
        }
        return (type, parameters)
    }
}
