// Header fields written again: UTF-8 text as RFC 2047 encoded-words,
// parameters as RFC 2231 extended ones, and a field re-encoded with its
// decoded text transformed.

extension MailHeaderDecoder {
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
