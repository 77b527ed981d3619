/// What the text extractor needs of a font (ISO 32000-1, 9.6-9.10): how its
/// strings split into character codes, the text of each code and its width.
///
/// The text comes from the font's /ToUnicode CMap when it has the code;
/// otherwise, for a simple font, from its encoding (a standard encoding and
/// /Differences); for a Type0 font whose CMap is a Unicode one
/// (`UniGB-UCS2-H`...), the code itself; otherwise U+FFFD. Widths come from
/// /Widths or /W; a standard font without them gets the standard 14 fonts'
/// widths (``PDFStandardFontMetrics``), and the characters those lack, or
/// another font without widths, estimated ones.
///
/// ```swift
/// let font = try PDFFont(dictionary, document: document)
/// for glyph in font.glyphs(in: Array("CPF".utf8)) { print(glyph.text, glyph.width) }
/// ```
struct PDFFont {
    /// One character code of a string.
    struct Glyph {
        var text: [Unicode.Scalar]
        /// The advance, in thousandths of the font size.
        var width: Double
        /// A single-byte code 32, which word spacing (Tw) applies to.
        var isWordSpace: Bool
        /// Whether the width is the font's (/Widths, /W, /DW, /MissingWidth
        /// or the standard 14 fonts' metrics), not an estimate.
        var isWidthKnown = true
    }

    static let maximumWidths = 1 << 17

    /// The bytes of each character code: 1, or 2 for a Type0 font.
    private(set) var bytesPerCode = 1
    /// A Type 3 font, whose glyphs are content streams of their own and
    /// whose widths are in its glyph space (scaled by its /FontMatrix).
    private(set) var isType3 = false
    /// A Type0 font written top to bottom (a CMap whose name ends in `-V`).
    private(set) var isVertical = false
    private var toUnicode: PDFToUnicodeMap?
    private var encoding: PDFEncodings.Table?
    private var codeIsUTF16 = false
    /// Whether a Type0 font's codes are the CIDs its /W is indexed by
    /// (`Identity-H`, `Identity-V`), or every CID has the default width (no
    /// /W). Otherwise (a predefined CMap such as `UniJIS-UCS2-H`, or one
    /// embedded as a stream) a code's CID is the CMap's, which is not read
    /// here: its width is not known, and redaction refuses to remove it
    /// rather than move the text after it.
    private var codesAreCIDs = true
    /// Whether a glyph's advance runs along the baseline, as a `TJ` number
    /// moves the pen: false for a Type 3 font whose /FontMatrix turns its
    /// glyph space (a second entry other than 0) or that has none, whose
    /// widths are then not known.
    private var advancesAreHorizontal = true
    /// A simple font's glyph of each code (see ``glyphs(in:)``).
    private var singleByteGlyphs: [Glyph]?
    private var widths: [Int: Double] = [:]
    private var defaultWidth: Double = 0
    private var estimate: ((Int) -> Double)?
    private var standard: PDFStandardFontMetrics?
    /// The width of a word space, in thousandths of the font size: code 32's
    /// in a simple font, a quarter of the size when the font gives none (a
    /// Type0 font has no code for it) or an implausible one.
    private(set) var spaceWidth = 250.0

    /// A font of no dictionary: one-byte codes read as StandardEncoding,
    /// widths estimated.
    init() {
        encoding = PDFEncodings.standard
        estimate = Self.estimator(baseFont: "")
        spaceWidth = estimate?(0x20) ?? spaceWidth
        makeSingleByteGlyphs()
    }

