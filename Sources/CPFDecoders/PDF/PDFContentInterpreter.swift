/// Runs the text operators of content streams (ISO 32000-1, 9.4 and 8.4):
/// BT/ET, Tf, Tc, Tw, Tz, TL, Ts, Td, TD, Tm, T*, Tj, TJ, ' and ", with cm,
/// q/Q for the placement of text and Do for form XObjects (nested at most
/// ``maximumFormDepth`` deep, deeper ones throw), and writes the text shown through
/// ``PDFTextWriter``. Inline images (BI/ID/EI) are skipped.
///
/// Content is read by ``PDFOperationReader``. Bounds: its
/// ``PDFOperationReader/maximumOperands`` operands are kept, ``maximumStateDepth``
/// saved graphics states, and at most ``maximumInterpretedBytes`` bytes of
/// content are run in all (a form drawn many times counts each time).
///
/// ```swift
/// let interpreter = PDFContentInterpreter(document: document)
/// try interpreter.run(contents, resources: resources)
/// interpreter.writer.endPage()
/// ```
final class PDFContentInterpreter {
    static let maximumFormDepth = 12
    static let maximumStateDepth = 256
    static let maximumInterpretedBytes = 1 << 30

    struct Matrix: Equatable {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

        /// `self` × `other`, in PDF's row-vector convention.
        func concatenating(_ other: Matrix) -> Matrix {
            Matrix(
                a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                e: e * other.a + f * other.c + other.e, f: e * other.b + f * other.d + other.f)
        }

        mutating func translate(_ x: Double, _ y: Double) {
            e += x * a + y * c
            f += x * b + y * d
        }

        init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0) {
            (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
        }

        init?(_ values: [Double]) {
            guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
            self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
        }
    }

    private struct TextState {
        var characterSpacing = 0.0
        var wordSpacing = 0.0
        var horizontalScale = 1.0
        var leading = 0.0
        var fontSize = 0.0
        var font: PDFFont?
    }

    let document: PDFDocument
    var writer = PDFTextWriter()
    /// Told of the glyphs shown, for a redaction (nil to extract text only).
    var recorder: PDFGlyphRecorder?
    /// Told of each image XObject drawn (`Do`, in forms too): its entry in
    /// the resources (a reference, usually) and the stream; and of each
    /// inline image skipped, its size (see ``PDFImageExtractor``).
    var imageDrawn: ((PDFObject, PDFObject) -> Void)?
    var inlineImageSkipped: ((Int, Int) -> Void)?
    /// The bytes of the operands and the operator being performed.
    private var operationRange = 0..<0
    /// The graphics states saved and not restored.
    var savedStateCount: Int { states.count }
    private var ctm = Matrix()
    private var states: [(Matrix, TextState)] = []
    private var textMatrix = Matrix()
    private var lineMatrix = Matrix()
    private var text = TextState()
    private var operands: [PDFObject] = []
    private var fonts: [Int: PDFFont] = [:]
    /// The decoded content of the form XObjects drawn, kept for the next
    /// time they are drawn, at most ``cachedFormBytes`` of it.
    private var forms: [Int: [UInt8]] = [:]
    private var formBytes = 0
    static let cachedFormBytes = 1 << 24
    private var activeForms: Set<Int> = []
    private var interpreted = 0
    private let defaultFont = PDFFont()
    /// The direction of the baseline of the last text shown, a unit vector.
    private var baseline = (x: 1.0, y: 0.0)

    init(document: PDFDocument) {
        self.document = document
    }

    /// Starts a page: the graphics state back to its defaults.
    func startPage() {
        ctm = Matrix()
        states = []
        text = TextState()
        textMatrix = Matrix()
        lineMatrix = Matrix()
    }

    /// Runs `content` with `resources` (a dictionary, maybe a reference).
    func run(_ content: [UInt8], resources: PDFObject, depth: Int = 0) throws(PDFError) {
        interpreted += content.count
        guard interpreted <= Self.maximumInterpretedBytes else {
            throw .tooComplex("more than \(Self.maximumInterpretedBytes) bytes of page content")
        }
        let resources = try document.resolve(resources)
        let outcome = content.withUnsafeBytes { raw in
            Result { () throws(PDFError) in try interpret(raw, resources: resources, depth: depth) }
        }
        try outcome.get()
    }

