import CPFDecoders
import CPFKit
import CPFSystem

/// `redact` in images: the pixels of a PNG or JPEG file in which the OCR
/// engine reads a CPF painted over (the boxes of its words, grown by a
/// margin), the file written back in its own format and read again before
/// it is given out.
extension RedactEngine {
    /// The margin added on each side of a word's box before it is painted:
    /// 15 % of the box's height, rounded up, and at least 2 pixels, as an
    /// OCR engine's boxes hug the ink and anti-aliased edges lie outside.
    static func margin(forHeight height: Int) -> Int { max(2, (height * 15 + 99) / 100) }

    /// The rectangles to paint for the matches at `ranges` of `text`: the
    /// box of every word a byte of a range belongs to, each grown by
    /// ``margin(forHeight:)``, in the order of the words (a word shared by
    /// two matches once).
    static func rectangles(covering ranges: [Range<Int>], in text: OCRText) -> [PixelRectangle] {
        var words: [Int] = []
        for range in ranges where !range.isEmpty {
            guard let first = text.word(at: range.lowerBound), let last = text.word(at: range.upperBound - 1) else {
                continue
            }
            for word in first...last where words.last.map({ $0 < word }) ?? true { words.append(word) }
        }
        return words.map { word in
            let box = text.boxes[word]
            let margin = margin(forHeight: box.height)
            return PixelRectangle(
                x: box.left - margin, y: box.top - margin, width: box.width + 2 * margin,
                height: box.height + 2 * margin)
        }
    }

    /// The ranges of the matches of `text` that redaction hides (see
    /// ``redacts(_:minimumConfidence:isLineLocal:)``).
    func hiddenRanges(in text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        let keep = { [minimumConfidence, isLineLocal] (match: TaxpayerScanner.Match) in
            if Self.redacts(match, minimumConfidence: minimumConfidence, isLineLocal: isLineLocal) {
                ranges.append(match.range)
            }
        }
        text.withUnsafeBytes { scanner.feed($0, onMatch: keep) }
        scanner.finish(onMatch: keep)
        return ranges
    }

