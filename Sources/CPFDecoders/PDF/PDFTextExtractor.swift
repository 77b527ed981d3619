/// Extracts the text of a PDF file held in memory, page by page, so that
/// `cpf find` can search it. Written from ISO 32000-1 (PDF 1.7).
///
/// It reads cross-reference tables and streams, incremental updates,
/// object streams and, when those are broken, rebuilds the object table by
/// a scan for `N G obj` headers; decodes FlateDecode (with PNG and TIFF
/// predictors), ASCIIHexDecode and ASCII85Decode; walks the page tree in
/// order; runs each page's content (and its form XObjects) through the
/// text operators; and maps character codes to Unicode through /ToUnicode
/// CMaps, the standard encodings and /Differences.
///
/// The text is UTF-8: one line per text line (a piece of text on another
/// baseline starts a new line; pieces on one baseline are joined in the
/// order shown, across text objects and moves, with a space where the gap
/// between them is half a word space of the font or more or where TJ moves
/// right by 200 thousandths of the font size or more; see
/// ``PDFTextWriter``), and a form feed (0x0C) then a line feed between
/// pages. It is no layout: columns side by side come out in the order
/// they are drawn.
///
/// Bounds: the ``DecompressionLimits`` apply to every decoded stream and to
/// their total; objects nest at most 64 deep; at most 2,000,000 objects are
/// parsed, ``maximumPages`` pages read, form XObjects nested 12 deep, and
/// 1 GiB of page content run. Past a bound, or on input that is no PDF, it
/// throws a ``PDFError``; it never crashes.
///
/// ```swift
/// let bytes: [UInt8] = ...                        // a whole PDF file
/// if PDFTextExtractor.isPDF(bytes.prefix(1024)) {
///     let text = try bytes.withUnsafeBytes { try PDFTextExtractor().extractText(from: $0) }
///     // "CPF: 390.533.447-05\n"
/// }
/// ```
public struct PDFTextExtractor: Sendable {
    /// The most pages read.
    public static let maximumPages = 100_000
    /// The deepest page tree walked.
    public static let maximumTreeDepth = 64

    /// The limits every decoded stream, and their total, are checked against.
    public let limits: DecompressionLimits

    /// Whether `prefix` (the first bytes of a file) holds `%PDF-` within its
    /// first 1024 bytes, as PDF readers accept.
    ///
    /// ```swift
    /// PDFTextExtractor.isPDF(Array("%PDF-1.7\n".utf8))   // true
    /// ```
    ///
    /// - Complexity: O(*n*) in the first 1024 bytes.
    public static func isPDF(_ prefix: some Collection<UInt8>) -> Bool {
        headerOffset(prefix) != nil
    }

    /// Where `%PDF-` starts within the first 1024 bytes of `prefix`, or
    /// nil. Readers such as poppler count the file's offsets (`startxref`,
    /// the cross-reference tables) from there, as if the bytes before it
    /// (a byte order mark, a line, a mail gateway's junk) were not there.
    ///
    /// ```swift
    /// PDFTextExtractor.headerOffset(Array("\u{FEFF}%PDF-1.7\n".utf8))   // 3
    /// ```
    ///
    /// - Complexity: O(*n*) in the first 1024 bytes.
    public static func headerOffset(_ prefix: some Collection<UInt8>) -> Int? {
        let marker = Array("%PDF-".utf8)
        var matched = 0
        for (index, byte) in prefix.prefix(1024).enumerated() {
            if byte == marker[matched] {
                matched += 1
                if matched == marker.count { return index + 1 - marker.count }
            } else {
                matched = byte == marker[0] ? 1 : 0
            }
        }
        return nil
    }

    /// An extractor whose decoded streams are checked against `limits`.
    ///
    /// ```swift
    /// let limits = DecompressionLimits(maximumOutputSize: 1 << 28, maximumRatio: 1000, ratioAllowance: 1 << 24)
    /// let extractor = PDFTextExtractor(limits: limits)
    /// ```
    public init(limits: DecompressionLimits = .default) {
        self.limits = limits
    }