    init(_ font: PDFObject, document: PDFDocument) throws(PDFError) {
        let subtype = try document.resolve(font["Subtype"] ?? .null).name ?? ""
        let toUnicodeObject = try document.resolve(font["ToUnicode"] ?? .null)
        if case .stream = toUnicodeObject {
            do {
                let map = PDFToUnicodeMap(parsing: try document.decodeStream(toUnicodeObject))
                if !map.isEmpty { toUnicode = map }
            } catch {
                if case .decompressionLimit = error { throw error }
                if case .tooComplex = error { throw error }
            }
        }
        isType3 = subtype == "Type3"
        if subtype == "Type0" {
            bytesPerCode = 2
            let encodingName = try document.resolve(font["Encoding"] ?? .null).name ?? ""
            codeIsUTF16 = encodingName.contains("UCS2") || encodingName.contains("UTF16")
            isVertical = encodingName.hasSuffix("-V")
            let descendants = try document.resolve(font["DescendantFonts"] ?? .null).array ?? []
            let descendant = try document.resolve(descendants.first ?? .null)
            defaultWidth = try document.resolve(descendant["DW"] ?? .null).number ?? 1000
            try readCIDWidths(try document.resolve(descendant["W"] ?? .null), document: document)
            codesAreCIDs = encodingName.hasPrefix("Identity-") || widths.isEmpty
            return
        }
        let baseFont = try document.resolve(font["BaseFont"] ?? .null).name ?? ""
        let isSymbolic =
            baseFont.hasSuffix("Symbol") || baseFont.hasSuffix("ZapfDingbats") || baseFont.contains("Wingding")
        var table: PDFEncodings.Table? = isSymbolic ? nil : PDFEncodings.standard
        let encodingObject = try document.resolve(font["Encoding"] ?? .null)
        let descriptor = try document.resolve(font["FontDescriptor"] ?? .null)
        if encodingObject.name == nil && encodingObject["BaseEncoding"] == nil,
            let builtIn = try Self.builtInEncoding(try document.resolve(descriptor["FontFile"] ?? .null), document)
        {
            table = builtIn
        }
        if let name = encodingObject.name {
            table = PDFEncodings.table(named: name) ?? table
        } else if encodingObject.dictionary != nil {
            if let base = try document.resolve(encodingObject["BaseEncoding"] ?? .null).name {
                table = PDFEncodings.table(named: base) ?? table
            }
            var differences = table ?? PDFEncodings.Table(repeating: nil, count: 256)
            var code = 0
            for item in try document.resolve(encodingObject["Differences"] ?? .null).array ?? [] {
                switch item {
                case .integer(let value): code = min(max(value, -1), 256)
                case .name(let glyph):
                    if code >= 0 && code < 256 { differences[code] = PDFEncodings.scalar(forGlyph: glyph) }
                    code += 1
                default: break
                }
            }
            table = differences
        }
        encoding = table
        defaultWidth = try document.resolve(descriptor["MissingWidth"] ?? .null).number ?? 0
        let first = min(max(try document.resolve(font["FirstChar"] ?? .null).integer ?? 0, 0), 1 << 24)
        let list = try document.resolve(font["Widths"] ?? .null).array ?? []
        for (offset, item) in list.prefix(Self.maximumWidths).enumerated() {
            if let width = try document.resolve(item).number { widths[first + offset] = width }
        }
        var scale = 1.0
        if subtype == "Type3" {
            // A glyph of width w advances (w·a, w·b) in text space (ISO 32000-1, 9.6.5).
            let matrix = try document.resolve(font["FontMatrix"] ?? .null).array ?? []
            if let a = matrix.first?.number, a.isFinite, a != 0, matrix.count == 6, matrix[1].number == 0 {
                scale = a * 1000
            } else {
                advancesAreHorizontal = false
            }
        }
        if scale != 1 { widths = widths.mapValues { $0 * scale } }
        if widths.isEmpty {
            standard = PDFStandardFontMetrics(baseFont: baseFont)
            estimate = Self.estimator(baseFont: baseFont)
        }
        makeSingleByteGlyphs()
        if let space = glyphs(in: [0x20]).first?.width, space >= 50 && space <= 1000 { spaceWidth = space }
    }

    /// The encoding a Type 1 font program (/FontFile) defines in its clear
    /// text part, before `eexec`: `dup CODE /NAME put` entries, or
    /// StandardEncoding. Nil when there is no program or it defines none.
    static func builtInEncoding(_ program: PDFObject, _ document: PDFDocument) throws(PDFError) -> PDFEncodings
        .Table?
    {
        guard case .stream = program else { return nil }
        var data: [UInt8]
        do {
            data = try document.decodeStream(program)
        } catch {
            if case .decompressionLimit = error { throw error }
            return nil
        }
        let clearLength = try document.resolve(program["Length1"] ?? .null).integer ?? data.count
        if clearLength > 0 && clearLength < data.count { data.removeLast(data.count - clearLength) }
        return data.withUnsafeBytes { raw -> PDFEncodings.Table? in
            var parser = PDFParser(raw)
            var table: PDFEncodings.Table?
            var recent: [PDFParser.Token] = []
            while let token = parser.nextToken() {
                if token == .keyword("eexec") { break }
                if token == .keyword("StandardEncoding"), recent.last == .object(.name("Encoding")) {
                    return PDFEncodings.standard
                }
                if token == .keyword("put"), recent.count == 3, recent[0] == .keyword("dup"),
                    case .object(.integer(let code)) = recent[1], case .object(.name(let glyph)) = recent[2],
                    code >= 0, code < 256
                {
                    if table == nil { table = PDFEncodings.Table(repeating: nil, count: 256) }
                    table?[code] = PDFEncodings.scalar(forGlyph: glyph)
                }
                recent.append(token)
                if recent.count > 3 { recent.removeFirst() }
            }
            return table
        }
    }