    /// ``redact(_:)`` for an image in a regular file, its pixels read as
    /// `reading` says. Its bytes are redacted first as before (a PNG's text
    /// chunks, through ``ArchiveRedactor``; any other image's bytes as a
    /// file's, a CPF in a JPEG comment or EXIF field hidden where it
    /// stands); then the engine reads its pixels, and each match it reads
    /// that redaction hides is painted over (``rectangles(covering:in:)``):
    /// a PNG by ``PNGImage/redacting(_:rectangles:color:limits:)``, a JPEG
    /// by ``JPEGImage/redact(_:)`` after its embedded pictures (an Exif
    /// thumbnail) are dropped. The file written is read again, by a fresh
    /// run of the engine and by the same byte search: a match the engine
    /// reads there is painted too and the file read again, up to
    /// ``paintingRounds`` paintings; a match left after the last (or any in
    /// the bytes) leaves the original as it was, named as not rewritten. A TIFF, BMP,
    /// GIF or WebP image in which the engine reads a match is not
    /// rewritten; an image with nothing to hide is copied as it is.
    func redactImage(
        _ descriptor: FileDescriptor, format: ImageFormat, reading: FindEngine.ImageReading
    ) throws(InputFailure) {
        let size = system_regularFileSize(descriptor.rawValue) ?? 0
        let start: Int
        do throws(Errno) { start = try descriptor.currentOffset() } catch { throw .read(error) }
        guard size - start <= DocumentReader.maximumHeldSize else {
            throw .notSearched("\(format.rawValue) image larger than \(DocumentReader.heldSizeText)")
        }
        let file = PositionalFileReader(descriptor, start: start)
        var bytes = [UInt8](repeating: 0, count: size - start)
        let count: Int
        do { count = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 0) } } catch {
            throw .read(file.error ?? .inputOutput)
        }
        bytes.removeLast(bytes.count - count)
        // The bytes, as before.
        var written = bytes
        var hiddenInBytes = 0
        if format == .png {
            var redactor = ArchiveRedactor(engine: self, documentSize: bytes.count)
            do throws(PNGError) { written = try redactor.redact(png: bytes, path: []) ?? bytes } catch {
                throw .notSearched("\(error)")
            }
            if let reason = DocumentReader.summary(of: redactor.failures, format: .png) {
                throw .notRewritten(reason)
            }
            hiddenInBytes = redactor.hidden
        } else {
            hiddenInBytes = hideInBytes(&written)
        }
        // The pixels.
        let engine = try Self.engine(reading, format: format)
        let text: OCRText
        switch engine.read(descriptor) {
        case .failure(let failure): throw .notSearched(failure.reason)
        case .success(let read): text = read
        }
        let ranges = hiddenRanges(in: text.bytes)
        guard !ranges.isEmpty || hiddenInBytes > 0 else {
            if reencodes { bytes.withUnsafeBytes { out.write($0) } }
            return
        }
        let painted = try paintedAndProven(written, format: format, text: text, engine: engine, allowing: hiddenInBytes)
        redactedCount += hiddenInBytes + painted.count
        if reencodes { painted.bytes.withUnsafeBytes { out.write($0) } } else { heldRewrite = painted.bytes }
    }

    /// The engine `reading` reads images with; without one (none found,
    /// `--no-ocr`) an image of `format` is not searched.
    static func engine(_ reading: FindEngine.ImageReading, format: ImageFormat) throws(InputFailure) -> OCREngine {
        switch reading {
        case .refused: throw .notSearched("\(format.rawValue) image not read by OCR (--no-ocr)")
        case .noEngine: throw .notSearched("no OCR engine (install tesseract-ocr)")
        case .engine(let engine): return engine
        }
    }

    /// How many times an image is painted and read again at most before it
    /// is named not rewritten.
    static let paintingRounds = 3

    /// The image `bytes` of `format` (its bytes redacted already, `allowed`
    /// matches hidden there) with the matches redaction hides in `text`
    /// (what `engine` read in its pixels) painted over
    /// (``rectangles(covering:in:)``), then proven: read again by a fresh
    /// run of the engine and by the byte search (``prove(_:format:engine:allowing:)``).
    /// A match the fresh run reads that the first did not (Tesseract reads
    /// a page as a whole: a number beside a painted one may read otherwise)
    /// is painted too, from the same bytes, and the image proven again, up
    /// to ``paintingRounds`` paintings; one left after the last is thrown
    /// as not rewritten. Returns the image written and the matches painted.
    func paintedAndProven(
        _ bytes: [UInt8], format: ImageFormat, text: OCRText, engine: OCREngine, allowing allowed: Int
    ) throws(InputFailure) -> (bytes: [UInt8], count: Int) {
        let ranges = hiddenRanges(in: text.bytes)
        var rectangles = Self.rectangles(covering: ranges, in: text)
        var hidden = ranges.count
        var written = bytes
        for round in 1... {
            if !rectangles.isEmpty { written = try paint(bytes, format: format, rectangles: rectangles) }
            let read = try prove(written, format: format, engine: engine, allowing: allowed)
            let left = hiddenRanges(in: read.bytes)
            guard !left.isEmpty else { break }
            guard round < Self.paintingRounds else {
                throw .notRewritten("the OCR engine still reads \(numbers(left.count)) in the image written")
            }
            hidden += left.count
            rectangles += Self.rectangles(covering: left, in: read)
        }
        return (written, hidden)
    }

    /// The image `bytes` with `rectangles` painted black, in its own format:
    /// a PNG by ``PNGImage/redacting(_:rectangles:color:limits:)``, a JPEG
    /// by ``JPEGImage/redact(_:)`` after its embedded pictures (an Exif
    /// thumbnail) are dropped. A TIFF, BMP, GIF or WebP image, or one the
    /// codecs refuse, is not rewritten.
    private func paint(_ bytes: [UInt8], format: ImageFormat, rectangles: [PixelRectangle]) throws(InputFailure)
        -> [UInt8]
    {
        switch format {
        case .png:
            do throws(PNGError) {
                return try PNGImage.redacting(bytes, rectangles: rectangles, limits: limits)
            } catch {
                throw .notRewritten("\(error)")
            }
        case .jpeg:
            do throws(JPEGError) {
                var image = try JPEGImage(bytes)
                image.removeEmbeddedPictures()
                image.redact(rectangles)
                return try image.encoded()
            } catch {
                throw .notRewritten("\(error)")
            }
        case .tiff, .bmp, .gif, .webP:
            throw .notRewritten("\(format.rawValue) images are not rewritten")
        }
    }

    /// A held image's pixels redacted as ``redactImage(_:format:reading:)``
    /// redacts a file's: `original` (an archive's member, an e-mail's
    /// attachment) read by the engine, the matches it holds painted over in
    /// `bytes` (the same image, its bytes redacted already, `hiddenInBytes`
    /// matches hidden there) and proven (``paintedAndProven(_:format:text:engine:allowing:)``).
    /// Returns the new image and the matches painted; nil when neither its
    /// pixels nor its bytes held anything to hide.
    func redactPixels(
        of original: [UInt8], in bytes: [UInt8], format: ImageFormat, hiddenInBytes: Int
    ) throws(InputFailure) -> (bytes: [UInt8], count: Int)? {
        let engine = try Self.engine(images ?? .noEngine, format: format)
        let text: OCRText
        switch engine.read(original, temporaryDirectory: temporaryDirectory) {
        case .failure(let failure): throw .notSearched(failure.reason)
        case .success(let read): text = read
        }
        guard hiddenInBytes > 0 || !hiddenRanges(in: text.bytes).isEmpty else { return nil }
        return try paintedAndProven(bytes, format: format, text: text, engine: engine, allowing: hiddenInBytes)
    }

    /// For a ``DocumentReader`` that counts what redact would hide in what
    /// it cannot rewrite (``DocumentReader/imageMember``): each image
    /// member's pixels read by the engine, the matches redaction hides
    /// there handed to `found`; the reason when they cannot be read (no
    /// engine, `--no-ocr`, the engine failed). Nil when images are not
    /// read by OCR at all (no ``images`` setting).
    func imageCounter(_ found: @escaping (Int) -> Void) -> (
        (_ path: [UInt8], _ format: ImageFormat, _ bytes: [UInt8]) ->
            String?
    )? {
        guard let images else { return nil }
        return { [self] _, format, bytes in
            do throws(InputFailure) {
                let engine = try Self.engine(images, format: format)
                switch engine.read(bytes, temporaryDirectory: temporaryDirectory) {
                case .failure(let failure): return failure.reason
                case .success(let text):
                    found(hiddenRanges(in: text.bytes).count)
                    return nil
                }
            } catch {
                switch error {
                case .notSearched(let reason), .notRewritten(let reason): return reason
                case .read(let error): return "\(error)"
                }
            }
        }
    }

    /// Hides in `bytes` (any image's but a PNG's) what redaction hides in a
    /// file's bytes, each match where it stands; how many.
    private func hideInBytes(_ bytes: inout [UInt8]) -> Int {
        var hidden = 0
        bytes.withUnsafeMutableBytes { buffer in
            var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
            let base = buffer.baseAddress!
            let hide = { (match: TaxpayerScanner.Match) in
                if self.hide(match, in: base, origin: 0, counts: false) { hidden += 1 }
            }
            scanner.feed(UnsafeRawBufferPointer(buffer), onMatch: hide)
            scanner.finish(onMatch: hide)
        }
        return hidden
    }

    /// Proof before replace: the image `written` read again by the byte
    /// search (a PNG's text chunks, any other image's bytes), a match there
    /// (more than `allowed`, pseudonyms being CPFs) thrown as not
    /// rewritten, as is an image that cannot be read again; and by a fresh
    /// run of `engine`, whose text is returned.
    private func prove(
        _ written: [UInt8], format: ImageFormat, engine: OCREngine, allowing allowed: Int
    ) throws(InputFailure) -> OCRText {
        var writesPseudonyms = false
        if case .pseudonym = style { writesPseudonyms = true }
        let allowed = writesPseudonyms ? allowed : 0
        let left: Int
        if format == .png {
            var redactor = ArchiveRedactor(engine: self, documentSize: written.count)
            do throws(PNGError) { _ = try redactor.redact(png: written, path: []) } catch {
                throw .notRewritten("the PNG written reads back as: \(error)")
            }
            left = redactor.hidden + redactor.failures.count
        } else {
            left = hiddenRanges(in: written).count
        }
        if left > allowed {
            throw .notRewritten("the image written still holds \(numbers(left - allowed)) in its bytes")
        }
        switch engine.read(written, temporaryDirectory: temporaryDirectory) {
        case .failure(let failure): throw .notRewritten("the image written reads back as: \(failure.reason)")
        case .success(let text): return text
        }
    }
}