    /// The text of every page in page tree order, as UTF-8 (see the type's
    /// description for the layout).
    ///
    /// ```swift
    /// let text = try bytes.withUnsafeBytes { try PDFTextExtractor().extractText(from: $0) }
    /// ```
    ///
    /// Throws ``PDFError/encrypted`` for an encrypted file,
    /// ``PDFError/noText`` when no page shows text, and the other cases of
    /// ``PDFError`` for files it cannot read.
    ///
    /// - Complexity: O(*n*) in the size of the file and of its decoded
    ///   streams (a form XObject drawn *k* times is run *k* times).
    public func extractText(from pdf: UnsafeRawBufferPointer) throws(PDFError) -> [UInt8] {
        var text: [UInt8] = []
        try extractText(from: pdf) { text += $0 }
        return text
    }

    /// The text of every page in page tree order, as
    /// ``extractText(from:)`` gives it, handed to `page` one page at a
    /// time (every page but the first starting with its form feed line),
    /// so that memory holds one page's text, not the document's.
    ///
    /// ```swift
    /// var lines = 0
    /// try bytes.withUnsafeBytes { try PDFTextExtractor().extractText(from: $0) { lines += $0.count { $0 == 0x0A } } }
    /// ```
    ///
    /// Throws as ``extractText(from:)`` does, ``PDFError/noText`` once
    /// every page was handed over.
    public func extractText(from pdf: UnsafeRawBufferPointer, page: ([UInt8]) -> Void) throws(PDFError) {
        try extractText(from: PDFSource(pdf), page: page)
    }

    /// The text of every page, handed to `page` one page at a time as
    /// ``extractText(from:page:)-(UnsafeRawBufferPointer,_)`` hands it,
    /// the file read by offset (see ``PDFSource``): memory holds the
    /// objects being read, not the file.
    ///
    /// ```swift
    /// let source = PDFSource(count: size) { buffer, offset in try file.read(into: buffer, at: offset) }
    /// try PDFTextExtractor().extractText(from: source) { page in scan(page) }
    /// ```
    ///
    /// Throws as ``extractText(from:)``, and ``PDFError/readError(_:)``
    /// when the source cannot be read.
    public func extractText(from source: PDFSource, page: ([UInt8]) -> Void) throws(PDFError) {
        // Offsets count from the header (see headerOffset); a file whose
        // offsets count from its first byte is read by the scan for objects.
        let start = Self.headerOffset(try source.bytes(in: 0..<1024)) ?? 0
        let document = try PDFDocument(source: source.dropping(first: start), limits: limits)
        let interpreter = PDFContentInterpreter(document: document)
        try run(interpreter, pages: try pages(of: document)) { _, _ in page(interpreter.writer.takeOutput()) }
        guard interpreter.writer.showedText else { throw .noText }
    }

    /// A page of the page tree: its object number, and the resources its
    /// ancestors give it. Its dictionary is parsed again when it is needed
    /// (``dictionary(in:)``), so that a list of every page of a document
    /// holds numbers, not dictionaries; one written in its parent's /Kids,
    /// with no number of its own, is held whole.
    struct Page {
        /// Its object number; nil for a page written in its parent's /Kids.
        let number: Int?
        /// Its dictionary when it has no number.
        private let direct: PDFObject?
        /// The resources of its nearest ancestor that has some.
        private let inherited: PDFObject

        init(number: Int?, dictionary: PDFObject, inherited: PDFObject) {
            self.number = number
            direct = number == nil ? dictionary : nil
            // A reference, or a dictionary its ancestor holds: no copy of its own.
            self.inherited = inherited
        }

        /// Its dictionary.
        func dictionary(in document: PDFDocument) throws(PDFError) -> PDFObject {
            guard let number else { return direct ?? .null }
            return try document.resolve(.reference(number, 0))
        }

