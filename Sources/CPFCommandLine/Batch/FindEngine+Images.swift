import CPFDecoders
import CPFKit
import CPFSystem

/// `find` in images: the text an OCR engine reads in a PNG, JPEG, TIFF,
/// BMP, GIF or WebP file, scanned as any other text (OCR readings of
/// look-alike letters included, as always), each match reported as
/// `FILE:ocr:LINE:COLUMN` of the OCR text and, in JSON, with `"in":"ocr"`,
/// `"ocr":true` and its box in pixels. The file's bytes are searched too,
/// before, as any file's (a CPF in a JPEG's comment or EXIF data).
extension FindEngine {
    /// How the pixels of images are read (`--ocr-engine`, `--no-ocr`).
    enum ImageReading {
        /// By this engine.
        case engine(OCREngine)
        /// Not: no engine was found; each image is named not searched.
        case noEngine
        /// Not, as asked (`--no-ocr`); each image is named not searched.
        case refused

        /// The reading `find`'s options ask for: none with `--no-ocr`, else
        /// the engine `--ocr-engine` names or `tesseract` in `PATH`.
        static func chosen(engine: RawText?, refused: Bool, searchPath: String?) -> ImageReading {
            if refused { return .refused }
            return OCREngine.find(given: engine, searchPath: searchPath).map { .engine($0) } ?? .noEngine
        }
    }

    /// ``find(_:named:)`` for an image, its pixels read as
    /// ``Settings/images`` says; a PNG image's text chunks are searched
    /// first, as a document's members (a PNG whose chunks cannot be read is
    /// named for them, its pixels not read). The image's whole text is
    /// scanned at once: an OCR table is small.
    func findInImage(
        _ descriptor: FileDescriptor, format: ImageFormat, reading: ImageReading, named name: RawText
    ) throws(InputFailure) {
        if format == .png {
            let start: Int
            do throws(Errno) { start = try descriptor.currentOffset() } catch { throw .read(error) }
            try findInDocument(descriptor, format: .png, named: name)
            do throws(Errno) { try descriptor.seek(to: start) } catch { throw .read(error) }
        }
        switch reading {
        case .refused: throw .notSearched("\(format.rawValue) image not read by OCR (--no-ocr)")
        case .noEngine: throw .notSearched("no OCR engine (install tesseract-ocr)")
        case .engine(let engine):
            switch engine.read(descriptor) {
            case .failure(let failure): throw .notSearched(failure.reason)
            case .success(let text): report(text, named: name)
            }
        }
    }

    /// The pixels of an image inside a document (`bytes`, the member
    /// `path` of the archive, Office document or e-mail `name`), read as
    /// ``Settings/images`` says and reported as
    /// `SOURCE!MEMBER:ocr:LINE:COLUMN`; returns why they could not be read
    /// (the member's failure), or nil. The engine reads them from a
    /// temporary file with no name (``OCREngine/read(_:temporaryDirectory:)``).
    func findInImageMember(
        _ bytes: [UInt8], format: ImageFormat, reading: ImageReading, named name: RawText, member path: [UInt8]
    ) -> String? {
        switch reading {
        case .refused: return "\(format.rawValue) image not read by OCR (--no-ocr)"
        case .noEngine: return "no OCR engine (install tesseract-ocr)"
        case .engine(let engine):
            switch engine.read(bytes, temporaryDirectory: temporaryDirectory) {
            case .failure(let failure): return failure.reason
            case .success(let text):
                report(text, named: name, member: shownMember(path))
                return nil
            }
        }
    }

    /// Prints the CPFs (and CNPJs, with `--document`) of an image's OCR
    /// text as `SOURCE:ocr:LINE:COLUMN: TEXT` (`SOURCE!MEMBER:ocr:…` for an
    /// image inside a document, `member` its path as shown), LINE and
    /// COLUMN those of the text (lines as the engine found them, words
    /// joined by a space); in JSON with `"in":"ocr"`, `"ocr":true`,
    /// `"box":[LEFT,TOP,WIDTH,HEIGHT]` (pixels, the words the match is
    /// written in), `"member"` for a member, and `"page"` past a TIFF's first.
    /// For an image a PDF draws, `image` is its name (`page 3 image 1`):
    /// `SOURCE:page 3 image 1:ocr:LINE:COLUMN`, in JSON `"in":"page 3 image 1"`
    /// and `"page"` the PDF's page.
    func report(_ text: OCRText, named name: RawText, member: [UInt8] = [], image: PDFImage? = nil) {
        var matches: [TaxpayerScanner.Match] = []
        var scanner = TaxpayerScanner(accepting: settings.accepted)
        text.bytes.withUnsafeBytes { scanner.feed($0) { matches.append($0) } }
        scanner.finish { matches.append($0) }
        // `SOURCE:ocr` in the text report, as a document's sections are shown; `"in":"ocr"` in JSON.
        let shownSource = Self.shownSource(
            json ? name.bytes : Escaping.readableBytes(name, limit: .max), member: member, section: nil, json: json)
        let section = image.map { ":\($0.name)" } ?? ""
        let shownName = json ? shownSource : shownSource + Array("\(section):ocr".utf8)
        var counts = Counts()
        for match in matches {
            let (confidence, isValid) = (match.confidence, match.isValid)
            guard isValid ? confidence >= settings.minimumConfidence : settings.includesInvalid else { continue }
            if settings.isLineLocal, match.spansLineBreak { continue }
            counts.add(confidence: confidence, isValid: isValid)
            guard settings.printsMatches else { continue }
            let start = match.range.lowerBound
            let lineStart = text.bytes[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let line = 1 + text.bytes[..<start].count { $0 == 0x0A }
            let column = start - lineStart + 1
            let (written, characters) = Self.shown(match, hiding: hiding)
            if json {
                var object = JSONObjectWriter(to: out)
                object.string("source", RawText(shownName))
                if !member.isEmpty { member.withUnsafeBytes { object.string("member", $0) } }
                object.string("in", image?.name ?? "ocr")
                object.number("line", line)
                object.number("column", column)
                written.withUnsafeBytes { object.string("text", $0) }
                Self.writeFields(
                    match, characters: characters, namingKind: settings.accepted != .cpf, isOCRText: true,
                    to: &object)
                if let box = text.box(covering: match.range) {
                    object.numbers("box", [box.left, box.top, box.width, box.height])
                    if let image {
                        object.number("page", image.page)
                    } else if let word = text.word(at: start), text.pages[word] > 1 {
                        object.number("page", text.pages[word])
                    }
                }
                object.end()
            } else {
                shownName.withUnsafeBytes { source in
                    written.withUnsafeBytes { written in
                        if settings.colours {
                            writeColouredLine(source: source, line: line, column: column, text: written, to: out)
                        } else {
                            out.write(source)
                            out.write(byte: UInt8(ascii: ":"))
                            out.write(decimal: line)
                            out.write(byte: UInt8(ascii: ":"))
                            out.write(decimal: column)
                            out.write(": ")
                            Escaping.writeReadable(written, quote: nil, to: out)
                            out.write(byte: 0x0A)
                        }
                    }
                }
            }
        }
        reportedCounts += counts
        foundCount += counts.total
    }
}
