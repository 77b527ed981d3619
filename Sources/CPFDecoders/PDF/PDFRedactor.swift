/// Removes text from the pages of a PDF and writes the document again as one
/// new complete file (``PDFWriter``): the glyphs of each match are taken out
/// of the text-showing operators that draw them (`Tj`, `TJ`, `'`, `"`, in
/// the pages' content and the form XObjects they draw), their advance kept
/// as a `TJ` displacement (from /Widths, /W or the standard 14 fonts'
/// metrics) so that nothing after them moves, and a rectangle of ``fill``
/// is painted over where they stood, last in the page's content.
///
/// The matches are found by the caller, on the text of the pages exactly as
/// ``PDFTextExtractor`` reads it. Fail-closed: a page showing a Type 3 font
/// or glyphs that map to no text, a glyph to remove without a known width,
/// a match whose glyphs cannot be traced, throw a ``PDFRedactionError``,
/// and nothing is written. Text elsewhere in the file (metadata,
/// annotations) is left as it is: the caller checks the file written.
///
/// ```swift
/// let redaction = try bytes.withUnsafeBytes { pdf in
///     try PDFRedactor().redact(pdf) { text in ranges(ofCPFsIn: text) }
/// }
/// redaction.pdf       // the new file, "%PDF-1.4\n…"
/// redaction.removed   // 1
/// ```
public struct PDFRedactor: Sendable {
    /// What is painted over the glyphs removed.
    public enum Fill: String, Sendable, CaseIterable {
        /// Nothing: the text is gone, the place left blank (`none` on the
        /// command line; not named `none`, which `Optional` has).
        case blank = "none"
        /// An opaque black rectangle.
        case black
        /// An opaque white rectangle.
        case white
    }

    /// A glyph removed from a string: where its bytes end, and the TJ
    /// number that keeps its advance.
    typealias Removal = (end: Int, displacement: Double)

    /// The file written, how many matches were removed from its pages, and
    /// how many strings and streams beside them were rewritten.
    public struct Redaction: Sendable {
        public var pdf: [UInt8]
        public var removed: Int
        public var rewritten = 0
    }

    /// The limits every decoded stream, and their total, are checked against.
    public let limits: DecompressionLimits
    public let fill: Fill

    /// A redactor reading with `limits` and painting `fill`.
    ///
    /// ```swift
    /// let redactor = PDFRedactor(fill: .white)
    /// ```
    public init(limits: DecompressionLimits = .default, fill: Fill = .black) {
        self.limits = limits
        self.fill = fill
    }

    /// `pdf` written again with the glyphs of `matches` removed from its
    /// pages. `matches` is given the text of the pages, as
    /// ``PDFTextExtractor/extractText(from:)`` reads it, and returns the
    /// byte ranges of it to remove, apart from each other.
    ///
    /// `rewriting` is given, as UTF-8, each text the file keeps beside its
    /// pages that this redactor rewrites: every string of the document
    /// information dictionary (but dates), the XMP metadata packet, the
    /// /Contents, /T, /Subj and /RC of the pages' annotations and the
    /// titles of the bookmarks; it returns the text to write instead, or
    /// nil to keep it.
    ///
    /// - Complexity: O(*n*) in the file and its decoded streams: the pages
    ///   are run twice, once to find the matches, once to find their glyphs.
    public func redact(
        _ pdf: UnsafeRawBufferPointer, matches: ([UInt8]) -> [Range<Int>],
        rewriting: ([UInt8]) -> [UInt8]? = { _ in nil }
    ) throws(PDFRedactionError) -> Redaction {
        do {
            return try redactPages(pdf, matches: matches, rewriting: rewriting)
        } catch let error as PDFRedactionError {
            throw error
        } catch let error as PDFError {
            throw .unreadable(error)
        } catch {
            throw .untraceable
        }
    }

