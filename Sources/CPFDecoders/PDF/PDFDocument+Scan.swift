// The scan of a broken PDF file, as PDF readers do it: every `N G obj`
// header found, and the entries and the trailer rebuilt from them (the
// catalog found when no trailer names it).

extension PDFDocument {
    /// The offset of every `N G obj` header of the file (the last one of a
    /// number wins, as the newest update).
    func scannedOffsets() throws(PDFError) -> [Int: Int] {
        if let scanned { return scanned }
        var found: [Int: Int] = [:]
        let o = UInt8(ascii: "o")
        // Windows overlap by the 3 bytes of `obj` and the one after it.
        try forEachWindow(from: 0, overlap: 4) { (window) throws(PDFError) -> Bool in
            let bytes = window.bytes
            var local = window.start == 0 ? 0 : 1
            while local + 3 <= bytes.count {
                let index = window.start + local
                let isLast = index + 3 == count
                if bytes[local] == o && bytes[local + 1] == UInt8(ascii: "b") && bytes[local + 2] == UInt8(ascii: "j")
                    && (isLast || (local + 3 < bytes.count && !PDFParser.isRegular(bytes[local + 3])))
                    && index > 0 && PDFParser.isWhitespace(local > 0 ? bytes[local - 1] : byte(at: index - 1) ?? 0x41),
                    let (number, start) = headerBefore(index, in: window)
                {
                    found[number] = start
                    guard found.count <= Self.maximumEntries else {
                        throw .tooComplex("more than \(Self.maximumEntries) objects")
                    }
                }
                local += 1
            }
            return true
        }
        scanned = found
        return found
    }

    /// The object number and the offset of `N G` before the `obj` at `index`.
    private func headerBefore(_ index: Int, in window: PDFWindow) -> (Int, Int)? {
        var at = index - 1
        func byte(_ offset: Int) -> UInt8 {
            offset >= window.start && offset < window.end ? window[offset] : self.byte(at: offset) ?? 0
        }
        func skipSpaces() { while at >= 0 && PDFParser.isWhitespace(byte(at)) { at -= 1 } }
        func skipDigits() -> Int {
            var count = 0
            while at >= 0 && byte(at) >= 0x30 && byte(at) <= 0x39 && count < 12 {
                at -= 1
                count += 1
            }
            return count
        }
        skipSpaces()
        guard skipDigits() > 0 else { return nil }
        guard at >= 0, PDFParser.isWhitespace(byte(at)) else { return nil }
        skipSpaces()
        let digits = skipDigits()
        guard digits > 0 else { return nil }
        if at >= 0 && PDFParser.isRegular(byte(at)) { return nil }
        var number = 0
        for offset in 1...digits { number = number * 10 + Int(byte(at + offset) - 0x30) }
        return (number, at + 1)
    }

    /// Rebuilds the entries and the trailer from a scan of the file.
    func rebuildFromScan() throws(PDFError) {
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
        if let at = lastKeyword(Array("trailer".utf8)),
            case .dictionary(let dictionary)? = try? parse(
                at: at + 7,
                { (parser, _) throws(PDFError) in
                    try parser.parseObject()
                })
        {
            candidates.append(dictionary)
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
        // Windows from the end of the file back, each overlapping the next by the word's length.
        var end = count
        while end >= word.count {
            let start = max(0, end - scanWindowSize)
            guard let window = try? window(at: start, length: end - start) else { return nil }
            var index = min(end, window.end) - word.count
            while index >= start {
                if window[index] == word[0] && match(word, at: index) { return index }
                index -= 1
            }
            guard start > 0 else { return nil }
            end = start + word.count - 1
        }
        return nil
    }
}
