/// The operations of a content stream (ISO 32000-1, 7.8.2), one at a
/// time: each operator with the operands written before it, and where
/// they stand. Inline images (`BI … ID data EI`, 8.9.7) are skipped, their
/// data never read as operators.
///
/// What ``PDFContentInterpreter`` runs and what ``PDFRedactor`` rewrites
/// in marked content are read by this one reader, so both see the same
/// operations.
///
/// ```swift
/// var reader = PDFOperationReader(content)   // "/F1 12 Tf (CPF) Tj"
/// reader.next()?.name                        // "Tf"
/// reader.operands                            // [.name("F1"), .integer(12)]
/// reader.next()?.range                       // 10..<19: " (CPF) Tj"
/// ```
///
/// - Complexity: O(*n*) in the content, operands parsed once.
struct PDFOperationReader {
    /// The most operands kept before an operator: the last ones.
    static let maximumOperands = 4096

    /// The operands of the operator last returned by ``next()``, in order;
    /// an operand that cannot be parsed, or a stray `]` or `>>`, drops those
    /// before it.
    var operands: [PDFObject] = []
    /// The inline images skipped so far: the `/W` and `/H` (or `/Width`
    /// and `/Height`) their dictionaries give, 0 where they give none.
    private(set) var inlineImages: [(width: Int, height: Int)] = []
    private var parser: PDFParser
    private var operandStart = 0

    init(_ content: UnsafeRawBufferPointer) {
        parser = PDFParser(content)
    }

    /// The next operator, and the range of its operands and itself in the
    /// content, from the end of the operation before (the white space
    /// between them is the range's); nil at the end.
    mutating func next() -> (name: String, range: Range<Int>)? {
        operands.removeAll(keepingCapacity: true)
        while true {
            if operands.isEmpty { operandStart = parser.position }
            guard let token = parser.nextToken() else { return nil }
            switch token {
            case .keyword("BI"):
                inlineImages.append(Self.skipInlineImage(&parser))
                operands.removeAll(keepingCapacity: true)
            case .keyword(let name):
                return (name, operandStart..<parser.position)
            case .arrayEnd, .dictionaryEnd:
                operands.removeAll(keepingCapacity: true)
            default:
                guard let operand = try? parser.parseObject(startingWith: token, depth: 0) else {
                    operands.removeAll(keepingCapacity: true)
                    continue
                }
                if operands.count >= Self.maximumOperands { operands.removeFirst() }
                operands.append(operand)
            }
        }
    }

    /// Skips `BI ... ID data EI`: the data ends at the first `EI` between
    /// white space. Returns the size its dictionary gives (0 for a side it
    /// does not give).
    @discardableResult
    static func skipInlineImage(_ parser: inout PDFParser) -> (width: Int, height: Int) {
        var size = (width: 0, height: 0)
        var key: String?
        while let token = parser.nextToken() {
            if token == .keyword("ID") { break }
            if case .keyword = token { continue }
            guard let object = try? parser.parseObject(startingWith: token, depth: 0) else { continue }
            if let name = key {
                if name == "W" || name == "Width" { size.width = object.integer ?? 0 }
                if name == "H" || name == "Height" { size.height = object.integer ?? 0 }
                key = nil
            } else {
                key = object.name
            }
        }
        let bytes = parser.bytes
        var index = parser.position + 1
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "E") && bytes[index + 1] == UInt8(ascii: "I")
                && PDFParser.isWhitespace(bytes[index - 1])
                && (index + 2 == bytes.count || PDFParser.isWhitespace(bytes[index + 2]))
            {
                parser.position = index + 2
                return size
            }
            index += 1
        }
        parser.position = bytes.count
        return size
    }
}
