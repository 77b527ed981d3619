/// Reads the PDF object syntax (ISO 32000-1, 7.2 and 7.3) from bytes: the
/// lexer of tokens and the parser of objects built on it, for the file
/// itself, object streams, content streams and CMaps.
///
/// Every nesting of arrays and dictionaries is bounded by
/// ``maximumDepth``; malformed input gives `nil` or a ``PDFError``, never
/// a crash.
///
/// ```swift
/// [UInt8]("<< /A [1 2 0 R] >>".utf8).withUnsafeBytes { bytes in
///     var parser = PDFParser(bytes)
///     let object = try parser.parseObject()   // .dictionary(["A": .array([.integer(1), .reference(2, 0)])])
/// }
/// ```
struct PDFParser {
    /// The deepest nesting of arrays and dictionaries read.
    static let maximumDepth = 64
    /// The longest string or name kept.
    static let maximumStringLength = 1 << 24

    /// One token: an object that stands alone, a bracket, or a keyword
    /// (an operator in a content stream, `obj`, `R`, `stream`...).
    enum Token: Equatable {
        case object(PDFObject)
        case arrayStart, arrayEnd, dictionaryStart, dictionaryEnd
        case keyword(String)
    }

    let bytes: UnsafeRawBufferPointer
    var position: Int
    /// The furthest a look ahead went before it stepped back (`N G R`).
    var furthest = 0

