// The text OfficeXMLParser keeps and its map back to the XML: line feeds
// between paragraphs and cells, the characters markup elements stand for
// (`w:tab`, `text:s`…), character data with its references decoded and
// ODF white space collapsed, and CDATA.

extension OfficeXMLParser {
    mutating func lineFeed(at position: Int, always: Bool) {
        if !always && (text.isEmpty || text[text.count - 1] == 0x0A) { return }
        segments.append(
            OfficeXMLText.Segment(
                textStart: text.count, textLength: 1, xmlStart: position, xmlEnd: position, kind: .separator))
        text.append(0x0A)
    }

    mutating func markup(_ role: Role, start: Int, end: Int) throws(OfficeXMLError) {
        var character: [UInt8] = [0x0A]
        var count = 1
        let kind: OfficeXMLText.Segment.Kind
        switch role {
        case .wordTab:
            character = [0x09]
            kind = .wordRunMarkup
        case .wordBreak: kind = .wordRunMarkup
        case .wordNonBreakingHyphen:
            character = [0xE2, 0x80, 0x91]  // U+2011 NON-BREAKING HYPHEN, a dash to the scanner
            kind = .wordRunMarkup
        case .wordSoftHyphen:
            character = [0xC2, 0xAD]  // U+00AD SOFT HYPHEN, invisible
            kind = .wordRunMarkup
        case .drawingBreak: kind = .drawingBreak
        case .odfTab:
            character = [0x09]
            kind = .odfMarkup
        case .odfLineBreak: kind = .odfMarkup
        default:
            character = [0x20]
            kind = .odfSpace
            if let repeats = try attribute(.text, "c") {
                var value = 0
                for index in repeats.value {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { throw .malformed(offset: index, .invalidAttribute) }
                    value = value * 10 + Int(digit)
                    // All space elements together repeat at most as often as the part has bytes, which
                    // bounds the text: at most three bytes per byte of the part.
                    guard value <= spaceBudget else { throw .malformed(offset: index, .invalidAttribute) }
                }
                count = value
                spaceBudget -= value
            }
        }
        afterSpace = false
        guard count > 0 else { return }
        segments.append(
            OfficeXMLText.Segment(
                textStart: text.count, textLength: count * character.count, xmlStart: start, xmlEnd: end, kind: kind))
        if count == 1 { text += character } else { text.append(contentsOf: repeatElement(character[0], count: count)) }
    }

    private mutating func appendIdentity(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if var last = segments.last, last.kind == .identity, last.xmlEnd == range.lowerBound,
            last.textStart + last.textLength == text.count
        {
            last.textLength += range.count
            last.xmlEnd = range.upperBound
            segments[segments.count - 1] = last
        } else {
            segments.append(
                OfficeXMLText.Segment(
                    textStart: text.count, textLength: range.count, xmlStart: range.lowerBound,
                    xmlEnd: range.upperBound, kind: .identity))
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private mutating func appendDecoded(_ scalar: UInt32, from range: Range<Int>) {
        let start = text.count
        if scalar < 0x80 {
            text.append(UInt8(scalar))
        } else if scalar < 0x800 {
            text.append(UInt8(0xC0 | scalar >> 6))
            text.append(UInt8(0x80 | scalar & 0x3F))
        } else if scalar < 0x10000 {
            text.append(UInt8(0xE0 | scalar >> 12))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        } else {
            text.append(UInt8(0xF0 | scalar >> 18))
            text.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        }
        segments.append(
            OfficeXMLText.Segment(
                textStart: start, textLength: text.count - start, xmlStart: range.lowerBound,
                xmlEnd: range.upperBound, kind: .decoded))
    }

    mutating func cdata(_ range: Range<Int>) throws(OfficeXMLError) {
        afterSpace = false
        appendIdentity(range)
    }

    /// Character data between tags (or an attribute value): references
    /// checked always, text kept when `captures`, white space collapsed in
    /// ODF paragraphs when `collapses`.
    mutating func characterData(_ range: Range<Int>, captures: Bool, collapses: Bool) throws(OfficeXMLError) {
        if metadata && captures {
            var blank = true
            for index in range where !isSpace(bytes[index]) {
                blank = false
                break
            }
            if blank { return }
        }
        var runStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                if captures { appendIdentity(runStart..<index) }
                let (scalar, end) = try reference(at: index, limit: range.upperBound)
                if captures {
                    if collapses, scalar == 0x20 || scalar == 0x09 || scalar == 0x0A || scalar == 0x0D {
                        if !afterSpace { appendDecoded(0x20, from: index..<end) }
                        afterSpace = true
                    } else {
                        appendDecoded(scalar, from: index..<end)
                        afterSpace = false
                    }
                }
                index = end
                runStart = end
            } else if collapses && captures && isSpace(byte) {
                appendIdentity(runStart..<index)
                if !afterSpace {
                    if byte == 0x20 {
                        appendIdentity(index..<index + 1)
                    } else {
                        appendDecoded(0x20, from: index..<index + 1)
                    }
                }
                afterSpace = true
                index += 1
                runStart = index
            } else {
                if byte < 0x20 && !isSpace(byte) { throw .malformed(offset: index, .invalidCharacter) }
                if collapses { afterSpace = false }
                index += 1
            }
        }
        if captures { appendIdentity(runStart..<range.upperBound) }
    }

    /// The character of the reference at `index` and the index after its `;`.
    private func reference(at index: Int, limit: Int) throws(OfficeXMLError) -> (UInt32, Int) {
        var end = index + 1
        while end < limit, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < limit, bytes[end] == UInt8(ascii: ";") else { throw .malformed(offset: index, .unknownEntity) }
        let name = index + 1..<end
        if equals(name, "lt") { return (0x3C, end + 1) }
        if equals(name, "gt") { return (0x3E, end + 1) }
        if equals(name, "amp") { return (0x26, end + 1) }
        if equals(name, "quot") { return (0x22, end + 1) }
        if equals(name, "apos") { return (0x27, end + 1) }
        guard name.count >= 2, bytes[name.lowerBound] == UInt8(ascii: "#") else {
            throw .malformed(offset: index, .unknownEntity)
        }
        var digits = name.lowerBound + 1
        var radix: UInt32 = 10
        if bytes[digits] == UInt8(ascii: "x") {
            radix = 16
            digits += 1
        }
        guard digits < end else { throw .malformed(offset: index, .invalidCharacterReference) }
        var scalar: UInt32 = 0
        for position in digits..<end {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .malformed(offset: index, .invalidCharacterReference)
            }
            scalar = scalar * radix + digit
            guard scalar <= 0x10FFFF else { throw .malformed(offset: index, .invalidCharacterReference) }
        }
        guard OfficeXMLText.isXMLCharacter(scalar) else { throw .malformed(offset: index, .invalidCharacterReference) }
        return (scalar, end + 1)
    }
}
