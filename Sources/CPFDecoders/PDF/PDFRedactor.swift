/// Removes text from the pages of a PDF and writes the document again as one
/// new complete file (``PDFWriter``): the glyphs of each match are taken out
/// of the text-showing operators that draw them (`Tj`, `TJ`, `'`, `"`, in
/// the pages' content and the form XObjects they draw), their advance kept
/// as a `TJ` displacement (from /Widths, /W or the standard 14 fonts'
/// metrics; a Type 3 font's through its /FontMatrix) so that nothing after
/// them moves, and a rectangle of ``fill``
/// is painted over where they stood, last in the page's content.
///
/// The matches are found by the caller, on the text of the pages exactly as
/// ``PDFTextExtractor`` reads it. Fail-closed: a page showing glyphs that
/// map to no text, a glyph to remove without a known width,
/// a match whose glyphs cannot be traced, throw a ``PDFRedactionError``,
/// and nothing is written. The appearance streams of annotations and form
/// fields are read alone, each as a page is, and lose the glyphs of their
/// own matches the same way, a box painted in the appearance. Text beside
/// the pages that it does not rewrite is left as it is: the caller checks
/// the file written.
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
    /// how many objects, appearance streams and marked-content operators
    /// beside them were rewritten.
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
    /// pages. `matches` is given the text of each page in turn, as
    /// ``PDFTextExtractor/extractText(from:)`` reads it (every page but the
    /// first after its form feed line), and returns the byte ranges of it
    /// to remove, apart from each other.
    ///
    /// `matches` is also given the text of each appearance stream of the
    /// pages' annotations and of the form fields (/AP /N, /D, /R), read
    /// alone, and the glyphs of its ranges are removed from it.
    ///
    /// `rewriting` is given, as UTF-8, each text the file keeps beside its
    /// pages that this redactor rewrites: every string of the document
    /// information dictionary (but dates), the XMP metadata packet, the
    /// /Contents, /T, /Subj and /RC of the pages' annotations, the titles
    /// of the bookmarks, the /T, /TU, /TM, /V, /DV, /Opt, /RV and /MK
    /// strings of the form fields, the /Alt, /ActualText, /E and /T of the
    /// structure elements and the strings of marked content's inline
    /// property lists (`BDC`, `DP`) in the pages, forms and appearances;
    /// it returns the text to write instead, or nil to keep it.
    ///
    /// - Complexity: O(*n*) in the file and its decoded streams: each page
    ///   is run once to find its matches and, when it has some, once more
    ///   to find their glyphs. Memory holds one page's text and glyphs.
    public func redact(
        _ pdf: UnsafeRawBufferPointer, matches: ([UInt8]) -> [Range<Int>],
        rewriting: ([UInt8]) -> [UInt8]? = { _ in nil }
    ) throws(PDFRedactionError) -> Redaction {
        var output: [UInt8] = []
        var redaction = try redact(PDFSource(pdf), to: { output += $0 }, matches: matches, rewriting: rewriting)
        redaction.pdf = output
        return redaction
    }

    /// ``redact(_:matches:rewriting:)`` of the file `source` reads (by
    /// offset, not held; see ``PDFSource``), the file written handed to
    /// `sink` in blocks as it is written rather than returned: the
    /// ``Redaction/pdf`` returned is empty. Nothing is handed over unless
    /// every page was redacted; a read error of the source while the file
    /// is written throws, and what was handed over must be thrown away.
    ///
    /// ```swift
    /// let redaction = try PDFRedactor().redact(source, to: { output.write($0) }) { text in ranges(ofCPFsIn: text) }
    /// ```
    ///
    /// - Complexity: as ``redact(_:matches:rewriting:)``; memory holds the
    ///   objects being read, one page's text and glyphs, and the edits of
    ///   the pages (a page's new content is made again when it is written).
    public func redact(
        _ source: PDFSource, to sink: (UnsafeRawBufferPointer) -> Void, spill: PDFSpill? = nil,
        matches: ([UInt8]) -> [Range<Int>], rewriting: ([UInt8]) -> [UInt8]? = { _ in nil }
    ) throws(PDFRedactionError) -> Redaction {
        do {
            let (writer, redaction) = try redactPages(source, spill: spill, matches: matches, rewriting: rewriting)
            try writer.write(to: sink)
            return redaction
        } catch let error as PDFRedactionError {
            throw error
        } catch let error as PDFError {
            throw .unreadable(error)
        } catch {
            throw .untraceable
        }
    }

    private func redactPages(
        _ source: PDFSource, spill: PDFSpill?, matches: ([UInt8]) -> [Range<Int>], rewriting: ([UInt8]) -> [UInt8]?
    ) throws -> (PDFWriter, Redaction) {
        let start = PDFTextExtractor.headerOffset(try source.bytes(in: 0..<1024)) ?? 0
        let document = try PDFDocument(source: source.dropping(first: start), limits: limits)
        let extractor = PDFTextExtractor(limits: limits)
        let pages = try extractor.pages(of: document)
        var writer = PDFWriter(document: document)
        var rewritten = try Self.rewriteStrings(of: document, pages: pages, into: &writer, rewriting: rewriting)
        rewritten += try Self.rewriteNames(of: document, pages: pages, into: &writer, rewriting: rewriting)
        rewritten += try Self.rewriteAttachments(of: document, pages: pages, into: &writer, rewriting: rewriting)
        // Page by page: its text read, its matches found, their glyphs recorded and taken out, its marked
        // content's strings rewritten, and its new content written (compressed) before the next page is read,
        // so that memory holds one page's text and glyphs, not the document's. A form's edits wait for the
        // end: every page that draws it must edit it alike.
        var edits = ContentEdits()
        var removed = 0
        let reading = PDFContentInterpreter(document: document)
        let recording = PDFContentInterpreter(document: document)
        for (index, page) in pages.enumerated() {
            let content = try PDFTextExtractor.content(of: page, document: document)
            try extractor.run(reading, page: page, index: index, content: content)
            let ranges = matches(reading.writer.takeOutput()).filter { !$0.isEmpty }
            var glyphs: [PDFGlyphRecorder.Glyph] = []
            var openStates = 0
            if !ranges.isEmpty {
                // Again, the glyphs of the matches recorded.
                let recorder = PDFGlyphRecorder(matches: ranges)
                recording.recorder = recorder
                try extractor.run(recording, page: page, index: index, content: content)
                _ = recording.writer.takeOutput()
                openStates = recording.savedStateCount
                try edits.add(try Self.edits(of: recorder))
                glyphs = recorder.glyphs
                removed += recorder.matches.count
            }
            rewritten += try Self.rewriteMarkedContent(
                in: content, stream: .page(index), into: &edits, rewriting: rewriting)
            guard let pageEdits = edits.take(.page(index)) ?? (glyphs.isEmpty ? nil : [:]) else { continue }
            guard let number = page.number, try writer.object(number).dictionary != nil else {
                throw PDFRedactionError.directPage
            }
            // Made again, from the page's content and its edits, when the file is written: memory holds the
            // edits of every page, not its new content.
            let (before, after) =
                glyphs.isEmpty
                ? ([], [])
                : (Array("q\n".utf8), Array(String(repeating: "\nQ", count: 1 + openStates).utf8) + paint(glyphs))
            if let spill {
                let data = before + Self.apply(pageEdits, to: content) + after
                let range = try spill.put(PDFWriter.zlib(data))
                let contents = writer.add(.madeCompressedStream([:]) { () throws(PDFError) in try spill.get(range) })
                try writer.setEntries(["Contents": .reference(contents, 0)], of: number)
                continue
            }
            let contents = writer.add(
                .madeStream([:]) { () throws(PDFError) -> [UInt8] in
                    // Decoded once more, counted once in the limits as it was when the page was read.
                    let total = document.decodedTotal
                    document.decodedTotal = 0
                    defer { document.decodedTotal = total }
                    return before
                        + Self.apply(pageEdits, to: try PDFTextExtractor.content(of: page, document: document))
                        + after
                })
            try writer.setEntries(["Contents": .reference(contents, 0)], of: number)
        }
        // A glyph that maps to no text, on any page, might be a match no one can read.
        if removed > 0, reading.writer.showedUnmapped || recording.writer.showedUnmapped {
            throw PDFRedactionError.unmappedGlyphs
        }
        // The appearances of annotations and fields, each run alone: its own text, its own boxes.
        var appearances: [Int: (glyphs: [PDFGlyphRecorder.Glyph], openStates: Int)] = [:]
        let appearanceStreams = try Self.appearanceStreams(of: document, pages: pages)
        for number in appearanceStreams {
            guard let removal = try removeGlyphs(inAppearance: number, of: document, matches: matches, into: &edits)
            else { continue }
            appearances[number] = removal
            rewritten += 1
        }
        rewritten += try Self.rewriteMarkedContent(
            ofFormsOf: document, pages: pages, appearances: appearanceStreams, into: &edits, rewriting: rewriting)
        for (stream, streamEdits) in edits.streams {
            guard case .form(let number) = stream, case .stream(var dictionary, _) = try document.object(number) else {
                continue
            }
            let content = try document.decodeStream(try document.object(number))
            for key in ["Length", "Filter", "DecodeParms", "DL", "F", "FFilter", "FDecodeParms"] {
                dictionary[key] = nil
            }
            var data = Self.apply(streamEdits, to: content)
            if let appearance = appearances[number] {
                data = Array("q\n".utf8) + data + Array(String(repeating: "\nQ", count: 1 + appearance.openStates).utf8)
                data += paint(appearance.glyphs)
            }
            writer.replacements[number] = .stream(dictionary, data: data)
        }
        return (writer, Redaction(pdf: [], removed: removed, rewritten: rewritten))
    }

    /// The edits of content streams a redaction makes: by stream, the bytes
    /// written in place of an operation's (its operands and operator).
    struct ContentEdits {
        private(set) var streams: [PDFGlyphRecorder.Stream: [Range<Int>: [UInt8]]] = [:]

        /// Adds `bytes` in place of `range` of `stream`; the same operation
        /// edited twice must be edited alike (a form drawn by a page and by
        /// an appearance).
        mutating func add(_ stream: PDFGlyphRecorder.Stream, _ range: Range<Int>, _ bytes: [UInt8])
            throws(PDFRedactionError)
        {
            if let known = streams[stream]?[range] {
                guard known == bytes else { throw .conflictingForms }
                return
            }
            streams[stream, default: [:]][range] = bytes
        }

        mutating func add(_ edits: [PDFGlyphRecorder.Stream: [Range<Int>: [UInt8]]]) throws(PDFRedactionError) {
            for (stream, list) in edits {
                for (range, bytes) in list { try add(stream, range, bytes) }
            }
        }

        /// The edits of `stream`, taken out: nil when it has none.
        mutating func take(_ stream: PDFGlyphRecorder.Stream) -> [Range<Int>: [UInt8]]? {
            streams.removeValue(forKey: stream)
        }
    }

    /// The edits that take the glyphs `recorder` recorded out of their
    /// operators; throws when the recording cannot be trusted (unmapped
    /// glyphs, vertical text, a match not traced, a glyph without width, a
    /// form whose glyphs disagree).
    static func edits(of recorder: PDFGlyphRecorder) throws(PDFRedactionError)
        -> [PDFGlyphRecorder.Stream: [Range<Int>: [UInt8]]]
    {
        if recorder.showsUnmapped { throw .unmappedGlyphs }
        if recorder.matchIsVertical { throw .verticalText }
        guard Set(recorder.glyphs.map(\.match)).count == recorder.matches.count else { throw .untraceable }
        // The glyphs to remove, by operator and element; a form drawn twice records them twice.
        var removals: [Int: [Int: [Int: Removal]]] = [:]
        for glyph in recorder.glyphs {
            guard glyph.isWidthKnown, glyph.displacement.isFinite else { throw .unknownWidths }
            if let known = removals[glyph.operation]?[glyph.item]?[glyph.bytes.lowerBound] {
                guard abs(known.displacement - glyph.displacement) < 0.01 else { throw .conflictingForms }
            }
            removals[glyph.operation, default: [:]][glyph.item, default: [:]][glyph.bytes.lowerBound] =
                (glyph.bytes.upperBound, glyph.displacement)
        }
        var edits: [PDFGlyphRecorder.Stream: [Range<Int>: [UInt8]]] = [:]
        for (index, operation) in recorder.operations.enumerated() {
            guard let removed = removals[index] else { continue }
            edits[operation.stream, default: [:]][operation.range] = rewritten(operation, removed)
        }
        return edits
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
    static func apply(_ edits: [Range<Int>: [UInt8]], to content: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var at = 0
        for (range, bytes) in edits.sorted(by: { $0.key.lowerBound < $1.key.lowerBound }) {
            guard range.lowerBound >= at, range.upperBound <= content.count else { continue }
            output += content[at..<range.lowerBound]
            output += bytes
            at = range.upperBound
        }
        output += content[at...]
        return output
    }

    /// The rectangles over `glyphs`, in ``fill``: the boxes of glyphs of
    /// one match side by side joined, after an `n` that ends a path the
    /// content left open (`re W` without `n`, as pypdf writes a field's
    /// clip): the current path is no part of the graphics state, `Q` keeps
    /// it, and the boxes' `f` would fill it too.
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
        var output = Array("\nn\nq \(fill == .black ? "0" : "1") g\n".utf8)
        for box in boxes {
            let numbers = [box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY]
            output += Array((numbers.map(PDFWriter.real).joined(separator: " ") + " re f\n").utf8)
        }
        output += Array("Q\n".utf8)
        return output
    }
}
