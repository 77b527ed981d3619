/// Everything a PDF file holds as text besides what its pages show: the
/// strings of every object in the file, the XMP metadata, the contents of
/// embedded files and the strings of every other stream, one per line.
///
/// The pages' text (``PDFTextExtractor``) is what a reader sees; the file
/// holds more, which a privacy tool must not pass over: the document
/// information dictionary (title, author, keywords), XMP metadata,
/// annotations (`/Contents`, `/T`, `/RC`), form fields (`/V`, `/DV`, `/TU`,
/// `/Opt`), bookmarks, named destinations and page labels, embedded files,
/// and every object an incremental update left behind (an earlier revision
/// of a page, an object no longer referenced).
///
/// - Every `N G obj` in the bytes is read, whatever the cross-reference
///   data says (so earlier revisions too), and the objects inside object
///   streams; every string in them, at any depth, is a line: UTF-16BE when
///   it starts with the byte order mark `FE FF`, UTF-8 after `EF BB BF`,
///   else PDFDocEncoding (read as ISO 8859-1, which agrees with it on
///   digits, letters and the usual punctuation).
/// - A stream of `/Type /Metadata` or `/Subtype /XML` is read as XML (see
///   ``XMLSweep``); one of `/Type /EmbeddedFile` is taken as it is, its
///   decoded bytes a text; any other stream that is not an image, a font
///   or an object stream (page contents, form XObjects, annotation
///   appearances, whatever an old revision kept) has the strings of its
///   operators read.
/// - A stream that cannot be decoded is passed over: its object's
///   dictionary was read all the same.
///
/// ```swift
/// let text = try bytes.withUnsafeBytes { try PDFSweep.text(of: $0) }
/// // "Ana de Souza\nCPF 390.533.447-05\n..."
/// ```
///
/// - Complexity: O(*n*) in the size of the file and of its decoded streams,
///   within the ``DecompressionLimits`` and the object bound of
///   ``PDFDocument``.
public enum PDFSweep {
    /// The most objects read, as for the text of the pages.
    static let maximumObjects = 2_000_000

    /// The sweep of the PDF file `pdf`: its ``sections(of:limits:)`` one
    /// after the other.
    ///
    /// Throws ``PDFError/encrypted`` for an encrypted file (its strings are
    /// ciphertext), ``PDFError/decompressionLimit(_:)`` past the limits, and
    /// ``PDFError/tooComplex(_:)`` past the object bound.
    public static func text(of pdf: UnsafeRawBufferPointer, limits: DecompressionLimits = .default)
        throws(PDFError) -> [UInt8]
    {
        try sections(of: pdf, limits: limits).reduce(into: []) { $0 += $1.text }
    }

    /// The sweep of the PDF file `pdf`, layer by layer (see ``PDFLayer``),
    /// in the layers' order, each with its strings one a line; a layer
    /// without any is left out.
    ///
    /// ```swift
    /// let sections = try bytes.withUnsafeBytes { try PDFSweep.sections(of: $0) }
    /// // [(.information, "Ana de Souza\n"), (.annotation(page: 1), "CPF 390.533.447-05\n")]
    /// ```
    ///
    /// `keeping`, when given, is applied to the strings of each object (of
    /// each object stream) as they are read, and only what it returns is
    /// kept: `redact`, which has read the pages' text already, keeps only
    /// the lines holding a number the pages do not show, so that memory
    /// does not hold the strings of every page's content.
    ///
    /// Throws as ``text(of:limits:)``.
    public static func sections(
        of pdf: UnsafeRawBufferPointer, limits: DecompressionLimits = .default,
        keeping: (([UInt8]) -> [UInt8])? = nil
    ) throws(PDFError) -> [(layer: PDFLayer, text: [UInt8])] {
        try sections(of: PDFSource(pdf), limits: limits, keeping: keeping)
    }

