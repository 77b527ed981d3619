// The appearance streams of annotations and form fields (ISO 32000-1,
// 12.5.5): form XObjects no page draws, which PDFRedactor runs alone, each
// in its own space, and takes the glyphs of their matches out of as it does
// those of a page.

extension PDFRedactor {
    /// The object numbers of the appearance streams of the pages'
    /// annotations and of the form fields: each /AP's /N, /D and /R, a
    /// stream or a dictionary of streams by appearance state, in the order
    /// found, each once.
    static func appearanceStreams(of document: PDFDocument, pages: [PDFTextExtractor.Page]) throws(PDFError) -> [Int] {
        var owners: [PDFObject] = []
        for page in pages {
            owners += (try document.resolve(try page.dictionary(in: document)["Annots"] ?? .null).array ?? []).prefix(
                1_000_000)
        }
        owners += try fields(of: document).map { .reference($0, 0) }
        var numbers: [Int] = []
        var seen: Set<Int> = []
        func add(_ value: PDFObject) throws(PDFError) {
            guard case .reference(let number, _) = value, !seen.contains(number) else { return }
            guard case .stream = try document.object(number) else { return }
            seen.insert(number)
            numbers.append(number)
        }
        for owner in owners {
            let appearances = try document.resolve(try document.resolve(owner)["AP"] ?? .null)
            for key in ["N", "D", "R"] {
                guard let value = appearances[key] else { continue }
                try add(value)
                guard case .dictionary(let states) = try document.resolve(value) else { continue }
                for state in states.keys.sorted() { try add(states[state]!) }
            }
        }
        return numbers
    }

    /// Takes the glyphs of the matches of appearance stream `number` (its
    /// text read alone, as a page's is read) out of its operators and of
    /// the forms it draws, into `edits`; returns the glyphs removed, in
    /// the appearance's space, and the graphics states its content leaves
    /// open, or nil when its text holds no match or cannot be read (then
    /// the reading back of the file written judges what it holds).
    ///
    /// - Complexity: O(*n*) in the appearance's content and the forms it
    ///   draws, run twice when it holds a match.
    func removeGlyphs(
        inAppearance number: Int, of document: PDFDocument, matches: ([UInt8]) -> [Range<Int>],
        into edits: inout ContentEdits
    ) throws -> (glyphs: [PDFGlyphRecorder.Glyph], openStates: Int)? {
        let form = try document.object(number)
        guard case .stream(let dictionary, _) = form else { return nil }
        let content: [UInt8]
        do { content = try document.decodeStream(form) } catch {
            if case .decompressionLimit = error { throw error }
            return nil
        }
        let resources = dictionary["Resources"] ?? .null
        let reading = PDFContentInterpreter(document: document)
        reading.startPage()
        guard (try? reading.run(content, resources: resources)) != nil else { return nil }
        reading.writer.endPage()
        let ranges = matches(reading.writer.output).filter { !$0.isEmpty }
        guard !ranges.isEmpty else { return nil }
        let recorder = PDFGlyphRecorder(matches: ranges)
        let interpreter = PDFContentInterpreter(document: document)
        interpreter.recorder = recorder
        recorder.stream = .form(number)
        interpreter.startPage()
        try interpreter.run(content, resources: resources)
        interpreter.writer.endPage()
        try edits.add(try Self.edits(of: recorder))
        return (recorder.glyphs, interpreter.savedStateCount)
    }
}