    private func interpret(_ bytes: UnsafeRawBufferPointer, resources: PDFObject, depth: Int) throws(PDFError) {
        var reader = PDFOperationReader(bytes)
        while let (op, range) = reader.next() {
            operationRange = range
            // The operator's operands are `operands` while it is performed (a form it draws reads its own
            // and gives these back), moved, not copied.
            swap(&operands, &reader.operands)
            defer { swap(&operands, &reader.operands) }
            try perform(op, resources: resources, depth: depth)
        }
        if let inlineImageSkipped {
            for (width, height) in reader.inlineImages { inlineImageSkipped(width, height) }
        }
    }

    private func number(_ index: Int) -> Double {
        let position = operands.count - index - 1
        guard position >= 0, let value = operands[position].number, value.isFinite else { return 0 }
        return value
    }

    private func perform(_ op: String, resources: PDFObject, depth: Int) throws(PDFError) {
        switch op {
        case "q":
            if states.count < Self.maximumStateDepth { states.append((ctm, text)) }
        case "Q":
            if let (matrix, saved) = states.popLast() { (ctm, text) = (matrix, saved) }
        case "cm":
            if let matrix = Matrix((0..<6).reversed().map { number($0) }), operands.count >= 6 {
                ctm = matrix.concatenating(ctm)
            }
        case "BT":
            textMatrix = Matrix()
            lineMatrix = Matrix()
        case "ET":
            break
        case "Tc": text.characterSpacing = number(0)
        case "Tw": text.wordSpacing = number(0)
        case "Tz": text.horizontalScale = number(0) / 100
        case "TL": text.leading = number(0)
        case "Tf":
            text.fontSize = number(0)
            if operands.count >= 2, case .name(let name) = operands[operands.count - 2] {
                text.font = try font(named: name, resources: resources)
            }
        case "Td":
            moveLine(number(1), number(0))
        case "TD":
            text.leading = -number(0)
            moveLine(number(1), number(0))
        case "Tm":
            if let matrix = Matrix((0..<6).reversed().map { number($0) }), operands.count >= 6 {
                textMatrix = matrix
                lineMatrix = matrix
            }
        case "T*":
            moveLine(0, -text.leading)
        case "Tj":
            recorder?.begin(op, range: operationRange, operands: operands)
            if let string = operands.last?.string { show(string) }
        case "'":
            recorder?.begin(op, range: operationRange, operands: operands)
            moveLine(0, -text.leading)
            if let string = operands.last?.string { show(string) }
        case "\"":
            recorder?.begin(op, range: operationRange, operands: operands)
            if operands.count >= 3 {
                text.wordSpacing = number(2)
                text.characterSpacing = number(1)
            }
            moveLine(0, -text.leading)
            if let string = operands.last?.string { show(string) }
        case "TJ":
            guard let items = operands.last?.array else { return }
            recorder?.begin(op, range: operationRange, operands: operands)
            for (index, item) in items.enumerated() {
                recorder?.item = index
                if let string = item.string {
                    show(string)
                } else if let adjustment = item.number, adjustment.isFinite {
                    let shift = -adjustment / 1000 * text.fontSize * text.horizontalScale
                    textMatrix.translate(shift, 0)
                    if adjustment <= -200 { writer.requestSpace() }
                }
            }
        case "Do":
            if operands.count >= 1, case .name(let name) = operands[operands.count - 1] {
                try drawForm(named: name, resources: resources, depth: depth)
            }
        default:
            break
        }
    }

    private func moveLine(_ x: Double, _ y: Double) {
        lineMatrix.translate(x, y)
        textMatrix = lineMatrix
    }

    private func font(named name: String, resources: PDFObject) throws(PDFError) -> PDFFont? {
        let fontResources = try document.resolve(resources["Font"] ?? .null)
        guard let entry = fontResources[name] else { return nil }
        if case .reference(let number, _) = entry, let cached = fonts[number] { return cached }
        let dictionary = try document.resolve(entry)
        guard dictionary.dictionary != nil else { return nil }
        let font = try PDFFont(dictionary, document: document)
        if case .reference(let number, _) = entry { fonts[number] = font }
        return font
    }

