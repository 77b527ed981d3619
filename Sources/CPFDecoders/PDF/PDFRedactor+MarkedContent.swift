// The property lists of marked content (ISO 32000-1, 14.6): the strings a
// `BDC` or `DP` operator carries in its inline dictionary (/ActualText,
// /Alt, /E, /T and any other), which no glyph shows and PDFRedactor
// rewrites where they stand in the content.

extension PDFRedactor {
    /// Rewrites, through `rewriting`, the strings of the inline property
    /// lists of marked content in every form XObject the resources of
    /// `pages` name (and those the forms' resources name), and in
    /// `appearances` (appearance streams, by object number), into `edits`;
    /// returns how many operators changed. The pages' own content is
    /// rewritten page by page (``rewriteMarkedContent(in:stream:into:rewriting:)``).
    ///
    /// - Complexity: O(*n*) in the content of the forms, each read once.
    static func rewriteMarkedContent(
        ofFormsOf document: PDFDocument, pages: [PDFTextExtractor.Page], appearances: [Int],
        into edits: inout ContentEdits, rewriting: ([UInt8]) -> [UInt8]?
    ) throws -> Int {
        var forms: [Int] = []
        var seen: Set<Int> = []
        func collect(_ resources: PDFObject) throws(PDFError) {
            let objects = try document.resolve(try document.resolve(resources)["XObject"] ?? .null)
            for (_, value) in (objects.dictionary ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard case .reference(let number, _) = value, seen.insert(number).inserted else { continue }
                forms.append(number)
            }
        }
        var changed = 0
        for page in pages { try collect(try page.resources(in: document)) }
        for number in appearances where seen.insert(number).inserted { forms.append(number) }
        var index = 0
        while index < forms.count, index < PDFDocument.maximumObjectsParsed {
            let form = try document.object(forms[index])
            let number = forms[index]
            index += 1
            guard case .stream(let dictionary, _) = form, dictionary["Subtype"]?.name != "Image" else { continue }
            guard let content = try? document.decodeStream(form) else { continue }
            if let resources = dictionary["Resources"] { try collect(resources) }
            changed += try rewriteMarkedContent(in: content, stream: .form(number), into: &edits, rewriting: rewriting)
        }
        return changed
    }

    /// Rewrites the strings of the inline property lists of `BDC` and `DP`
    /// in `content`, the content of `stream`, into `edits`: each such
    /// operator whose strings change is written again, its tag and its
    /// dictionary, where it stood. Returns how many changed.
    ///
    /// ```swift
    /// // "/Span <</ActualText (CPF 390.533.447-05)>> BDC" becomes
    /// // "/Span <</ActualText (CPF ***.***.***-**)>> BDC"
    /// ```
    static func rewriteMarkedContent(
        in content: [UInt8], stream: PDFGlyphRecorder.Stream, into edits: inout ContentEdits,
        rewriting: ([UInt8]) -> [UInt8]?
    ) throws(PDFRedactionError) -> Int {
        var found: [(range: Range<Int>, bytes: [UInt8])] = []
        content.withUnsafeBytes { raw in
            var reader = PDFOperationReader(raw)
            while let (name, range) = reader.next() {
                let operands = reader.operands
                guard name == "BDC" || name == "DP", operands.count >= 2, case .dictionary = operands.last!,
                    let new = rewritten(operands.last!, rewriting: rewriting)
                else { continue }
                var bytes: [UInt8] = [0x0A]
                PDFWriter.serialize(operands[operands.count - 2], numbers: [:], into: &bytes)
                bytes.append(0x20)
                PDFWriter.serialize(new, numbers: [:], into: &bytes)
                bytes += Array(" \(name)\n".utf8)
                found.append((range, bytes))
            }
        }
        for edit in found { try edits.add(stream, edit.range, edit.bytes) }
        return found.count
    }
}
