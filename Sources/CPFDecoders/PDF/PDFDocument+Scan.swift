// The scan of a broken PDF file, as PDF readers do it: every `N G obj`
// header found, and the entries and the trailer rebuilt from them (the
// catalog found when no trailer names it).

extension PDFDocument {
    /// The offset of every `N G obj` header of the file (the last one of a
    /// number wins, as the newest update).
    func scannedOffsets() throws(PDFError) -> [Int: Int] {
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
}
