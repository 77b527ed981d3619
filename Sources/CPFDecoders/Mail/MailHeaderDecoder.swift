/// Reads the fields of an e-mail header block as a mail client shows them:
/// folded lines joined (RFC 5322, 2.2.3: the line breaks removed, the
/// blanks after them kept), RFC 2047 encoded-words decoded (B and Q, in
/// a charset ``CharacterEncoding/init(charset:)`` reads: `utf-8`,
/// `us-ascii`, `iso-8859-1`, `windows-1252`, `iso-8859-15` and the other
/// ISO 8859 and Windows code pages, UTF-16 and UTF-32; adjacent
/// encoded-words joined, the blanks between them dropped, RFC 2047, 6.2)
/// and RFC 2231 parameters (`filename*=utf-8''...`, continuations
/// `filename*0*=`, `filename*1*=`) of `Content-Type` and
/// `Content-Disposition` percent-decoded and joined. An encoded-word or
/// parameter in another charset, or badly encoded, stays as written.
///
/// ```swift
/// let fields = MailHeaderDecoder.fields(Array("Subject: =?UTF-8?B?Q1BGIDM5MC41MzMuNDQ3LTA1?=\r\n".utf8))
/// String(decoding: fields[0].text, as: UTF8.self)   // "Subject: CPF 390.533.447-05"
/// fields[0].isDecoded                                // true
/// ```
public enum MailHeaderDecoder {
    /// One field of a header block (or the blank line that ends it).
    public struct Field: Hashable, Sendable {
        /// The field's name in lower case (empty for the ending blank line).
        public var name: String
        /// The field as written: its folded lines and line breaks.
        public var raw: [UInt8]
        /// The field unfolded and decoded, as UTF-8, without a line break.
        public var text: [UInt8]
        /// Whether ``text`` differs from ``raw`` other than by the last line
        /// break: the field was folded, or held something decoded.
        public var isDecoded: Bool
    }

    /// The fields of a header block, in order; their ``Field/raw`` bytes
    /// put together are the block.
    ///
    /// ```swift
    /// MailHeaderDecoder.fields(Array("Subject: a\r\n b\r\n\r\n".utf8)).count   // 2
    /// ```
    ///
    /// - Complexity: O(*n*).
    public static func fields(_ header: [UInt8]) -> [Field] {
        var result: [Field] = []
        var start = 0
        var index = 0
        while index < header.count {
            guard let newline = header[index...].firstIndex(of: 0x0A) else {
                index = header.count
                break
            }
            index = newline + 1
            let next = index < header.count ? header[index] : 0
            let lineIsEmpty = newline == start || (newline == start + 1 && header[start] == 0x0D)
            if lineIsEmpty || !(next == 0x20 || next == 0x09) {
                result.append(field(Array(header[start..<index])))
                start = index
            }
        }
        if start < header.count { result.append(field(Array(header[start...]))) }
        return result
    }

    private static func field(_ raw: [UInt8]) -> Field {
        var end = raw.count
        if end > 0 && raw[end - 1] == 0x0A { end -= 1 }
        if end > 0 && raw[end - 1] == 0x0D { end -= 1 }
        let line = raw[..<end]
        // Most fields: one line, no encoded-word, no RFC 2231 parameter.
        if !line.contains(0x0A), !line.contains(UInt8(ascii: "*")), !containsEncodedWordStart(line) {
            let name = line.firstIndex(of: UInt8(ascii: ":")).map { fieldName(line[..<$0]) } ?? ""
            return Field(name: name, raw: raw, text: line.filter { $0 != 0x0D }, isDecoded: false)
        }
        let unfolded = line.filter { $0 != 0x0D && $0 != 0x0A }
        guard let colon = unfolded.firstIndex(of: UInt8(ascii: ":")) else {
            return Field(name: "", raw: raw, text: unfolded, isDecoded: unfolded.count != end)
        }
        let name = fieldName(unfolded[..<colon])
        var text = Array(unfolded[...colon])
        let value = Array(unfolded[(colon + 1)...])
        if name == "content-type" || name == "content-disposition" {
            text += decodedParameters(value)
        } else {
            text += decodeWords(value)
        }
        return Field(name: name, raw: raw, text: text, isDecoded: text != Array(line))
    }

    /// A field name in lower case (ASCII), without blanks.
    private static func fieldName(_ bytes: ArraySlice<UInt8>) -> String {
        let lowered = bytes.compactMap { byte -> UInt8? in
            byte == 0x20 || byte == 0x09 ? nil : byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        return String(decoding: lowered, as: UTF8.self)
    }

    private static func containsEncodedWordStart(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let equals = bytes[index...].firstIndex(of: UInt8(ascii: "=")) {
            if equals + 1 < bytes.endIndex && bytes[equals + 1] == UInt8(ascii: "?") { return true }
            index = equals + 1
        }
        return false
    }
}