    /// The sweep of the PDF file `source` reads, as
    /// ``sections(of:limits:keeping:)-(UnsafeRawBufferPointer,_,_)`` gives
    /// it, the file read by offset (see ``PDFSource``) rather than held.
    ///
    /// ```swift
    /// let sections = try PDFSweep.sections(of: PDFSource(count: size, read: read))
    /// ```
    public static func sections(
        of source: PDFSource, limits: DecompressionLimits = .default, keeping: (([UInt8]) -> [UInt8])? = nil
    ) throws(PDFError) -> [(layer: PDFLayer, text: [UInt8])] {
        // Offsets count from the header, as the pages' text reads them.
        let head = try source.bytes(in: 0..<1024)
        let document = try PDFDocument(
            source: source.dropping(first: PDFTextExtractor.headerOffset(head) ?? 0), limits: limits)
        let pages = (try? PDFTextExtractor(limits: limits).pages(of: document)) ?? []
        let map = try PDFLayerMap(document: document, pages: pages)
        var kept: [PDFLayer: [UInt8]] = [:]
        /// The strings of the object being read, by layer.
        var output: [PDFLayer: [UInt8]] = [:]
        /// The layer of object `number` as parsed from this file: its own
        /// when it is the object the document reads as that number.
        func layer(of number: Int, _ object: PDFObject) throws(PDFError) -> PDFLayer {
            guard let layer = map.layer(of: number), try document.object(number) == object else { return .unreferenced }
            return layer
        }
        /// Appends the strings of object `number`, as parsed, to its layer
        /// (and its entries to theirs).
        func append(_ object: PDFObject, number: Int, layer: PDFLayer) {
            if layer != .unreferenced, let entries = map.entryLayers[number] {
                appendStrings(of: object, path: [], layer: layer, entries: entries, to: &output)
            } else {
                appendStrings(of: object, depth: 0, to: &output[layer, default: []])
            }
        }
        var count = 0
        for offset in try objectHeaders(in: document) {
            defer {
                for (layer, text) in output { kept[layer, default: []] += keeping?(text) ?? text }
                output.removeAll(keepingCapacity: true)
            }
            count += 1
            guard count <= maximumObjects else { throw .tooComplex("more than \(maximumObjects) objects") }
            guard let (number, object) = try? document.parseIndirectObject(at: offset, expecting: nil) else { continue }
            let objectLayer = try layer(of: number, object)
            append(object, number: number, layer: objectLayer)
            guard case .stream(let dictionary, _) = object else { continue }
            let type = dictionary["Type"]?.name
            let subtype = dictionary["Subtype"]?.name
            if subtype == "Image" || type == "XRef" || dictionary["Length1"] != nil || dictionary["Length2"] != nil
                || dictionary["Length3"] != nil || subtype == "Type1C" || subtype == "CIDFontType0C"
                || subtype == "OpenType"
            {
                continue
            }
            let data: [UInt8]
            do { data = try document.decodeStream(object) } catch {
                if case .decompressionLimit = error { throw error }
                continue
            }
            if type == "Metadata" || subtype == "XML" {
                output[objectLayer, default: []] += data.withUnsafeBytes { XMLSweep.text(of: $0) }
            } else if type == "EmbeddedFile" {
                output[objectLayer, default: []] += data + [0x0A]
            } else if type == "ObjStm" {
                // Its objects, each in its layer when the stream is the one the document reads.
                let first = dictionary["First"]?.integer ?? 0
                let current = try document.object(number) == object
                var gaps: [UInt8] = []
                let read = data.withUnsafeBytes { raw in
                    Result { () throws(PDFError) in
                        try forEachObject(in: raw, first: first) { (member, object) throws(PDFError) in
                            append(
                                object, number: member, layer: current ? try layer(of: member, object) : .unreferenced)
                        } gap: {
                            appendStrings(ofOperators: $0, to: &gaps)
                        }
                    }
                }
                try read.get()
                output[.unreferenced, default: []] += gaps
            } else {
                // Page contents, forms, appearances.
                data.withUnsafeBytes { appendStrings(ofOperators: $0, to: &output[objectLayer, default: []]) }
            }
        }
        return kept.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Calls `body` with each object of an object stream, its decoded data
    /// `raw` (its objects from `first` on), and its number; and `gap` with
    /// every run of bytes neither the header nor an object covers, so that
    /// nothing in the stream goes unread.
    private static func forEachObject(
        in raw: UnsafeRawBufferPointer, first: Int, _ body: (Int, PDFObject) throws(PDFError) -> Void,
        gap: (UnsafeRawBufferPointer) -> Void
    ) throws(PDFError) {
        var header = PDFParser(raw)
        var members: [(number: Int, offset: Int)] = []
        var headerEnd = 0
        while members.count < 1_000_000, header.position < first,
            case .object(.integer(let member))? = header.nextToken(),
            case .object(.integer(let offset))? = header.nextToken()
        {
            members.append((member, offset))
            headerEnd = header.position
        }
        var covered: [Range<Int>] = [0..<headerEnd]
        for (member, offset) in members {
            let (at, overflow) = first.addingReportingOverflow(offset)
            guard !overflow, offset >= 0, at < raw.count else { continue }
            var parser = PDFParser(raw, at: at)
            guard let object = try? parser.parseObject() else { continue }
            try body(member, object)
            covered.append(at..<min(max(parser.position, at), raw.count))
        }
        var start = 0
        for range in covered.sorted(by: { $0.lowerBound < $1.lowerBound }) + [raw.count..<raw.count] {
            if range.lowerBound > start { gap(UnsafeRawBufferPointer(rebasing: raw[start..<range.lowerBound])) }
            start = max(start, range.upperBound)
        }
    }

    /// The offsets of every `N G obj` in the file of `document`, in
    /// order, as ``objectHeaders(in:)-(UnsafeRawBufferPointer)`` finds
    /// them, the file read in windows.
    static func objectHeaders(in document: PDFDocument) throws(PDFError) -> [Int] {
        var offsets: [Int] = []
        let count = document.count
        // Windows overlap by the 3 bytes of `obj` and the one after it; each but the first is read from
        // the first `obj` the previous one could not see whole.
        try document.forEachWindow(from: 0, overlap: 4) { (window) throws(PDFError) -> Bool in
            let bytes = window.bytes
            let start = window.start
            func byte(_ at: Int) -> UInt8 {
                at >= start && at < window.end ? bytes[at - start] : document.byte(at: at) ?? 0x41
            }
            func isDigit(_ at: Int) -> Bool { byte(at) &- 0x30 < 10 }
            func isSpace(_ at: Int) -> Bool {
                let byte = byte(at)
                return byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0
            }
            var local = start == 0 ? 0 : 1
            while local + 3 <= bytes.count {
                let index = start + local
                guard bytes[local] == UInt8(ascii: "o"), bytes[local + 1] == UInt8(ascii: "b"),
                    bytes[local + 2] == UInt8(ascii: "j"),
                    index + 3 == count || (local + 3 < bytes.count && !isRegular(bytes[local + 3]))
                else {
                    local += 1
                    continue
                }
                if let offset = header(
                    before: index, isSpace: isSpace, isDigit: isDigit, isRegular: { isRegular(byte($0)) })
                {
                    offsets.append(offset)
                }
                local += 3
            }
            return true
        }
        return offsets
    }

    /// The offset of `N G` before the `obj` at `index`, if it is there.
    private static func header(
        before index: Int, isSpace: (Int) -> Bool, isDigit: (Int) -> Bool, isRegular: (Int) -> Bool
    ) -> Int? {
        // Back over white space, the generation, white space, the number.
        var cursor = index - 1
        var spaces = 0
        while cursor >= 0, isSpace(cursor) {
            cursor -= 1
            spaces += 1
        }
        var generationDigits = 0
        while cursor >= 0, isDigit(cursor) {
            cursor -= 1
            generationDigits += 1
        }
        var gap = 0
        while cursor >= 0, isSpace(cursor) {
            cursor -= 1
            gap += 1
        }
        var numberDigits = 0
        while cursor >= 0, isDigit(cursor), numberDigits <= 12 {
            cursor -= 1
            numberDigits += 1
        }
        guard spaces > 0, generationDigits > 0, gap > 0, numberDigits > 0, cursor < 0 || !isRegular(cursor) else {
            return nil
        }
        return cursor + 1
    }

    /// The offsets of every `N G obj` in `bytes`, in order.
    static func objectHeaders(in bytes: UnsafeRawBufferPointer) -> [Int] {
        var offsets: [Int] = []
        var index = 0
        let count = bytes.count
        func isDigit(_ at: Int) -> Bool { bytes[at] &- 0x30 < 10 }
        func isSpace(_ at: Int) -> Bool {
            let byte = bytes[at]
            return byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0
        }
        while index + 3 <= count {
            guard bytes[index] == UInt8(ascii: "o"), bytes[index + 1] == UInt8(ascii: "b"),
                bytes[index + 2] == UInt8(ascii: "j"), index + 3 == count || !isRegular(bytes[index + 3])
            else {
                index += 1
                continue
            }
            // Back over white space, the generation, white space, the number.
            var cursor = index - 1
            var spaces = 0
            while cursor >= 0, isSpace(cursor) {
                cursor -= 1
                spaces += 1
            }
            var generationDigits = 0
            while cursor >= 0, isDigit(cursor) {
                cursor -= 1
                generationDigits += 1
            }
            var gap = 0
            while cursor >= 0, isSpace(cursor) {
                cursor -= 1
                gap += 1
            }
            var numberDigits = 0
            while cursor >= 0, isDigit(cursor), numberDigits <= 12 {
                cursor -= 1
                numberDigits += 1
            }
            if spaces > 0, generationDigits > 0, gap > 0, numberDigits > 0, cursor < 0 || !isRegular(bytes[cursor]) {
                offsets.append(cursor + 1)
            }
            index += 3
        }
        return offsets
    }

    /// Whether `bytes` is a date as PDF writes one (ISO 32000-1, 7.9.4):
    /// `D:` and 4 to 14 digits (`D:20261127061523`), then perhaps `Z`, or
    /// `+` or `-` and the offset (`-03'00'`). Its 14 digits pass a CNPJ's
    /// check about once in a hundred, and every PDF has two: they are not
    /// text, and a string that is only a date holds no CPF or CNPJ.
    ///
    /// ```swift
    /// PDFSweep.isDate(Array("D:20261127061523-03'00'".utf8))   // true
    /// PDFSweep.isDate(Array("D:2026 CPF 390.533.447-05".utf8)) // false
    /// ```
    static func isDate(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 6, bytes[0] == UInt8(ascii: "D"), bytes[1] == UInt8(ascii: ":") else { return false }
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        var index = 2
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard (4...14).contains(index - 2) else { return false }
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"): index += 1
        default: return false
        }
        // The offset: digits and apostrophes (`03'00'`, `03'00`, `0300`), nothing else.
        return bytes[index...].allSatisfy { isDigit($0) || $0 == UInt8(ascii: "'") } && bytes.count - index <= 7
    }

