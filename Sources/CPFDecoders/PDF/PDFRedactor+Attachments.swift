// The files a PDF embeds (ISO 32000-1, 7.11.4 and 12.5.6.15): the catalog's
// /EmbeddedFiles name tree and the file attachment annotations, whose file
// specifications and plain text files PDFRedactor rewrites through its
// `rewriting` closure.

extension PDFRedactor {
    /// The keys of a file specification whose strings are rewritten.
    static let fileSpecificationKeys: Set<String> = ["F", "UF", "DOS", "Mac", "Unix", "Desc"]

    /// Rewrites, through `rewriting`, into `writer`, the files `document`
    /// embeds: the keys of the /EmbeddedFiles name tree (written again as
    /// one sorted node when one changes), and of each file specification
    /// there and in the pages' file attachment annotations (/FS) its /F,
    /// /UF, /DOS, /Mac, /Unix and /Desc and its embedded files (/EF). An
    /// embedded file that is plain text is written again (its /Params
    /// /Size set, its /CheckSum, an MD5 of the old bytes, dropped); one
    /// holding a match that is not text throws
    /// ``PDFRedactionError/binaryAttachment``. Returns how many objects
    /// changed.
    ///
    /// - Complexity: O(*n*) in the embedded files, each decoded once.
    static func rewriteAttachments(
        of document: PDFDocument, pages: [PDFTextExtractor.Page], into writer: inout PDFWriter,
        rewriting: ([UInt8]) -> [UInt8]?
    ) throws -> Int {
        guard case .reference(let root, _)? = document.trailer["Root"] else { return 0 }
        var changed = 0
        var done: Set<Int> = []
        /// `specification` rewritten: its object replaced when it is a
        /// reference (nil returned), else the new value or nil.
        func specification(_ value: PDFObject) throws -> PDFObject? {
            if case .reference(let number, _) = value {
                guard done.insert(number).inserted, let new = try rewrittenSpecification(try writer.object(number))
                else { return nil }
                writer.replacements[number] = .object(new)
                changed += 1
                return nil
            }
            return try rewrittenSpecification(value)
        }
        func rewrittenSpecification(_ value: PDFObject) throws -> PDFObject? {
            guard case .dictionary(var entries) = value else { return nil }
            var any = false
            for key in fileSpecificationKeys {
                guard let string = entries[key], let new = rewritten(string, rewriting: rewriting) else { continue }
                entries[key] = new
                any = true
            }
            for file in (try document.resolve(entries["EF"] ?? .null).dictionary ?? [:]).values {
                guard case .reference(let number, _) = file, done.insert(number).inserted else { continue }
                if try rewriteEmbeddedFile(number, of: document, into: &writer, rewriting: rewriting) { changed += 1 }
            }
            return any ? .dictionary(entries) : nil
        }
        if var entries = try nameTree("EmbeddedFiles", of: document) {
            var any = false
            for index in entries.indices {
                guard let new = try specification(entries[index].1) else { continue }
                entries[index].1 = new
                any = true
            }
            if let (renamed, _) = renamedEntries(entries, rewriting: rewriting) {
                entries = renamed
                any = true
            }
            if any {
                try setNameTree("EmbeddedFiles", to: entries, root: root, in: &writer)
                changed += 1
            }
        }
        for page in pages {
            for annotation in try document.resolve(try page.dictionary(in: document)["Annots"] ?? .null).array ?? [] {
                guard case .reference(let number, _) = annotation,
                    case .dictionary(var dictionary) = try writer.object(number), let file = dictionary["FS"],
                    let new = try specification(file)
                else { continue }
                dictionary["FS"] = new
                writer.replacements[number] = .object(.dictionary(dictionary))
                changed += 1
            }
        }
        return changed
    }

    /// Writes embedded file stream `number` again with its data rewritten,
    /// when it is plain text and `rewriting` changes it; returns whether it
    /// did. Throws ``PDFRedactionError/binaryAttachment`` when the data
    /// holds a match but is not text, and nothing when it cannot be
    /// decoded (the reading back of the file written judges it).
    static func rewriteEmbeddedFile(
        _ number: Int, of document: PDFDocument, into writer: inout PDFWriter, rewriting: ([UInt8]) -> [UInt8]?
    ) throws -> Bool {
        let stream = try document.object(number)
        guard case .stream(var dictionary, _) = stream else { return false }
        let data: [UInt8]
        do { data = try document.decodeStream(stream) } catch {
            if case .decompressionLimit = error { throw error }
            return false
        }
        guard let new = rewriting(data) else { return false }
        guard isPlainText(data) else { throw PDFRedactionError.binaryAttachment }
        for key in ["Length", "Filter", "DecodeParms", "DL", "F", "FFilter", "FDecodeParms"] { dictionary[key] = nil }
        if case .reference(let parameters, _)? = dictionary["Params"],
            case .dictionary(var entries) = try writer.object(parameters)
        {
            entries["Size"] = .integer(new.count)
            entries["CheckSum"] = nil
            writer.replacements[parameters] = .object(.dictionary(entries))
        } else if case .dictionary(var entries)? = dictionary["Params"] {
            entries["Size"] = .integer(new.count)
            entries["CheckSum"] = nil
            dictionary["Params"] = .dictionary(entries)
        }
        writer.replacements[number] = .stream(dictionary, data: new)
        return true
    }

    /// Whether `data` is plain text: no control character but tab, line
    /// feed, form feed and carriage return (bytes of UTF-8 and of the
    /// single-byte code pages are text).
    ///
    /// ```swift
    /// PDFRedactor.isPlainText(Array("CPF 390.533.447-05\n".utf8))   // true
    /// PDFRedactor.isPlainText([0x50, 0x4B, 0x03, 0x04, 0x00])        // false
    /// ```
    static func isPlainText(_ data: [UInt8]) -> Bool {
        data.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
    }
}
