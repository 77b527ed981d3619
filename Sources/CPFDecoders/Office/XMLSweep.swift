/// Everything an XML part holds as text, whatever the element: every
/// attribute value, every run of character data, every CDATA section and
/// every comment, each on a line of its own, references decoded.
///
/// A reader of a document shows only some of a part's text (the text
/// elements ``OfficeXMLText`` reads); the rest is still in the file: field
/// codes, formulas, data-validation prompts, alternative text, a sheet's
/// name, a number cell's stored value, a link's target. The sweep is how
/// `find` and `redact` look at all of it, so that what a reader does not
/// show is not what a privacy tool passes over.
///
/// - Each value becomes one line: an attribute value, the character data
///   between two tags (white space only is left out), a CDATA section's
///   contents, a comment's, a processing instruction's. A line break inside
///   a value stays, so a value may take several lines.
/// - `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and character references
///   (`&#51;`, `&#x33;`) are decoded to UTF-8; any other reference, or one
///   that names no character, is kept as written.
/// - The reading never fails: markup that is not well formed (a tag that
///   does not end, an attribute without quotes) is read as far as it goes,
///   and what is left is taken as character data. Bytes are not checked
///   for UTF-8.
///
/// ```swift
/// let xml = Array(#"<c r="A1"><f>"529.982.247-25"</f><v>0</v></c>"#.utf8)
/// let text = xml.withUnsafeBytes { XMLSweep.text(of: $0) }
/// // "A1\n\"529.982.247-25\"\n0\n"
/// ```
///
/// - Complexity: O(*n*) in the size of the part.
public enum XMLSweep {
    /// The sweep of `xml`: its values, a line feed after each.
    public static func text(of xml: UnsafeRawBufferPointer) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(xml.count / 2)
        var index = 0
        let count = xml.count
        while index < count {
            if xml[index] != UInt8(ascii: "<") {
                var end = index
                while end < count, xml[end] != UInt8(ascii: "<") { end += 1 }
                appendValue(xml, index..<end, decoding: true, skippingBlank: true, to: &output)
                index = end
                continue
            }
            if startsWith(xml, at: index, "<!--") {
                let end = find(xml, "-->", from: index + 4)
                appendValue(xml, index + 4..<(end ?? count), decoding: false, skippingBlank: true, to: &output)
                index = end.map { $0 + 3 } ?? count
            } else if startsWith(xml, at: index, "<![CDATA[") {
                let end = find(xml, "]]>", from: index + 9)
                appendValue(xml, index + 9..<(end ?? count), decoding: false, skippingBlank: true, to: &output)
                index = end.map { $0 + 3 } ?? count
            } else if startsWith(xml, at: index, "<?") {
                let end = find(xml, "?>", from: index + 2)
                appendValue(xml, index + 2..<(end ?? count), decoding: false, skippingBlank: true, to: &output)
                index = end.map { $0 + 2 } ?? count
            } else if startsWith(xml, at: index, "<!") {
                // A document type declaration: its internal subset may hold entity values.
                let end = find(xml, ">", from: index + 2)
                appendValue(xml, index + 2..<(end ?? count), decoding: false, skippingBlank: true, to: &output)
                index = end.map { $0 + 1 } ?? count
            } else {
                index = tag(xml, from: index + 1, to: &output)
            }
        }
        return output
    }

    /// Reads the tag whose name starts at `start`, appending its attribute
    /// values; returns the index after its `>` (or the end).
    private static func tag(_ xml: UnsafeRawBufferPointer, from start: Int, to output: inout [UInt8]) -> Int {
        var index = start
        let count = xml.count
        while index < count {
            let byte = xml[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var end = index + 1
                while end < count, xml[end] != byte { end += 1 }
                appendValue(xml, index + 1..<end, decoding: true, skippingBlank: false, to: &output)
                index = min(end + 1, count)
                continue
            }
            index += 1
        }
        return count
    }

    /// Appends the bytes of `range`, references decoded when `decoding`,
    /// then a line feed; nothing for an empty value, or a blank one when
    /// `skippingBlank`.
    private static func appendValue(
        _ xml: UnsafeRawBufferPointer, _ range: Range<Int>, decoding: Bool, skippingBlank: Bool,
        to output: inout [UInt8]
    ) {
        guard !range.isEmpty else { return }
        if skippingBlank, !range.contains(where: { !isSpace(xml[$0]) }) { return }
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = xml[index]
            if decoding, byte == UInt8(ascii: "&"),
                let (scalar, next) = reference(xml, at: index, end: range.upperBound)
            {
                appendUTF8(scalar, to: &output)
                index = next
                continue
            }
            output.append(byte)
            index += 1
        }
        output.append(0x0A)
    }

    /// The character of the reference at `index` and the index after it,
    /// or nil when it is not one of the five named references or a
    /// character reference to a scalar value.
    private static func reference(_ xml: UnsafeRawBufferPointer, at index: Int, end: Int) -> (UInt32, Int)? {
        var semicolon = index + 1
        while semicolon < end, semicolon - index <= 12, xml[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < end, xml[semicolon] == UInt8(ascii: ";") else { return nil }
        let name = UnsafeRawBufferPointer(rebasing: xml[index + 1..<semicolon])
        for (literal, scalar) in [("lt", 0x3C), ("gt", 0x3E), ("amp", 0x26), ("quot", 0x22), ("apos", 0x27)]
        where name.elementsEqual(literal.utf8) {
            return (UInt32(scalar), semicolon + 1)
        }
        guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
        let hexadecimal = name[1] == UInt8(ascii: "x")
        let digits = name.dropFirst(hexadecimal ? 2 : 1)
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            let figure: UInt32
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): figure = UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal:
                figure = UInt32(digit - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal:
                figure = UInt32(digit - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value * (hexadecimal ? 16 : 10) + figure
            if value > 0x10FFFF { return nil }
        }
        guard Unicode.Scalar(value) != nil else { return nil }
        return (value, semicolon + 1)
    }

    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(scalar) else { return }
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func startsWith(_ xml: UnsafeRawBufferPointer, at index: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= xml.count else { return false }
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where xml[index + offset] != bytes[offset] { return false }
        return true
    }

    /// The index of the first `literal` at or after `start`, or nil.
    private static func find(_ xml: UnsafeRawBufferPointer, _ literal: StaticString, from start: Int) -> Int? {
        var index = start
        while index < xml.count {
            if startsWith(xml, at: index, literal) { return index }
            index += 1
        }
        return nil
    }
}
