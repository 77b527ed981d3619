// The cross-reference data of a PDF file (ISO 32000-1, 7.5.4 to 7.5.8):
// `startxref`, each section back through /Prev (a table with its trailer,
// or a cross-reference stream, and a hybrid file's /XRefStm), the entries
// of the newest section winning.

extension PDFDocument {
    func loadCrossReferences() throws(PDFError) {
        guard var offset = findStartXref() else { throw .malformed("no startxref") }
        var seen: Set<Int> = []
        var first = true
        while seen.count < Self.maximumSections, seen.insert(offset).inserted {
            let section = try readSection(at: offset)
            if first {
                trailer = section
                first = false
            } else {
                trailer.merge(section) { newer, _ in newer }
            }
            guard let previous = section["Prev"]?.integer, previous >= 0, previous < count else { break }
            offset = previous
        }
        if seen.count >= Self.maximumSections { throw .tooComplex("more than \(Self.maximumSections) updates") }
    }

    /// The offset `startxref` names, from the last 1024 bytes.
    private func findStartXref() -> Int? {
        let keyword = Array("startxref".utf8)
        let lowest = max(0, count - 1024 - keyword.count)
        guard let window = try? window(at: lowest, length: count - lowest) else { return nil }
        var index = count - keyword.count
        while index >= lowest {
            if window[index] == keyword[0] && match(keyword, at: index) {
                let token =
                    (try? parse(at: index + keyword.count) { (parser, _) throws(PDFError) in parser.nextToken() })
                if case .object(.integer(let offset))? = token ?? nil, offset >= 0, offset < count {
                    return offset
                }
                return nil
            }
            index -= 1
        }
        return nil
    }

    /// Reads one section (a table and its trailer, or a cross-reference
    /// stream), adding the entries not already known; returns its trailer.
    private func readSection(at offset: Int) throws(PDFError) -> [String: PDFObject] {
        let table = try parse(at: offset) { (parser, start) throws(PDFError) -> Int? in
            parser.skipWhitespace()
            return parser.position + start
        }
        if let table, match(Array("xref".utf8), at: table) {
            return try readTable(at: table + 4)
        }
        let (_, object) = try parseIndirectObject(at: offset, expecting: nil)
        guard case .stream(let dictionary, _) = object, dictionary["Type"]?.name == "XRef" else {
            throw .malformed("startxref points to no cross-reference data")
        }
        try readStreamEntries(object, into: &entries)
        return dictionary
    }

    private func readTable(at offset: Int) throws(PDFError) -> [String: PDFObject] {
        // Parsed again in a larger window when the table goes on past the window's end.
        let (table, trailer) = try parse(at: offset) {
            (parser, _) throws(PDFError) -> ([Int: Entry], [String: PDFObject]) in
            try readTable(&parser)
        }
        // A hybrid file's stream holds the objects its table leaves out.
        if let streamOffset = trailer["XRefStm"]?.integer, streamOffset >= 0, streamOffset < count,
            let (_, object) = try? parseIndirectObject(at: streamOffset, expecting: nil)
        {
            try readStreamEntries(object, into: &entries)
        }
        entries.merge(table) { older, _ in older }
        return trailer
    }

    private func readTable(_ parser: inout PDFParser) throws(PDFError) -> ([Int: Entry], [String: PDFObject]) {
        var table: [Int: Entry] = [:]
        while true {
            guard let token = parser.nextToken() else { throw .malformed("cross-reference table without trailer") }
            if token == .keyword("trailer") { break }
            guard case .object(.integer(let start)) = token, start >= 0, start <= Self.maximumObjectNumber,
                case .object(.integer(let count))? = parser.nextToken(), count >= 0
            else { throw .malformed("bad cross-reference subsection") }
            guard count <= Self.maximumEntries - entries.count - table.count else {
                throw .tooComplex("more than \(Self.maximumEntries) cross-reference entries")
            }
            for number in start..<start + count {
                guard case .object(.integer(let offset))? = parser.nextToken(),
                    case .object(.integer)? = parser.nextToken(),
                    case .keyword(let kind)? = parser.nextToken()
                else { throw .malformed("bad cross-reference entry") }
                if table[number] == nil { table[number] = kind == "n" && offset > 0 ? .offset(offset) : .free }
            }
        }
        guard case .dictionary(let trailer) = try parser.parseObject() else { throw .malformed("bad trailer") }
        return (table, trailer)
    }

    private func readStreamEntries(_ object: PDFObject, into known: inout [Int: Entry]) throws(PDFError) {
        guard case .stream(let dictionary, _) = object else { return }
        let data = try decodeStream(object)
        let widths = (dictionary["W"]?.array ?? []).map { $0.integer ?? -1 }
        guard widths.count == 3, widths.allSatisfy({ $0 >= 0 && $0 <= 8 }) else {
            throw .malformed("bad /W in a cross-reference stream")
        }
        let rowLength = widths.reduce(0, +)
        guard rowLength > 0 else { throw .malformed("bad /W in a cross-reference stream") }
        let size = dictionary["Size"]?.integer ?? 0
        var index = (dictionary["Index"]?.array ?? [.integer(0), .integer(size)]).map { $0.integer ?? -1 }
        if index.count % 2 != 0 { index.removeLast() }
        var row = 0
        func field(_ start: Int, _ width: Int) -> Int {
            var value = 0
            for offset in 0..<width { value = value << 8 | Int(data[start + offset]) }
            return value
        }
        for pair in stride(from: 0, to: index.count, by: 2) {
            let start = index[pair]
            let count = index[pair + 1]
            guard start >= 0, start <= Self.maximumObjectNumber, count >= 0 else {
                throw .malformed("bad /Index in a cross-reference stream")
            }
            guard count <= Self.maximumEntries - known.count else {
                throw .tooComplex("more than \(Self.maximumEntries) cross-reference entries")
            }
            for number in start..<start + count {
                guard (row + 1) * rowLength <= data.count else { return }
                let at = row * rowLength
                row += 1
                let kind = widths[0] == 0 ? 1 : field(at, widths[0])
                let second = field(at + widths[0], widths[1])
                let third = field(at + widths[0] + widths[1], widths[2])
                guard known[number] == nil else { continue }
                switch kind {
                case 1: known[number] = second > 0 ? .offset(second) : .free
                case 2: known[number] = .compressed(stream: second, index: third)
                default: known[number] = .free
                }
            }
        }
    }
}