    private func show(_ string: [UInt8]) {
        let font = text.font ?? defaultFont
        let place = textMatrix.concatenating(ctm)
        var size = abs(text.fontSize) * (place.c * place.c + place.d * place.d).squareRoot()
        if !size.isFinite || size == 0 { size = 1 }
        // Positions along the baseline's direction and across it, so that
        // rotated text (a landscape page drawn with a rotation) is laid out
        // as text drawn upright.
        var direction = (x: place.a, y: place.b)
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        if length.isFinite && length > 0 {
            direction = (direction.x / length, direction.y / length)
        } else {
            direction = (1, 0)
        }
        if abs(direction.x - baseline.x) > 0.01 || abs(direction.y - baseline.y) > 0.01 {
            baseline = direction
            writer.breakLine()
        }
        // A word space of this font, as wide as it is drawn on the page.
        let wordSpace = font.spaceWidth / 1000 * abs(text.fontSize) * abs(text.horizontalScale) * length
        writer.place(
            x: place.e * direction.x + place.f * direction.y, y: place.f * direction.x - place.e * direction.y,
            size: size, wordSpace: wordSpace.isFinite && wordSpace > 0 ? wordSpace : size / 4)
        for (index, glyph) in font.glyphs(in: string).enumerated() {
            let before = writer.output.count
            writer.append(glyph.text)
            let unscaled =
                glyph.width / 1000 * text.fontSize + text.characterSpacing + (glyph.isWordSpace ? text.wordSpacing : 0)
            if let recorder {
                let start = index * font.bytesPerCode
                recorder.glyph(
                    glyph, isVertical: font.isVertical, text: before..<writer.output.count,
                    bytes: start..<min(start + font.bytesPerCode, string.count)
                ) { measure(glyph, unscaled: unscaled) }
            }
            let advance = unscaled * text.horizontalScale
            if advance.isFinite { textMatrix.translate(advance, 0) }
        }
        let end = textMatrix.concatenating(ctm)
        writer.end(x: end.e * baseline.x + end.f * baseline.y)
    }

    /// The TJ number that moves the pen as `glyph` does (its advance before
    /// horizontal scaling is `unscaled`), and its box on the page: its
    /// width, from 0.3 of the font size under the baseline to the size
    /// above it.
    private func measure(_ glyph: PDFFont.Glyph, unscaled: Double) -> (Double, PDFGlyphRecorder.Box) {
        let displacement = text.fontSize == 0 ? Double.nan : -unscaled * 1000 / text.fontSize
        let place = textMatrix.concatenating(ctm)
        let width = glyph.width / 1000 * text.fontSize * text.horizontalScale
        var box = PDFGlyphRecorder.Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for x in [0, width] {
            for y in [-0.3 * text.fontSize, text.fontSize] {
                let pageX = x * place.a + y * place.c + place.e
                let pageY = x * place.b + y * place.d + place.f
                box.minX = min(box.minX, pageX)
                box.maxX = max(box.maxX, pageX)
                box.minY = min(box.minY, pageY)
                box.maxY = max(box.maxY, pageY)
            }
        }
        return (displacement, box)
    }

    /// Draws the form XObject `name` of `resources`, from content run
    /// `depth` forms deep. A form nested deeper than ``maximumFormDepth``
    /// stops the reading (the text it holds would go unread, silently).
    private func drawForm(named name: String, resources: PDFObject, depth: Int) throws(PDFError) {
        let objects = try document.resolve(resources["XObject"] ?? .null)
        guard let entry = objects[name], case .reference(let number, _) = entry, !activeForms.contains(number) else {
            return
        }
        let form = try document.resolve(entry)
        if let imageDrawn, case .stream(let dictionary, _) = form, dictionary["Subtype"]?.name == "Image" {
            imageDrawn(entry, form)
            return
        }
        guard case .stream(let dictionary, _) = form, dictionary["Subtype"]?.name == "Form" else { return }
        guard depth < Self.maximumFormDepth else {
            throw .tooComplex("form XObjects nested more than \(Self.maximumFormDepth) deep")
        }
        let content: [UInt8]
        if let cached = forms[number] {
            content = cached
        } else {
            content = try document.decodeStream(form)
            if formBytes + content.count > Self.cachedFormBytes {
                forms.removeAll()
                formBytes = 0
            }
            formBytes += content.count
            forms[number] = content
        }
        let saved = (ctm, text, textMatrix, lineMatrix)
        if let values = try document.resolve(dictionary["Matrix"] ?? .null).array,
            let matrix = Matrix(values.map { $0.number ?? 0 })
        {
            ctm = matrix.concatenating(ctm)
        }
        activeForms.insert(number)
        defer { activeForms.remove(number) }
        let stream = recorder?.stream
        recorder?.stream = .form(number)
        defer { if let stream { recorder?.stream = stream } }
        try run(content, resources: dictionary["Resources"] ?? resources, depth: depth + 1)
        (ctm, text, textMatrix, lineMatrix) = saved
    }
}