    init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = max(0, min(position, bytes.count))
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            true
        default: false
        }
    }

    static func isRegular(_ byte: UInt8) -> Bool { !isWhitespace(byte) && !isDelimiter(byte) }

    /// Skips white space and comments.
    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// Whether the parser looked at the end of its bytes (or went past
    /// it, stepping back after): what it read there may go on after them.
    /// ``PDFDocument`` reads a larger window of the file then.
    var reachedEnd: Bool { max(position, furthest) >= bytes.count }

    /// The next token, or nil at the end of the bytes.
    mutating func nextToken() -> Token? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "["):
            position += 1
            return .arrayStart
        case UInt8(ascii: "]"):
            position += 1
            return .arrayEnd
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "<") {
                position += 2
                return .dictionaryStart
            }
            return .object(.string(readHexString()))
        case UInt8(ascii: ">"):
            position += 1
            if position < bytes.count && bytes[position] == UInt8(ascii: ">") { position += 1 }
            return .dictionaryEnd
        case UInt8(ascii: "("):
            return .object(.string(readLiteralString()))
        case UInt8(ascii: "/"):
            position += 1
            return .object(.name(readName()))
        case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            position += 1
            return .keyword(String(UnicodeScalar(byte)))
        default:
            let start = position
            while position < bytes.count && Self.isRegular(bytes[position]) { position += 1 }
            let word = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
            if let number = Self.number(word) { return .object(number) }
            switch word.count {
            case 4 where word.elementsEqual("true".utf8): return .object(.bool(true))
            case 4 where word.elementsEqual("null".utf8): return .object(.null)
            case 5 where word.elementsEqual("false".utf8): return .object(.bool(false))
            default: return .keyword(String(decoding: word.prefix(64), as: UTF8.self))
            }
        }
    }

    /// A number token (`12`, `-3.5`, `.5`, `+7`), or nil when `word` is none.
    static func number(_ word: UnsafeRawBufferPointer) -> PDFObject? {
        guard let first = word.first,
            first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
                || (first >= 0x30 && first <= 0x39)
        else { return nil }
        var integer = 0
        var fraction = 0.0
        var scale = 1.0
        var seenDot = false
        var seenDigit = false
        var negative = false
        var overflow = false
        for (index, byte) in word.enumerated() {
            if byte >= 0x30 && byte <= 0x39 {
                seenDigit = true
                if seenDot {
                    if scale > 1e-15 {
                        scale /= 10
                        fraction += Double(byte - 0x30) * scale
                    }
                } else {
                    let (times, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (plus, o2) = times.addingReportingOverflow(Int(byte - 0x30))
                    overflow = overflow || o1 || o2
                    integer = plus
                }
            } else if byte == UInt8(ascii: ".") && !seenDot {
                seenDot = true
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && index == 0 {
                negative = byte == UInt8(ascii: "-")
            } else if byte == UInt8(ascii: "-") && index > 0 {
                // "1--2" and the like appear in broken files: read as far as the number goes.
                break
            } else {
                return nil
            }
        }
        guard seenDigit else { return seenDot || word.count == 1 ? .integer(0) : nil }
        if overflow { return .real(negative ? -1e18 : 1e18) }
        if seenDot {
            let value = Double(integer) + fraction
            return .real(negative ? -value : value)
        }
        return .integer(negative ? -integer : integer)
    }

    private mutating func readName() -> String {
        var scalars = String.UnicodeScalarView()
        while position < bytes.count && Self.isRegular(bytes[position]) {
            var byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "#"), position + 1 < bytes.count,
                let high = Self.hexValue(bytes[position]), let low = Self.hexValue(bytes[position + 1])
            {
                byte = high << 4 | low
                position += 2
            }
            if scalars.count < 256 { scalars.append(UnicodeScalar(byte)) }
        }
        return String(scalars)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private mutating func readHexString() -> [UInt8] {
        position += 1
        var result: [UInt8] = []
        var high: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") { break }
            guard let value = Self.hexValue(byte) else { continue }
            if let first = high {
                if result.count < Self.maximumStringLength { result.append(first << 4 | value) }
                high = nil
            } else {
                high = value
            }
        }
        if let first = high { result.append(first << 4) }
        return result
    }

    private mutating func readLiteralString() -> [UInt8] {
        position += 1
        var result: [UInt8] = []
        var depth = 1
        while position < bytes.count {
            var byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return result }
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return result }
                byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "t"): byte = 0x09
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "f"): byte = 0x0C
                case 0x0D:
                    if position < bytes.count && bytes[position] == 0x0A { position += 1 }
                    continue
                case 0x0A:
                    continue
                case 0x30...0x37:
                    var value = Int(byte - 0x30)
                    for _ in 0..<2 {
                        guard position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x37 else { break }
                        value = value * 8 + Int(bytes[position] - 0x30)
                        position += 1
                    }
                    byte = UInt8(truncatingIfNeeded: value)
                default:
                    break
                }
            default:
                break
            }
            if result.count < Self.maximumStringLength { result.append(byte) }
        }
        return result
    }

    /// Parses one object; `N G R` becomes a ``PDFObject/reference(_:_:)``.
    /// A keyword where an object should be throws, as does the end of the
    /// bytes.
    mutating func parseObject(depth: Int = 0) throws(PDFError) -> PDFObject {
        guard let token = nextToken() else { throw .malformed("unexpected end of data") }
        return try parseObject(startingWith: token, depth: depth)
    }

    mutating func parseObject(startingWith token: Token, depth: Int) throws(PDFError) -> PDFObject {
        guard depth < Self.maximumDepth else { throw .tooComplex("objects nested more than \(Self.maximumDepth) deep") }
        switch token {
        case .object(.integer(let number)):
            // `N G R`: look ahead two tokens, and step back unless they are a reference.
            let saved = position
            if number >= 0, case .object(.integer(let generation))? = nextToken(), generation >= 0,
                case .keyword("R")? = nextToken()
            {
                return .reference(number, generation)
            }
            furthest = max(furthest, position)
            position = saved
            return .integer(number)
        case .object(let object):
            return object
        case .arrayStart:
            var elements: [PDFObject] = []
            while true {
                guard let next = nextToken() else { throw .malformed("array without its end") }
                if next == .arrayEnd { return .array(elements) }
                if case .keyword = next { throw .malformed("unexpected keyword in an array") }
                elements.append(try parseObject(startingWith: next, depth: depth + 1))
            }
        case .dictionaryStart:
            var entries: [String: PDFObject] = [:]
            while true {
                guard let next = nextToken() else { throw .malformed("dictionary without its end") }
                if next == .dictionaryEnd { return .dictionary(entries) }
                guard case .object(.name(let key)) = next else { throw .malformed("dictionary key that is not a name") }
                guard let valueToken = nextToken() else { throw .malformed("dictionary without its end") }
                if valueToken == .dictionaryEnd {
                    entries[key] = .null
                    return .dictionary(entries)
                }
                if case .keyword = valueToken { throw .malformed("unexpected keyword in a dictionary") }
                entries[key] = try parseObject(startingWith: valueToken, depth: depth + 1)
            }
        case .arrayEnd, .dictionaryEnd:
            throw .malformed("unbalanced brackets")
        case .keyword(let word):
            _ = word
            throw .malformed("unexpected keyword where an object should be")
        }
    }
}
