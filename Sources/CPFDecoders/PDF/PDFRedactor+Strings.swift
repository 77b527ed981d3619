// The texts a PDF keeps beside its pages that PDFRedactor rewrites through
// its `rewriting` closure: the document information, the XMP packet, the
// annotations, the bookmarks, the form fields and the structure tree.

extension PDFRedactor {
    /// The keys of a page's annotation whose strings are rewritten.
    static let annotationKeys: Set<String> = ["Contents", "T", "Subj", "RC"]
    /// The keys of a form field (ISO 32000-1, 12.7.3) whose strings are
    /// rewritten: its names, values, options, rich text value and the
    /// captions of its appearance characteristics (/MK).
    static let fieldKeys: Set<String> = ["T", "TU", "TM", "V", "DV", "Opt", "RV", "MK"]
    /// The keys of a structure element (ISO 32000-1, 14.7.2 and 14.9.3)
    /// whose strings are rewritten, and /K, its direct children.
    static let structureKeys: Set<String> = ["Alt", "ActualText", "E", "T", "K"]

    /// Rewrites, through `rewriting`, the texts the file keeps beside its
    /// pages (see ``redact(_:matches:rewriting:)``) into `writer`'s
    /// replacements; returns how many objects changed.
    static func rewriteStrings(
        of document: PDFDocument, pages: [PDFTextExtractor.Page], into writer: inout PDFWriter,
        rewriting: ([UInt8]) -> [UInt8]?
    ) throws(PDFError) -> Int {
        var changed = 0
        func rewrite(_ number: Int, keys: Set<String>?) throws(PDFError) {
            guard case .dictionary(var dictionary) = try writer.object(number) else { return }
            var any = false
            for (key, value) in dictionary where keys?.contains(key) ?? true {
                guard let new = rewritten(value, rewriting: rewriting) else { continue }
                dictionary[key] = new
                any = true
            }
            if any {
                writer.replacements[number] = .object(.dictionary(dictionary))
                changed += 1
            }
        }
        if case .reference(let number, _)? = writer.trailer["Info"] { try rewrite(number, keys: nil) }
        let catalog = try document.resolve(document.trailer["Root"] ?? .null)
        if case .reference(let number, _)? = catalog["Metadata"],
            case .stream(var dictionary, _) = try document.object(number),
            let new = rewriting(try document.decodeStream(try document.object(number)))
        {
            for key in ["Length", "Filter", "DecodeParms", "DL"] { dictionary[key] = nil }
            writer.replacements[number] = .stream(dictionary, data: new, compressed: false)
            changed += 1
        }
        for page in pages {
            for annotation in try document.resolve(try page.dictionary(in: document)["Annots"] ?? .null).array ?? [] {
                if case .reference(let number, _) = annotation { try rewrite(number, keys: annotationKeys) }
            }
        }
        for number in try fields(of: document) { try rewrite(number, keys: fieldKeys.union(annotationKeys)) }
        // The bookmarks: each item's children from /First along /Next.
        var pending: [PDFObject] = [try document.resolve(catalog["Outlines"] ?? .null)["First"] ?? .null]
        var visited: Set<Int> = []
        while let item = pending.popLast(), visited.count < PDFDocument.maximumObjectsParsed {
            guard case .reference(let number, _) = item, visited.insert(number).inserted else { continue }
            let outline = try document.object(number)
            try rewrite(number, keys: ["Title"])
            pending += [outline["Next"] ?? .null, outline["First"] ?? .null]
        }
        // The structure tree: each element's alternate, actual and expanded texts and title.
        visited = []
        pending = [try document.resolve(catalog["StructTreeRoot"] ?? .null)["K"] ?? .null]
        while let item = pending.popLast(), visited.count < PDFDocument.maximumObjectsParsed {
            switch item {
            case .reference(let number, _):
                guard visited.insert(number).inserted else { continue }
                let element = try document.object(number)
                guard element.dictionary != nil, element["Type"]?.name ?? "StructElem" == "StructElem" else {
                    continue
                }
                try rewrite(number, keys: structureKeys)
                pending.append(element["K"] ?? .null)
            case .array(let items): pending += items.prefix(1_000_000)
            case .dictionary(let entries): pending.append(entries["K"] ?? .null)
            default: break
            }
        }
        return changed
    }

    /// The object numbers of the form fields of `document` and their
    /// widgets: the catalog's /AcroForm /Fields and, through /Kids, every
    /// field under them (ISO 32000-1, 12.7.3.1).
    static func fields(of document: PDFDocument) throws(PDFError) -> [Int] {
        let catalog = try document.resolve(document.trailer["Root"] ?? .null)
        let form = try document.resolve(catalog["AcroForm"] ?? .null)
        var pending = try document.resolve(form["Fields"] ?? .null).array ?? []
        var numbers: [Int] = []
        var visited: Set<Int> = []
        while let item = pending.popLast(), visited.count < PDFDocument.maximumObjectsParsed {
            guard case .reference(let number, _) = item, visited.insert(number).inserted else { continue }
            numbers.append(number)
            let field = try document.object(number)
            pending += (try document.resolve(field["Kids"] ?? .null).array ?? []).prefix(1_000_000)
        }
        return numbers
    }

    /// `value` with its strings rewritten through `rewriting`: a string
    /// (not a date), the strings of an array and of a dictionary written in
    /// it, to 16 levels, never through a reference; nil when nothing
    /// changed.
    ///
    /// ```swift
    /// PDFRedactor.rewritten(.array([.string(Array("a 1".utf8)), .integer(1)])) { _ in Array("b".utf8) }
    /// // .array([.string([0x62]), .integer(1)])
    /// ```
    static func rewritten(_ value: PDFObject, rewriting: ([UInt8]) -> [UInt8]?, depth: Int = 0) -> PDFObject? {
        guard depth < 16 else { return nil }
        switch value {
        case .string(let bytes):
            guard !PDFSweep.isDate(bytes), let new = rewriting(PDFSweep.textUTF8(bytes)) else { return nil }
            return .string(textString(new, like: bytes))
        case .array(var items):
            var any = false
            for (index, item) in items.enumerated() {
                guard let new = rewritten(item, rewriting: rewriting, depth: depth + 1) else { continue }
                items[index] = new
                any = true
            }
            return any ? .array(items) : nil
        case .dictionary(var entries):
            var any = false
            for (key, item) in entries {
                guard let new = rewritten(item, rewriting: rewriting, depth: depth + 1) else { continue }
                entries[key] = new
                any = true
            }
            return any ? .dictionary(entries) : nil
        default:
            return nil
        }
    }
}
