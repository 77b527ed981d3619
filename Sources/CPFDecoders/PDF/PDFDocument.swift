/// The objects of a PDF file held in memory (ISO 32000-1, 7.5): the
/// cross-reference tables and streams (with incremental updates through
/// /Prev and hybrid files' /XRefStm), object streams, stream filters, and,
/// when the cross-reference data is broken, a scan of the whole file for
/// `N G obj` headers, as PDF readers do.
///
/// Bounds: at most ``maximumSections`` cross-reference sections,
/// ``maximumEntries`` entries, ``maximumObjectsParsed`` objects parsed;
/// every decoded stream, and their total, is checked against the
/// ``DecompressionLimits``.
///
/// ```swift
/// let document = try PDFDocument(bytes, limits: .default)
/// let catalog = try document.resolve(document.trailer["Root"] ?? .null)
/// ```
final class PDFDocument {
    static let maximumSections = 1024
    static let maximumEntries = 8_000_000
    static let maximumObjectsParsed = 2_000_000
    /// The highest object number a cross-reference section may start at
    /// (ISO 32000-1's practical limit is 8,388,607).
    static let maximumObjectNumber = 1 << 40
    /// The filter names this reader knows but does not decode; another name
    /// is reported as "unknown", so no text of the file reaches a message.
    static let knownFilters: Set<String> = [
        "CCITTFaxDecode", "JBIG2Decode", "DCTDecode", "JPXDecode", "Crypt",
    ]

    enum Entry: Equatable {
        case free
        case offset(Int)
        case compressed(stream: Int, index: Int)
    }

    private struct ObjectStream {
        var data: [UInt8]
        var first: Int
        var objects: [(number: Int, offset: Int)]
        /// Where each object number is in ``objects`` (the first time).
        var indexes: [Int: Int]
    }

    let bytes: UnsafeRawBufferPointer
    let limits: DecompressionLimits
    private(set) var entries: [Int: Entry] = [:]
    /// The newest trailer, with the keys of older ones it lacks.
    private(set) var trailer: [String: PDFObject] = [:]
    private var cache: [Int: PDFObject] = [:]
    private var objectStreams: [Int: ObjectStream] = [:]
    private var scanned: [Int: Int]?
    private var resolving: Set<Int> = []
    private var objectsParsed = 0
    private var decodedTotal = 0

    /// Reads the cross-reference data of `bytes` (which must outlive the
    /// document); falls back to a scan of the file when it is broken.
    /// Throws ``PDFError/encrypted`` when the trailer has /Encrypt.
    init(_ bytes: UnsafeRawBufferPointer, limits: DecompressionLimits) throws(PDFError) {
        self.bytes = bytes
        self.limits = limits
        do {
            try loadCrossReferences()
        } catch {
            if case .malformed = error {} else { throw error }
            entries = [:]
            trailer = [:]
        }
        if trailer["Root"] == nil || (try? resolve(trailer["Root"]!))?.dictionary == nil {
            try rebuildFromScan()
        }
        if let encrypt = trailer["Encrypt"], encrypt != .null { throw .encrypted }
        guard trailer["Root"] != nil else { throw .malformed("no document catalog") }
    }

    // MARK: Cross-reference data

