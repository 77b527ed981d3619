// The encoded-words of RFC 2047 in header fields: `=?charset?B?text?=`
// and `=?charset?Q?text?=` decoded to UTF-8 from any charset
// CharacterEncoding reads, adjacent ones joined.

extension MailHeaderDecoder {
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

    static func hexValue(_ byte: UInt8) -> UInt8? {
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
}
