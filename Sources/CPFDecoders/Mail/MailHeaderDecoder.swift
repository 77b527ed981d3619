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

    // MARK: RFC 2047

    /// Decodes the RFC 2047 encoded-words of a text to UTF-8 (the rest
    /// stays as written, stray bytes read as Windows-1252 are not changed):
    /// blanks between two encoded-words are dropped.
    ///
    /// ```swift
    /// MailHeaderDecoder.decodeWords(Array("=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=".utf8))   // "ab"
    /// ```
    public static func decodeWords(_ value: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var blanks: [UInt8] = []
        var afterWord = false
        var index = 0
        while index < value.count {
            let byte = value[index]
            if byte == UInt8(ascii: "="), let (end, decoded) = encodedWord(in: value, at: index) {
                if !afterWord { output += blanks }
                blanks.removeAll()
                output += decoded
                afterWord = true
                index = end
                continue
            }
            if byte == 0x20 || byte == 0x09 {
                blanks.append(byte)
            } else {
                output += blanks
                blanks.removeAll()
                output.append(byte)
                afterWord = false
            }
            index += 1
        }
        return output + blanks
    }

    /// Decodes one encoded-word (`=?charset?B?text?=` or `=?charset?Q?text?=`)
    /// to UTF-8, or nil when it is not one, its charset is not read, or its
    /// text is badly encoded.
    ///
    /// ```swift
    /// MailHeaderDecoder.decodeWord(Array("=?US-ASCII?Q?Keith_Moore?=".utf8))   // "Keith Moore"
    /// ```
    public static func decodeWord(_ word: [UInt8]) -> [UInt8]? {
        guard let (end, decoded) = encodedWord(in: word, at: 0), end == word.count else { return nil }
        return decoded
    }

    /// The encoded-word starting at `start`: where it ends and its text as UTF-8.
    private static func encodedWord(in value: [UInt8], at start: Int) -> (Int, [UInt8])? {
        guard start + 1 < value.count, value[start] == UInt8(ascii: "="), value[start + 1] == UInt8(ascii: "?")
        else { return nil }
        var index = start + 2
        var charset: [UInt8] = []
        while index < value.count, value[index] != UInt8(ascii: "?") {
            let byte = value[index]
            guard byte > 0x20, byte < 0x7F, charset.count < 40 else { return nil }
            charset.append(byte)
            index += 1
        }
        guard index + 2 < value.count, value[index + 2] == UInt8(ascii: "?") else { return nil }
        let encoding = value[index + 1] | 0x20
        guard encoding == UInt8(ascii: "b") || encoding == UInt8(ascii: "q") else { return nil }
        index += 3
        let textStart = index
        while index + 1 < value.count, !(value[index] == UInt8(ascii: "?") && value[index + 1] == UInt8(ascii: "=")) {
            let byte = value[index]
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "?") else { return nil }
            index += 1
        }
        guard index + 1 < value.count else { return nil }
        let text = Array(value[textStart..<index])
        // RFC 2231, 5: a language after the charset (`utf-8*pt`).
        if let star = charset.firstIndex(of: UInt8(ascii: "*")) { charset.removeLast(charset.count - star) }
        guard let textEncoding = characterEncoding(charset) else { return nil }
        let bytes: [UInt8]
        if encoding == UInt8(ascii: "b") {
            guard let decoded = try? Base64Decoder.decode(text) else { return nil }
            bytes = decoded
        } else {
            guard let decoded = decodeQ(text) else { return nil }
            bytes = decoded
        }
        return (index + 2, TextToUTF8Transcoder.transcode(bytes, from: textEncoding))
    }

    /// The encoding a charset name is read in, or nil for one not read.
    static func characterEncoding(_ charset: [UInt8]) -> CharacterEncoding? {
        CharacterEncoding(charset: String(decoding: charset, as: UTF8.self))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The Q encoding (RFC 2047, 4.2): `_` is a space, `=XY` a byte.
    private static func decodeQ(_ text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "=") {
                guard index + 2 < text.count, let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte == UInt8(ascii: "_") ? 0x20 : byte)
                index += 1
            }
        }
        return output
    }

    // MARK: RFC 2231

    /// Decodes an RFC 2231 extended parameter value (`charset'language'text`
    /// with `%XY` escapes) to UTF-8, or nil when its charset is not read or
    /// an escape is bad.
    ///
    /// ```swift
    /// MailHeaderDecoder.decodeParameterValue(Array("us-ascii'en-us'This%20is".utf8))   // "This is"
    /// ```
    public static func decodeParameterValue(_ value: [UInt8]) -> [UInt8]? {
        let parts = value.split(separator: UInt8(ascii: "'"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let encoding = parts[0].isEmpty ? .utf8 : characterEncoding(Array(parts[0])),
            let bytes = percentDecoded(parts[2])
        else { return nil }
        return TextToUTF8Transcoder.transcode(bytes, from: encoding)
    }

    private static func percentDecoded(_ text: some Collection<UInt8>) -> [UInt8]? {
        let text = Array(text)
        var output: [UInt8] = []
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "%") {
                guard index + 2 < text.count, let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(text[index])
                index += 1
            }
        }
        return output
    }

    /// The items of a parameter list split at `;` outside quotes.
    private static func items(_ value: [UInt8]) -> [[UInt8]] {
        var items: [[UInt8]] = [[]]
        var inQuotes = false
        var escaped = false
        for byte in value {
            if escaped {
                escaped = false
            } else if inQuotes && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes && byte == UInt8(ascii: ";") {
                items.append([])
                continue
            }
            items[items.count - 1].append(byte)
        }
        return items
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.count
        return Array(bytes[start...])
    }

    /// An RFC 2231 parameter (`name*=`, `name*0=`, `name*1*=`) joined from its sections.
    struct ExtendedParameter {
        var name: [UInt8]
        /// The sections by number: whether percent-encoded, and the value without quotes.
        var sections: [(number: Int, isEncoded: Bool, value: [UInt8])] = []

        /// The value as UTF-8, or nil when it cannot be decoded.
        var decoded: [UInt8]? {
            var charset: [UInt8]?
            var bytes: [UInt8] = []
            for (offset, section) in sections.sorted(by: { $0.number < $1.number }).enumerated() {
                var value = section.value
                if section.isEncoded {
                    if offset == 0 {
                        let parts = value.split(
                            separator: UInt8(ascii: "'"), maxSplits: 2, omittingEmptySubsequences: false)
                        guard parts.count == 3 else { return nil }
                        charset = Array(parts[0])
                        value = Array(parts[2])
                    }
                    guard let decoded = MailHeaderDecoder.percentDecoded(value) else { return nil }
                    bytes += decoded
                } else {
                    bytes += value
                }
            }
            let encoding = charset.map { $0.isEmpty ? .utf8 : MailHeaderDecoder.characterEncoding($0) } ?? .utf8
            guard let encoding else { return nil }
            return TextToUTF8Transcoder.transcode(bytes, from: encoding)
        }
    }

    /// A parameter list split into the items that are not RFC 2231
    /// parameters (the first is the value before any `;`) and those that are.
    static func splitParameters(_ value: [UInt8]) -> (plain: [[UInt8]], extended: [ExtendedParameter]) {
        var plain: [[UInt8]] = []
        var extended: [ExtendedParameter] = []
        for (offset, item) in items(value).enumerated() {
            let item = trimmed(item)
            guard offset > 0, let equals = item.firstIndex(of: UInt8(ascii: "=")),
                let star = item[..<equals].firstIndex(of: UInt8(ascii: "*"))
            else {
                plain.append(item)
                continue
            }
            let name = Array(trimmed(Array(item[..<star])).map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) })
            let suffix = Array(trimmed(Array(item[(star + 1)..<equals])))
            var number = 0
            var isEncoded = true
            if !suffix.isEmpty {
                let digits = suffix.last == UInt8(ascii: "*") ? suffix.dropLast() : suffix[...]
                isEncoded = suffix.last == UInt8(ascii: "*")
                guard !digits.isEmpty, digits.count < 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    plain.append(item)
                    continue
                }
                number = Int(String(decoding: digits, as: UTF8.self)) ?? 0
            }
            var raw = trimmed(Array(item[(equals + 1)...]))
            if raw.count >= 2, raw.first == UInt8(ascii: "\""), raw.last == UInt8(ascii: "\"") {
                raw = Array(raw.dropFirst().dropLast())
            }
            if let index = extended.firstIndex(where: { $0.name == name }) {
                extended[index].sections.append((number, isEncoded, raw))
            } else {
                extended.append(ExtendedParameter(name: name, sections: [(number, isEncoded, raw)]))
            }
        }
        return (plain, extended)
    }

    /// A `Content-Type` or `Content-Disposition` value with its encoded-words
    /// decoded and its RFC 2231 parameters decoded and joined, written last
    /// as `name="value"` (or as written when they cannot be decoded).
    private static func decodedParameters(_ value: [UInt8]) -> [UInt8] {
        guard value.contains(UInt8(ascii: "*")) else { return decodeWords(value) }
        let (plain, extended) = splitParameters(value)
        guard !extended.isEmpty else { return decodeWords(value) }
        var text = [0x20] + decodeWords(plain.joined(separator: Array("; ".utf8)).map { $0 })
        for parameter in extended {
            text += Array("; ".utf8) + parameter.name + Array("=\"".utf8)
            if let decoded = parameter.decoded {
                text += decoded
            } else {
                for section in parameter.sections.sorted(by: { $0.number < $1.number }) { text += section.value }
            }
            text.append(UInt8(ascii: "\""))
        }
        return text
    }

    // MARK: Writing

    /// Writes UTF-8 text as RFC 2047 encoded-words (`=?utf-8?B?...?=`), each
    /// at most 75 characters and holding whole characters, separated by a
    /// folding line break and a space.
    ///
    /// ```swift
    /// MailHeaderDecoder.encodeWords(Array("é".utf8))   // "=?utf-8?B?w6k=?="
    /// ```
    public static func encodeWords(_ utf8: [UInt8], lineBreak: [UInt8] = [0x0D, 0x0A]) -> [UInt8] {
        var output: [UInt8] = []
        var chunk: [UInt8] = []
        func flush() {
            guard !chunk.isEmpty else { return }
            if !output.isEmpty { output += lineBreak + [0x20] }
            output += Array("=?utf-8?B?".utf8) + Base64Encoder.encode(chunk, lineLength: 0, lineBreak: [])
            output += Array("?=".utf8)
            chunk.removeAll()
        }
        var index = 0
        while index < utf8.count {
            var end = index + 1
            while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
            // 45 bytes make 60 base64 characters: 72 with `=?utf-8?B?` and `?=`.
            if chunk.count + (end - index) > 45 { flush() }
            chunk += utf8[index..<end]
            index = end
        }
        flush()
        return output
    }

    /// Writes a parameter as an RFC 2231 extended one in UTF-8: `name*=utf-8''text`.
    ///
    /// ```swift
    /// MailHeaderDecoder.encodeParameter(name: Array("filename".utf8), value: Array("a b".utf8))
    /// // "filename*=utf-8''a%20b"
    /// ```
    public static func encodeParameter(name: [UInt8], value utf8: [UInt8]) -> [UInt8] {
        var output = name + Array("*=utf-8''".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in utf8 {
            let isPlain =
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || Array("!#$&+-.^_`|~".utf8).contains(byte)
            if isPlain {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return output
    }

    /// Writes a field again with its decoded text changed by `transform`
    /// (which hides CPFs): an unstructured field (`Subject`, `Comments`,
    /// `Thread-Topic`, `X-...`) as UTF-8 B encoded-words; `Content-Type` and
    /// `Content-Disposition` with their other items as written (transformed)
    /// and each RFC 2231 parameter as `name*=utf-8''...`; nil for any other
    /// field, or an RFC 2231 parameter that cannot be decoded.
    ///
    /// ```swift
    /// let field = MailHeaderDecoder.fields(Array("Subject: =?utf-8?Q?a?=\r\n".utf8))[0]
    /// MailHeaderDecoder.reencoded(field) { $0 }   // "Subject: =?utf-8?B?YQ==?=\r\n"
    /// ```
    public static func reencoded(_ field: Field, transform: ([UInt8]) -> [UInt8]) -> [UInt8]? {
        guard let colon = field.raw.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let lineBreak: [UInt8] =
            field.raw.last != 0x0A ? [] : field.raw.dropLast().last == 0x0D ? [0x0D, 0x0A] : [0x0A]
        let name = Array(field.raw[...colon])
        let kind = field.name.hasPrefix("x-") ? "subject" : field.name
        switch kind {
        case "subject", "comments", "thread-topic":
            guard let textColon = field.text.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            var value = Array(field.text[(textColon + 1)...])
            while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
            return name + [0x20]
                + encodeWords(transform(value), lineBreak: lineBreak.isEmpty ? [0x0D, 0x0A] : lineBreak)
                + lineBreak
        case "content-type", "content-disposition":
            let unfolded = field.raw[(colon + 1)...].filter { $0 != 0x0D && $0 != 0x0A }
            let (plain, extended) = splitParameters(unfolded)
            var output = name + [0x20] + transform(plain.joined(separator: Array("; ".utf8)).map { $0 })
            for parameter in extended {
                guard let decoded = parameter.decoded else { return nil }
                output += [UInt8(ascii: ";")] + (lineBreak.isEmpty ? [0x0D, 0x0A] : lineBreak) + [0x20]
                output += encodeParameter(name: parameter.name, value: transform(decoded))
            }
            return output + lineBreak
        default:
            return nil
        }
    }
}