    /// Whether `byte` is a regular character (neither white space nor a delimiter).
    private static func isRegular(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20: false
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            false
        default: true
        }
    }

    /// Appends every string in `object` (at `path` in its indirect object)
    /// to `layer`, but for the entries `entries` gives another layer
    /// (``PDFLayerMap/entryLayers``).
    private static func appendStrings(
        of object: PDFObject, path: [String], layer: PDFLayer, entries: [[String]: PDFLayer],
        to output: inout [PDFLayer: [UInt8]]
    ) {
        guard path.count < 2, let dictionary = object.dictionary else {
            appendStrings(of: object, depth: path.count, to: &output[layer, default: []])
            return
        }
        for key in dictionary.keys.sorted() {
            let keyPath = path + [key]
            appendStrings(
                of: dictionary[key]!, path: keyPath, layer: entries[keyPath] ?? layer, entries: entries, to: &output)
        }
    }

    /// Appends every string in `object` (dictionaries and arrays walked to
    /// 64 levels), one a line.
    private static func appendStrings(of object: PDFObject, depth: Int, to output: inout [UInt8]) {
        guard depth < 64 else { return }
        switch object {
        case .string(let bytes): appendText(bytes, to: &output)
        case .array(let items): for item in items { appendStrings(of: item, depth: depth + 1, to: &output) }
        case .dictionary(let entries), .stream(let entries, _):
            for key in entries.keys.sorted() { appendStrings(of: entries[key]!, depth: depth + 1, to: &output) }
        default: break
        }
    }

    /// Appends every string of the operands in `data` (content stream
    /// operators, or the objects of an object stream), one a line.
    private static func appendStrings(ofOperators data: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var parser = PDFParser(data)
        var tokens = 0
        while let token = parser.nextToken(), tokens < 50_000_000 {
            tokens += 1
            if case .object(.string(let bytes)) = token { appendText(bytes, to: &output) }
        }
    }

    /// Appends a PDF text string as UTF-8 and a line feed; a date
    /// (``isDate(_:)``) is left out.
    private static func appendText(_ bytes: [UInt8], to output: inout [UInt8]) {
        guard !bytes.isEmpty, !isDate(bytes) else { return }
        output += textUTF8(bytes)
        output.append(0x0A)
    }

    /// A PDF text string (ISO 32000-1, 7.9.2.2) as UTF-8: UTF-16BE after
    /// `FE FF`, UTF-8 after `EF BB BF`, else PDFDocEncoding read as ISO
    /// 8859-1. ``PDFRedactor`` reads the strings it rewrites with it.
    static func textUTF8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xFE, 0xFF]) {
            var units: [UInt16] = []
            var index = 2
            while index + 1 < bytes.count {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            var utf8: [UInt8] = []
            _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
                utf8.append($0)
            }
            return utf8
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        var utf8: [UInt8] = []
        for byte in bytes { utf8 += UTF8.encode(Unicode.Scalar(byte))! }
        return utf8
    }
}