    /// /W: `c [w1 w2 ...]` and `cFirst cLast w` items.
    private mutating func readCIDWidths(_ list: PDFObject, document: PDFDocument) throws(PDFError) {
        guard let items = list.array else { return }
        var index = 0
        while index < items.count && widths.count < Self.maximumWidths {
            guard let first = try document.resolve(items[index]).integer, first >= 0, first <= 1 << 24,
                index + 1 < items.count
            else { return }
            let next = try document.resolve(items[index + 1])
            if let array = next.array {
                for (offset, item) in array.prefix(Self.maximumWidths).enumerated() {
                    if let width = try document.resolve(item).number { widths[first + offset] = width }
                }
                index += 2
            } else {
                guard let last = next.integer, index + 2 < items.count,
                    let width = try document.resolve(items[index + 2]).number, last >= first
                else { return }
                for code in first...min(last, first + Self.maximumWidths - widths.count) { widths[code] = width }
                index += 3
            }
        }
    }

    /// Widths of a standard font used without /Widths: Courier's 600, and
    /// for the others classes of characters near Helvetica's and Times'.
    private static func estimator(baseFont: String) -> (Int) -> Double {
        if baseFont.contains("Courier") { return { _ in 600 } }
        let isTimes = baseFont.contains("Times")
        return { code in
            switch code {
            case 0x20: isTimes ? 250 : 278
            case 0x30...0x39: isTimes ? 500 : 556
            case 0x41...0x5A: 667
            case 0x61...0x7A: isTimes ? 444 : 500
            default: 333
            }
        }
    }

    /// The codes of `string`, with their text and widths.
    ///
    /// - Complexity: O(*n*) in the length of `string`; a simple font's 256
    ///   glyphs are worked out once, when it is read.
    func glyphs(in string: [UInt8]) -> [Glyph] {
        if let table = singleByteGlyphs { return string.map { table[Int($0)] } }
        var result: [Glyph] = []
        result.reserveCapacity(string.count / bytesPerCode + 1)
        var index = 0
        while index < string.count {
            let length = min(bytesPerCode, string.count - index)
            var code = 0
            for offset in 0..<length { code = code << 8 | Int(string[index + offset]) }
            index += length
            result.append(glyph(code: code))
        }
        return result
    }

    /// The glyph of one character code: its text and width.
    private func glyph(code: Int) -> Glyph {
        var text: [Unicode.Scalar]
        if let mapped = toUnicode?.text(for: UInt32(code)) {
            text = mapped
        } else if bytesPerCode == 2 {
            text =
                codeIsUTF16
                ? PDFToUnicodeMap.scalars(utf16BE: [UInt8(code >> 8), UInt8(code & 0xFF)]) : ["\u{FFFD}"]
        } else if let table = encoding {
            text = table[code].map { [$0] } ?? []
        } else {
            text = code >= 0x20 ? [Unicode.Scalar(UInt8(code))] : []
        }
        let known = widths[code] ?? text.first.flatMap { standard?.width(of: $0) }
        let width = known ?? estimate?(code) ?? defaultWidth
        return Glyph(
            text: text, width: width, isWordSpace: bytesPerCode == 1 && code == 32,
            isWidthKnown: (known != nil || estimate == nil) && codesAreCIDs && advancesAreHorizontal)
    }

    /// The 256 glyphs of a simple font, by code, made once all the font's
    /// tables are read: showing text then looks each glyph up.
    private mutating func makeSingleByteGlyphs() {
        guard bytesPerCode == 1 else { return }
        singleByteGlyphs = (0..<256).map { glyph(code: $0) }
    }
}