    private func loadCrossReferences() throws(PDFError) {
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
            guard let previous = section["Prev"]?.integer, previous >= 0, previous < bytes.count else { break }
            offset = previous
        }
        if seen.count >= Self.maximumSections { throw .tooComplex("more than \(Self.maximumSections) updates") }
    }

    /// The offset `startxref` names, from the last 1024 bytes.
    private func findStartXref() -> Int? {
        let keyword = Array("startxref".utf8)
        var index = bytes.count - keyword.count
        let lowest = max(0, bytes.count - 1024 - keyword.count)
        while index >= lowest {
            if bytes[index] == keyword[0] && match(keyword, at: index) {
                var parser = PDFParser(bytes, at: index + keyword.count)
                if case .object(.integer(let offset))? = parser.nextToken(), offset >= 0, offset < bytes.count {
                    return offset
                }
                return nil
            }
            index -= 1
        }
        return nil
    }

    private func match(_ word: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + word.count <= bytes.count else { return false }
        for (offset, byte) in word.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    /// Reads one section (a table and its trailer, or a cross-reference
    /// stream), adding the entries not already known; returns its trailer.
    private func readSection(at offset: Int) throws(PDFError) -> [String: PDFObject] {
        var parser = PDFParser(bytes, at: offset)
        parser.skipWhitespace()
        if match(Array("xref".utf8), at: parser.position) {
            parser.position += 4
            return try readTable(&parser)
        }
        let (_, object) = try parseIndirectObject(at: offset, expecting: nil)
        guard case .stream(let dictionary, _) = object, dictionary["Type"]?.name == "XRef" else {
            throw .malformed("startxref points to no cross-reference data")
        }
        try readStreamEntries(object, into: &entries)
        return dictionary
    }

    private func readTable(_ parser: inout PDFParser) throws(PDFError) -> [String: PDFObject] {
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
        // A hybrid file's stream holds the objects its table leaves out.
        if let streamOffset = trailer["XRefStm"]?.integer, streamOffset >= 0, streamOffset < bytes.count,
            let (_, object) = try? parseIndirectObject(at: streamOffset, expecting: nil)
        {
            try readStreamEntries(object, into: &entries)
        }
        entries.merge(table) { older, _ in older }
        return trailer
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

    // MARK: Objects

    /// Follows references until an object that is none (a missing object,
    /// or a cycle, is null).
    func resolve(_ object: PDFObject) throws(PDFError) -> PDFObject {
        var current = object
        var hops = 0
        while case .reference(let number, _) = current {
            hops += 1
            if hops > 32 { return .null }
            current = try self.object(number)
        }
        return current
    }

    /// Object `number` of the file, or null when it does not exist.
    func object(_ number: Int) throws(PDFError) -> PDFObject {
        if let cached = cache[number] { return cached }
        guard !resolving.contains(number) else { return .null }
        objectsParsed += 1
        guard objectsParsed <= Self.maximumObjectsParsed else {
            throw .tooComplex("more than \(Self.maximumObjectsParsed) objects")
        }
        resolving.insert(number)
        defer { resolving.remove(number) }
        var result: PDFObject?
        do {
            switch entries[number] {
            case .offset(let offset)?:
                result = try parseIndirectObject(at: offset, expecting: number).1
            case .compressed(let stream, let index)?:
                result = try objectInStream(stream, index: index, number: number)
            case .free?, nil:
                break
            }
        } catch {
            guard case .malformed = error else { throw error }
        }
        if result == nil, let offset = try scannedOffsets()[number] {
            do {
                result = try parseIndirectObject(at: offset, expecting: number).1
            } catch {
                guard case .malformed = error else { throw error }
            }
        }
        let object = result ?? .null
        cache[number] = object
        return object
    }

    /// Parses `N G obj` and the object after it at `offset`, with the
    /// stream data's range when a stream follows.
    func parseIndirectObject(at offset: Int, expecting expected: Int?) throws(PDFError) -> (Int, PDFObject) {
        var parser = PDFParser(bytes, at: offset)
        guard case .object(.integer(let number))? = parser.nextToken(),
            case .object(.integer)? = parser.nextToken(),
            case .keyword("obj")? = parser.nextToken()
        else { throw .malformed("no object where the cross-reference data says") }
        if let expected, expected != number { throw .malformed("another object where the cross-reference data says") }
        let object = try parser.parseObject()
        guard case .dictionary(let dictionary) = object else { return (number, object) }
        let afterObject = parser.position
        guard case .keyword("stream")? = parser.nextToken() else {
            parser.position = afterObject
            return (number, object)
        }
        var start = parser.position
        if start < bytes.count && bytes[start] == 0x0D { start += 1 }
        if start < bytes.count && bytes[start] == 0x0A { start += 1 }
        var end: Int?
        if let length = (try? resolve(dictionary["Length"] ?? .null))?.integer, length >= 0,
            length <= bytes.count - start
        {
            var after = PDFParser(bytes, at: start + length)
            if case .keyword("endstream")? = after.nextToken() { end = start + length }
        }
        if end == nil {
            // A wrong /Length: the data ends before the first `endstream`.
            var found = findKeyword(Array("endstream".utf8), from: start) ?? bytes.count
            if found > start && bytes[found - 1] == 0x0A { found -= 1 }
            if found > start && bytes[found - 1] == 0x0D { found -= 1 }
            end = found
        }
        return (number, .stream(dictionary, start..<end!))
    }

    /// The last search for `endstream`: where it started and what it found,
    /// so that many streams without one cost one pass over the file, not one
    /// each.
    private var lastEndstreamSearch: (from: Int, found: Int?)?

    private func findKeyword(_ word: [UInt8], from start: Int) -> Int? {
        if let last = lastEndstreamSearch, start >= last.from, start <= (last.found ?? Int.max) {
            return last.found
        }
        let found = searchKeyword(word, from: start)
        lastEndstreamSearch = (start, found)
        return found
    }

    private func searchKeyword(_ word: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + word.count <= bytes.count {
            if bytes[index] == word[0] && match(word, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func objectInStream(_ stream: Int, index: Int, number: Int) throws(PDFError) -> PDFObject? {
        if objectStreams[stream] == nil {
            let object = try self.object(stream)
            guard case .stream(let dictionary, _) = object else { return nil }
            let data = try decodeStream(object)
            let count = max(0, dictionary["N"]?.integer ?? 0)
            let first = max(0, dictionary["First"]?.integer ?? 0)
            var objects: [(number: Int, offset: Int)] = []
            data.withUnsafeBytes { raw in
                var parser = PDFParser(raw)
                while objects.count < count,
                    case .object(.integer(let number))? = parser.nextToken(),
                    case .object(.integer(let offset))? = parser.nextToken()
                {
                    objects.append((number, offset))
                }
            }
            var indexes: [Int: Int] = [:]
            for (index, object) in objects.enumerated() where indexes[object.number] == nil {
                indexes[object.number] = index
            }
            objectStreams[stream] = ObjectStream(data: data, first: first, objects: objects, indexes: indexes)
        }
        guard let contents = objectStreams[stream] else { return nil }
        var at = index
        if at < 0 || at >= contents.objects.count || contents.objects[at].number != number {
            guard let found = contents.indexes[number] else { return nil }
            at = found
        }
        let (offset, overflow) = contents.first.addingReportingOverflow(contents.objects[at].offset)
        guard !overflow, offset >= 0, offset < contents.data.count else { return nil }
        let parsed = contents.data.withUnsafeBytes { raw in
            var parser = PDFParser(raw, at: offset)
            return Result { () throws(PDFError) in try parser.parseObject() }
        }
        return try parsed.get()
    }

    // MARK: The scan of a broken file

    /// The offset of every `N G obj` header of the file (the last one of a
    /// number wins, as the newest update).
    private func scannedOffsets() throws(PDFError) -> [Int: Int] {
        if let scanned { return scanned }
        var found: [Int: Int] = [:]
        var index = 0
        let o = UInt8(ascii: "o")
        while index + 3 <= bytes.count {
            if bytes[index] == o && bytes[index + 1] == UInt8(ascii: "b") && bytes[index + 2] == UInt8(ascii: "j")
                && (index + 3 == bytes.count || !PDFParser.isRegular(bytes[index + 3]))
                && index > 0 && PDFParser.isWhitespace(bytes[index - 1]),
                let (number, start) = headerBefore(index)
            {
                found[number] = start
                guard found.count <= Self.maximumEntries else {
                    throw .tooComplex("more than \(Self.maximumEntries) objects")
                }
            }
            index += 1
        }
        scanned = found
        return found
    }

    /// The object number and the offset of `N G` before the `obj` at `index`.
    private func headerBefore(_ index: Int) -> (Int, Int)? {
        var at = index - 1
        func skipSpaces() { while at >= 0 && PDFParser.isWhitespace(bytes[at]) { at -= 1 } }
        func skipDigits() -> Int {
            var count = 0
            while at >= 0 && bytes[at] >= 0x30 && bytes[at] <= 0x39 && count < 12 {
                at -= 1
                count += 1
            }
            return count
        }
        skipSpaces()
        guard skipDigits() > 0 else { return nil }
        guard at >= 0, PDFParser.isWhitespace(bytes[at]) else { return nil }
        skipSpaces()
        let digits = skipDigits()
        guard digits > 0 else { return nil }
        if at >= 0 && PDFParser.isRegular(bytes[at]) { return nil }
        var number = 0
        for offset in 1...digits { number = number * 10 + Int(bytes[at + offset] - 0x30) }
        return (number, at + 1)
    }

    /// Rebuilds the entries and the trailer from a scan of the file.
    private func rebuildFromScan() throws(PDFError) {
        let offsets = try scannedOffsets()
        var rebuilt: [Int: Entry] = [:]
        for (number, offset) in offsets { rebuilt[number] = .offset(offset) }
        // Keep the entries of the cross-reference data that point into
        // object streams: a scan does not see those objects.
        for (number, entry) in entries where rebuilt[number] == nil {
            if case .compressed = entry { rebuilt[number] = entry }
        }
        entries = rebuilt
        cache = [:]
        var candidates: [[String: PDFObject]] = []
        if let at = lastKeyword(Array("trailer".utf8)) {
            var parser = PDFParser(bytes, at: at + 7)
            if case .dictionary(let dictionary)? = try? parser.parseObject() { candidates.append(dictionary) }
        }
        var catalog: Int?
        for number in offsets.keys.sorted() {
            let object = try self.object(number)
            if case .stream(let dictionary, _) = object {
                if dictionary["Type"]?.name == "XRef" { candidates.append(dictionary) }
                if dictionary["Type"]?.name == "ObjStm" { try registerObjectStream(number, object) }
            } else if object["Type"]?.name == "Catalog", object["Pages"] != nil {
                catalog = number
            }
        }
        var chosen = candidates.first { $0["Root"] != nil } ?? candidates.first ?? [:]
        if let root = chosen["Root"], (try? resolve(root))?.dictionary == nil { chosen["Root"] = nil }
        if chosen["Root"] == nil, let catalog { chosen["Root"] = .reference(catalog, 0) }
        if chosen["Root"] == nil {
            // The catalog may sit in an object stream.
            for (number, entry) in entries {
                guard case .compressed = entry else { continue }
                let object = try self.object(number)
                if object["Type"]?.name == "Catalog", object["Pages"] != nil {
                    chosen["Root"] = .reference(number, 0)
                    break
                }
            }
        }
        if trailer["Encrypt"] != nil && chosen["Encrypt"] == nil { chosen["Encrypt"] = trailer["Encrypt"] }
        trailer = chosen
    }

    private func registerObjectStream(_ number: Int, _ object: PDFObject) throws(PDFError) {
        let data = try decodeStream(object)
        let count = max(0, object["N"]?.integer ?? 0)
        data.withUnsafeBytes { raw in
            var parser = PDFParser(raw)
            var index = 0
            while index < count,
                case .object(.integer(let contained))? = parser.nextToken(),
                case .object(.integer)? = parser.nextToken()
            {
                if entries[contained] == nil { entries[contained] = .compressed(stream: number, index: index) }
                index += 1
            }
        }
    }

    private func lastKeyword(_ word: [UInt8]) -> Int? {
        var index = bytes.count - word.count
        while index >= 0 {
            if bytes[index] == word[0] && match(word, at: index) { return index }
            index -= 1
        }
        return nil
    }

    // MARK: Streams

    /// The decoded data of a stream object (an empty array for any other
    /// object).
    func decodeStream(_ object: PDFObject) throws(PDFError) -> [UInt8] {
        guard case .stream(let dictionary, let range) = object else { return [] }
        let filterObject = try resolve(dictionary["Filter"] ?? dictionary["F"] ?? .null)
        var filters: [PDFObject] = filterObject.array ?? (filterObject == .null ? [] : [filterObject])
        let parameterObject = try resolve(dictionary["DecodeParms"] ?? dictionary["DP"] ?? .null)
        let parameters: [PDFObject] = parameterObject.array ?? [parameterObject]
        var data = Array(bytes[range])
        if filters.count > 16 { filters.removeLast(filters.count - 16) }
        for (index, filter) in filters.enumerated() {
            let name = (try resolve(filter)).name ?? ""
            let parameter = index < parameters.count ? try resolve(parameters[index]) : .null
            switch name {
            case "FlateDecode", "Fl":
                let remaining = DecompressionLimits(
                    maximumOutputSize: max(0, limits.maximumOutputSize - decodedTotal),
                    maximumRatio: limits.maximumRatio, ratioAllowance: limits.ratioAllowance)
                let inflated = data.withUnsafeBytes { raw in
                    Result { () throws(DecompressionLimitError) in
                        try ZlibDecoder.decompressLeniently(raw, limits: remaining)
                    }
                }
                switch inflated {
                case .success(let output):
                    data = output
                case .failure(let error):
                    if case .outputTooLarge = error {
                        throw .decompressionLimit(.outputTooLarge(limit: limits.maximumOutputSize))
                    }
                    throw .decompressionLimit(error)
                }
                data = try PDFPredictor.undo(data, parameters: parameter)
            case "LZWDecode", "LZW", "RunLengthDecode", "RL":
                let remaining = max(0, limits.maximumOutputSize - decodedTotal)
                do throws(DecompressionLimitError) {
                    if name.hasPrefix("L") {
                        let early = min(max(parameter["EarlyChange"]?.integer ?? 1, 0), 1)
                        data = try PDFLZWDecoder.decode(data, earlyChange: early, limit: remaining)
                    } else {
                        data = try PDFLZWDecoder.runLength(data, limit: remaining)
                    }
                } catch {
                    throw .decompressionLimit(.outputTooLarge(limit: limits.maximumOutputSize))
                }
                if name.hasPrefix("L") { data = try PDFPredictor.undo(data, parameters: parameter) }
            case "ASCIIHexDecode", "AHx":
                data = Self.asciiHexDecode(data)
            case "ASCII85Decode", "A85":
                data = Self.ascii85Decode(data)
            default:
                throw .unsupportedFilter(Self.knownFilters.contains(name) ? name : "(unknown)")
            }
        }
        decodedTotal += data.count
        do {
            try limits.check(output: decodedTotal, input: bytes.count)
        } catch {
            throw .decompressionLimit(error)
        }
        return data
    }

    static func asciiHexDecode(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(data.count / 2)
        var high: UInt8?
        for byte in data {
            if byte == UInt8(ascii: ">") { break }
            guard let value = PDFParser.hexValue(byte) else { continue }
            if let first = high {
                result.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        if let first = high { result.append(first << 4) }
        return result
    }

    static func ascii85Decode(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(data.count * 4 / 5)
        var group: UInt64 = 0
        var count = 0
        var index = 0
        if data.count >= 2 && data[0] == UInt8(ascii: "<") && data[1] == UInt8(ascii: "~") { index = 2 }
        while index < data.count {
            let byte = data[index]
            index += 1
            if byte == UInt8(ascii: "~") { break }
            if byte == UInt8(ascii: "z") && count == 0 {
                result.append(contentsOf: [0, 0, 0, 0])
                continue
            }
            guard byte >= 0x21 && byte <= 0x75 else { continue }
            group = group * 85 + UInt64(byte - 0x21)
            count += 1
            if count == 5 {
                let value = UInt32(truncatingIfNeeded: group)
                result.append(contentsOf: [
                    UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                    UInt8(truncatingIfNeeded: value),
                ])
                group = 0
                count = 0
            }
        }
        if count > 1 {
            for _ in count..<5 { group = group * 85 + 84 }
            let value = UInt32(truncatingIfNeeded: group)
            let all = [
                UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value),
            ]
            result.append(contentsOf: all[0..<count - 1])
        }
        return result
    }
}