        /// The resources it has or inherits.
        func resources(in document: PDFDocument) throws(PDFError) -> PDFObject {
            try dictionary(in: document)["Resources"] ?? inherited
        }
    }

    /// The pages of `document` in order; throws when it has none.
    func pages(of document: PDFDocument) throws(PDFError) -> [Page] {
        let catalog = try document.resolve(document.trailer["Root"] ?? .null)
        let pages = try collectPages(try document.resolve(catalog["Pages"] ?? .null), document: document)
        guard !pages.isEmpty else { throw .malformed("no pages") }
        return pages
    }

    /// The content of `page`: its content streams decoded, each followed by
    /// a line feed.
    static func content(of page: Page, document: PDFDocument) throws(PDFError) -> [UInt8] {
        let contents = try document.resolve(try page.dictionary(in: document)["Contents"] ?? .null)
        var streams: [PDFObject] = []
        if let array = contents.array {
            for item in array.prefix(100_000) { streams.append(try document.resolve(item)) }
        } else {
            streams = [contents]
        }
        var content: [UInt8] = []
        for stream in streams {
            content.append(contentsOf: try document.decodeStream(stream))
            content.append(0x0A)
        }
        return content
    }

    /// Runs the content of `pages` through `interpreter`, page breaks
    /// between them; `pageDone` is called after each page.
    func run(
        _ interpreter: PDFContentInterpreter, pages: [Page],
        pageDone: (Int, Page) throws(PDFError) -> Void = { _, _ in }
    ) throws(PDFError) {
        for (index, page) in pages.enumerated() {
            try run(
                interpreter, page: page, index: index,
                content: try Self.content(of: page, document: interpreter.document))
            try pageDone(index, page)
        }
    }

    /// Runs `content`, the content of `page`, the page numbered `index`
    /// from 0, through `interpreter`, a page break before it unless it is
    /// the first: what ``run(_:pages:pageDone:)`` does for each page.
    func run(_ interpreter: PDFContentInterpreter, page: Page, index: Int, content: [UInt8]) throws(PDFError) {
        if index > 0 { interpreter.writer.pageBreak() }
        interpreter.startPage()
        interpreter.recorder?.page = index
        interpreter.recorder?.stream = .page(index)
        try interpreter.run(content, resources: try page.resources(in: interpreter.document))
        interpreter.writer.endPage()
    }

    /// The pages under `root` in order, each with the resources it has or
    /// inherits.
    private func collectPages(_ root: PDFObject, document: PDFDocument) throws(PDFError) -> [Page] {
        guard root.dictionary != nil else { throw .malformed("no page tree") }
        var pages: [Page] = []
        // Kids are resolved as they are taken from the stack, not when their parent is: a parent of
        // thousands of pages has thousands of references on the stack, not thousands of dictionaries.
        var stack: [(kid: PDFObject, resources: PDFObject, depth: Int)] = [(root, .null, 0)]
        var visited: Set<Int> = []
        while let (kid, inherited, depth) = stack.popLast() {
            var number: Int?
            if case .reference(let kidNumber, _) = kid {
                guard visited.insert(kidNumber).inserted else { continue }
                number = kidNumber
            }
            let node = try document.resolve(kid)
            guard node.dictionary != nil else { continue }
            let resources = node["Resources"] ?? inherited
            if let kids = try document.resolve(node["Kids"] ?? .null).array, node["Type"]?.name != "Page" {
                guard depth < Self.maximumTreeDepth else { throw .tooComplex("page tree deeper than 64") }
                for kid in kids.reversed() { stack.append((kid, resources, depth + 1)) }
            } else {
                pages.append(Page(number: number, dictionary: node, inherited: inherited))
                guard pages.count <= Self.maximumPages else {
                    throw .tooComplex("more than \(Self.maximumPages) pages")
                }
            }
        }
        return pages
    }
}