    private func redactPages(
        _ pdf: UnsafeRawBufferPointer, matches: ([UInt8]) -> [Range<Int>], rewriting: ([UInt8]) -> [UInt8]?
    ) throws -> Redaction {
        let start = PDFTextExtractor.headerOffset(pdf) ?? 0
        let document = try PDFDocument(UnsafeRawBufferPointer(rebasing: pdf[start...]), limits: limits)
        let extractor = PDFTextExtractor(limits: limits)
        let pages = try extractor.pages(of: document)
        let reading = PDFContentInterpreter(document: document)
        try extractor.run(reading, pages: pages)
        let ranges = matches(reading.writer.output).filter { !$0.isEmpty }
        var writer = PDFWriter(document: document)
        let rewritten = try Self.rewriteStrings(of: document, pages: pages, into: &writer, rewriting: rewriting)
        guard !ranges.isEmpty else { return Redaction(pdf: try writer.write(), removed: 0, rewritten: rewritten) }
        // Again, the glyphs of the matches recorded.
        let recorder = PDFGlyphRecorder(matches: ranges)
        let interpreter = PDFContentInterpreter(document: document)
        interpreter.recorder = recorder
        var openStates: [Int] = []
        try extractor.run(interpreter, pages: pages) { _, _ in openStates.append(interpreter.savedStateCount) }
        if recorder.showsType3 { throw PDFRedactionError.type3Font }
        if recorder.showsUnmapped { throw PDFRedactionError.unmappedGlyphs }
        if recorder.matchIsVertical { throw PDFRedactionError.verticalText }
        guard Set(recorder.glyphs.map(\.match)).count == recorder.matches.count else {
            throw PDFRedactionError.untraceable
        }
        // The glyphs to remove, by operator and element; a form drawn twice records them twice.
        var removals: [Int: [Int: [Int: Removal]]] = [:]
        for glyph in recorder.glyphs {
            guard glyph.isWidthKnown, glyph.displacement.isFinite else { throw PDFRedactionError.unknownWidths }
            if let known = removals[glyph.operation]?[glyph.item]?[glyph.bytes.lowerBound] {
                guard abs(known.displacement - glyph.displacement) < 0.01 else {
                    throw PDFRedactionError.conflictingForms
                }
            }
            removals[glyph.operation, default: [:]][glyph.item, default: [:]][glyph.bytes.lowerBound] =
                (glyph.bytes.upperBound, glyph.displacement)
        }
        // The edits of each stream, in order.
        var edits: [PDFGlyphRecorder.Stream: [(range: Range<Int>, bytes: [UInt8])]] = [:]
        for (index, operation) in recorder.operations.enumerated() {
            guard let removed = removals[index] else { continue }
            edits[operation.stream, default: []].append((operation.range, Self.rewritten(operation, removed)))
        }
        for (stream, streamEdits) in edits {
            guard case .form(let number) = stream, case .stream(var dictionary, _) = try document.object(number) else {
                continue
            }
            let content = try document.decodeStream(try document.object(number))
            for key in ["Length", "Filter", "DecodeParms", "DL", "F", "FFilter", "FDecodeParms"] {
                dictionary[key] = nil
            }
            writer.replacements[number] = .stream(dictionary, data: Self.apply(streamEdits, to: content))
        }
        // Each page with a match: its content, edited, then the rectangles.
        let boxes = Dictionary(grouping: recorder.glyphs, by: \.page)
        for (index, page) in pages.enumerated() {
            guard edits[.page(index)] != nil || boxes[index] != nil else { continue }
            guard let number = page.number, var dictionary = try writer.object(number).dictionary else {
                throw PDFRedactionError.directPage
            }
            let content = try PDFTextExtractor.content(of: page, document: document)
            var data = Array("q\n".utf8)
            data += Self.apply(edits[.page(index)] ?? [], to: content)
            data += Array(String(repeating: "\nQ", count: 1 + openStates[index]).utf8)
            data += paint(boxes[index] ?? [])
            dictionary["Contents"] = .reference(writer.add(.stream([:], data: data)), 0)
            writer.replacements[number] = .object(.dictionary(dictionary))
        }
        return Redaction(pdf: try writer.write(), removed: recorder.matches.count, rewritten: rewritten)
    }

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
                guard case .string(let bytes) = value, !PDFSweep.isDate(bytes) else { continue }
                guard let new = rewriting(PDFSweep.textUTF8(bytes)) else { continue }
                dictionary[key] = .string(textString(new, like: bytes))
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
        let annotationKeys: Set<String> = ["Contents", "T", "Subj", "RC"]
        for page in pages {
            for annotation in try document.resolve(page.page["Annots"] ?? .null).array ?? [] {
                if case .reference(let number, _) = annotation { try rewrite(number, keys: annotationKeys) }
            }
        }
        // The bookmarks: each item's children from /First along /Next.
        var pending: [PDFObject] = [try document.resolve(catalog["Outlines"] ?? .null)["First"] ?? .null]
        var visited: Set<Int> = []
        while let item = pending.popLast(), visited.count < PDFDocument.maximumObjectsParsed {
            guard case .reference(let number, _) = item, visited.insert(number).inserted else { continue }
            let outline = try document.object(number)
            try rewrite(number, keys: ["Title"])
            pending += [outline["Next"] ?? .null, outline["First"] ?? .null]
        }
        return changed
    }

    /// UTF-8 `text` as a PDF text string in the form of `original`: UTF-8
    /// after its mark if it had one, else plain when it is ASCII, else
    /// UTF-16BE after `FE FF`.
    static func textString(_ text: [UInt8], like original: [UInt8]) -> [UInt8] {
        if original.starts(with: [0xEF, 0xBB, 0xBF]) { return [0xEF, 0xBB, 0xBF] + text }
        if text.allSatisfy({ $0 < 0x80 }) { return text }
        var output: [UInt8] = [0xFE, 0xFF]
        for unit in String(decoding: text, as: UTF8.self).utf16 { output += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return output
    }

    /// The operator `operation` with the glyphs of `removed` (by element of
    /// its TJ array, by offset in the string, their displacements) taken
    /// out: always a `TJ`, after `T*` for `'` and `"` (and `Tw`, `Tc` for
    /// `"`), with white space around it.
    static func rewritten(_ operation: PDFGlyphRecorder.Operation, _ removed: [Int: [Int: Removal]]) -> [UInt8] {
        var output: [UInt8] = [0x0A]
        var items: [PDFObject] = []
        let operands = operation.operands
        switch operation.name {
        case "TJ":
            for (index, item) in (operands.last?.array ?? []).enumerated() {
                if let string = item.string, let glyphs = removed[index] {
                    items += pieces(of: string, removing: glyphs)
                } else {
                    items.append(item)
                }
            }
        default:
            items = pieces(of: operands.last?.string ?? [], removing: removed[0] ?? [:])
        }
        if operation.name == "\"" && operands.count >= 3 {
            PDFWriter.serialize(operands[operands.count - 3], numbers: [:], into: &output)
            output += Array(" Tw ".utf8)
            PDFWriter.serialize(operands[operands.count - 2], numbers: [:], into: &output)
            output += Array(" Tc ".utf8)
        }
        if operation.name == "'" || operation.name == "\"" { output += Array("T* ".utf8) }
        PDFWriter.serialize(.array(items), numbers: [:], into: &output)
        output += Array(" TJ\n".utf8)
        return output
    }

    /// `string` split around the glyphs of `removed` (their bytes' ends
    /// and displacements, by where they start), each run of them a
    /// displacement (the sum of theirs).
    static func pieces(of string: [UInt8], removing removed: [Int: Removal]) -> [PDFObject] {
        var items: [PDFObject] = []
        var kept: [UInt8] = []
        var displacement: Double?
        var index = 0
        while index < string.count {
            if let removal = removed[index] {
                if !kept.isEmpty {
                    items.append(.string(kept))
                    kept = []
                }
                displacement = (displacement ?? 0) + removal.displacement
                index = max(index + 1, min(removal.end, string.count))
                continue
            }
            if let value = displacement {
                items.append(.real(value))
                displacement = nil
            }
            kept.append(string[index])
            index += 1
        }
        if !kept.isEmpty { items.append(.string(kept)) }
        if let value = displacement { items.append(.real(value)) }
        return items
    }

    /// `content` with each edit's bytes in place of its range.
    static func apply(_ edits: [(range: Range<Int>, bytes: [UInt8])], to content: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var at = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard edit.range.lowerBound >= at, edit.range.upperBound <= content.count else { continue }
            output += content[at..<edit.range.lowerBound]
            output += edit.bytes
            at = edit.range.upperBound
        }
        output += content[at...]
        return output
    }

    /// The rectangles over `glyphs`, in ``fill``: the boxes of glyphs of
    /// one match side by side joined.
    func paint(_ glyphs: [PDFGlyphRecorder.Glyph]) -> [UInt8] {
        guard fill != .blank, !glyphs.isEmpty else { return [0x0A] }
        var boxes: [PDFGlyphRecorder.Box] = []
        var lastMatch = -1
        for glyph in glyphs {
            let box = glyph.box
            if glyph.match == lastMatch, var last = boxes.last, abs(last.minY - box.minY) < 0.5,
                abs(last.maxY - box.maxY) < 0.5, box.minX <= last.maxX + 1, box.maxX >= last.minX - 1
            {
                last.minX = min(last.minX, box.minX)
                last.maxX = max(last.maxX, box.maxX)
                boxes[boxes.count - 1] = last
            } else {
                boxes.append(box)
            }
            lastMatch = glyph.match
        }
        var output = Array("\nq \(fill == .black ? "0" : "1") g\n".utf8)
        for box in boxes {
            let numbers = [box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY]
            output += Array((numbers.map(PDFWriter.real).joined(separator: " ") + " re f\n").utf8)
        }
        output += Array("Q\n".utf8)
        return output
    }
}
