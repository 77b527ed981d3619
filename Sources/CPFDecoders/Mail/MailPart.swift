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
        /// `x-uuencode`, `uuencode` or `x-uue`: `begin` and `end` lines
        /// around lines of uuencoded bytes.
        case uuencode
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
    /// The part's file name, as UTF-8: the `filename` parameter of
    /// `Content-Disposition`, else the `name` of `Content-Type`, decoded as
    /// ``MailHeaderDecoder`` decodes them (RFC 2231, RFC 2047); nil when it has none.
    public var fileName: [UInt8]?

    /// The encoding the body's text is read in: the charset's
    /// (``CharacterEncoding/init(charset:)``: UTF-8, Windows-1252 for
    /// `iso-8859-1`, `us-ascii` and `windows-1252`, UTF-16 and UTF-32, the
    /// ISO 8859 and Windows code pages of ``SingleByteCodePage``), and UTF-8
    /// (stray bytes as Windows-1252) for any other charset and bodies that
    /// are not text. `utf-16` and `utf-32` are big-endian unless the body
    /// starts with a little-endian byte order mark (see ``MailReader``).
    public var textEncoding: CharacterEncoding {
        CharacterEncoding(charset: charset) ?? .utf8
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
        fileName = nil
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
                    switch token {
                    case "base64": .base64
                    case "quoted-printable": .quotedPrintable
                    case "x-uuencode", "uuencode", "x-uue": .uuencode
                    default: .identity
                    }
            }
        }
        fileName = Self.fileName(header)
    }

    /// The `filename` of `Content-Disposition` or the `name` of
    /// `Content-Type`, decoded; looked for only in a header that holds `name`.
    private static func fileName(_ header: [UInt8]) -> [UInt8]? {
        guard header.count >= 4,
            header.indices.dropLast(3).contains(where: {
                header[$0] | 0x20 == 0x6E && header[$0 + 1] | 0x20 == 0x61
                    && header[$0 + 2] | 0x20 == 0x6D && header[$0 + 3] | 0x20 == 0x65
            })
        else { return nil }
        var name: [UInt8]?
        var fileName: [UInt8]?
        for field in MailHeaderDecoder.fields(header)
        where field.name == "content-disposition" || field.name == "content-type" {
            guard let colon = field.text.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let (_, parameters) = parseContentType(Array(field.text[(colon + 1)...]))
            for (key, value) in parameters where !value.isEmpty {
                if key == "filename" && field.name == "content-disposition" { fileName = fileName ?? value }
                if key == "name" && field.name == "content-type" { name = name ?? value }
            }
        }
        return fileName ?? name
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
