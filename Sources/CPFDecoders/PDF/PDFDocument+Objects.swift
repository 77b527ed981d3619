// The objects of a PDF file: references followed, each object parsed once
// (from its offset, from an object stream, or from the scan when the
// cross-reference data is wrong), and a stream's data found even when its
// /Length is wrong.

extension PDFDocument {
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
        if cache.count >= Self.cachedObjects { cache.removeAll(keepingCapacity: true) }
        cache[number] = object
        return object
    }

    /// Parses `N G obj` and the object after it at `offset`, with the
    /// stream data's range when a stream follows.
    func parseIndirectObject(at offset: Int, expecting expected: Int?) throws(PDFError) -> (Int, PDFObject) {
        let (number, object, streamKeywordEnd) = try parse(at: offset) {
            (parser, start) throws(PDFError) -> (Int, PDFObject, Int?) in
            guard case .object(.integer(let number))? = parser.nextToken(),
                case .object(.integer)? = parser.nextToken(),
                case .keyword("obj")? = parser.nextToken()
            else { throw .malformed("no object where the cross-reference data says") }
            if let expected, expected != number {
                throw .malformed("another object where the cross-reference data says")
            }
            let object = try parser.parseObject()
            guard case .dictionary = object else { return (number, object, nil) }
            let afterObject = parser.position
            guard case .keyword("stream")? = parser.nextToken() else {
                parser.furthest = max(parser.furthest, parser.position)
                parser.position = afterObject
                return (number, object, nil)
            }
            return (number, object, start + parser.position)
        }
        guard var start = streamKeywordEnd, case .dictionary(let dictionary) = object else { return (number, object) }
        if byte(at: start) == 0x0D { start += 1 }
        if byte(at: start) == 0x0A { start += 1 }
        var end: Int?
        if let length = (try? resolve(dictionary["Length"] ?? .null))?.integer, length >= 0,
            length <= count - start
        {
            let after = try? parse(at: start + length) { (parser, _) throws(PDFError) in parser.nextToken() }
            if case .keyword("endstream")? = after ?? nil { end = start + length }
        }
        if end == nil {
            // A wrong /Length: the data ends before the first `endstream`.
            var found = findKeyword(Array("endstream".utf8), from: start) ?? count
            if found > start && byte(at: found - 1) == 0x0A { found -= 1 }
            if found > start && byte(at: found - 1) == 0x0D { found -= 1 }
            end = found
        }
        return (number, .stream(dictionary, start..<end!))
    }

    private func findKeyword(_ word: [UInt8], from start: Int) -> Int? {
        if let last = lastEndstreamSearch, start >= last.from, start <= (last.found ?? Int.max) {
            return last.found
        }
        let found = searchKeyword(word, from: start)
        lastEndstreamSearch = (start, found)
        return found
    }

    /// The first `word` at `start` or after it, the file read in windows.
    func searchKeyword(_ word: [UInt8], from start: Int) -> Int? {
        var found: Int?
        try? forEachWindow(from: start, overlap: word.count - 1) { (window) throws(PDFError) -> Bool in
            let bytes = window.bytes
            var index = max(start, window.start) - window.start
            while index + word.count <= bytes.count {
                if bytes[index] == word[0]
                    && UnsafeRawBufferPointer(rebasing: bytes[index..<index + word.count]).elementsEqual(word)
                {
                    found = window.start + index
                    return false
                }
                index += 1
            }
            return true
        }
        return found
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
            if objectStreamBytes + data.count > Self.cachedObjectStreamBytes {
                objectStreams.removeAll()
                objectStreamBytes = 0
            }
            objectStreamBytes += data.count
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
}
