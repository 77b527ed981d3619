// The parameters of RFC 2231 in `Content-Type` and `Content-Disposition`:
// `name*=charset'language'text` percent-decoded, continuations
// (`name*0*=`, `name*1=`) joined, and the field's value written with
// them decoded.

extension MailHeaderDecoder {
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
    static func decodedParameters(_ value: [UInt8]) -> [UInt8] {
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
}
