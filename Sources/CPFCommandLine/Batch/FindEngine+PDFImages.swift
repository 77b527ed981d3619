import CPFDecoders
import CPFSystem

/// `find` in the images of a PDF (issue 41): after the PDF's text (its
/// pages streamed as before, then its other layers), each image its pages
/// draw is read by the OCR engine (``PDFImageOCR``) and its CPFs reported
/// as `FILE:page 3 image 1:ocr:LINE:COLUMN`, in JSON with
/// `"in":"page 3 image 1"`, `"ocr":true`, `"page"` and `"box"` (see
/// ``report(_:named:image:)``). An image that cannot be read (no engine,
/// `--no-ocr`, JBIG2, CMYK…) names the file not searched, as an image file
/// is; a PDF without text whose images were all read is searched, no
/// longer named "no text".
extension FindEngine {
    /// ``find(_:named:)`` for a PDF in a regular file, its images read as `reading` says.
    func findInPDF(_ descriptor: FileDescriptor, reading: ImageReading, named name: RawText) throws(InputFailure) {
        let start: Int
        do throws(Errno) { start = try descriptor.currentOffset() } catch { throw .read(error) }
        let before = foundCount
        var textFailure: String?
        do throws(InputFailure) {
            try findInDocument(descriptor, format: .pdf, named: name)
        } catch {
            guard case .notSearched(let reason) = error else { throw error }
            textFailure = reason
        }
        let textFailures = documents.failures
        let size = system_regularFileSize(descriptor.rawValue) ?? 0
        // Listed already (-l, -q); or too large to hold, which the text's failure says.
        if settings.stopsAtFirst && foundCount > before || size - start > DocumentReader.maximumHeldSize {
            if let textFailure { throw .notSearched(textFailure) }
            return
        }
        let file = PositionalFileReader(descriptor, start: start)
        var bytes = [UInt8](repeating: 0, count: size - start)
        let count: Int
        do { count = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 0) } } catch {
            throw .read(file.error ?? .inputOutput)
        }
        bytes.removeLast(bytes.count - count)
        let outcome = PDFImageOCR.read(
            bytes, limits: settings.limits, reading: reading, temporaryDirectory: temporaryDirectory
        ) { image, text in
            report(text, named: name, image: image)
        }
        bytes = []
        // A PDF without text whose images are read is searched: its text is theirs.
        let noText = "PDF: \(PDFError.noText)"
        let kept = outcome.images > 0 ? textFailures.filter { $0.reason != noText } : textFailures
        var reasons: [String] = []
        if let reason = DocumentReader.summary(of: kept, format: .pdf) { reasons.append(reason) }
        // An encrypted or damaged PDF is named once, for its text.
        if let reason = outcome.summary, outcome.error == nil || reasons.isEmpty { reasons.append(reason) }
        if !reasons.isEmpty { throw .notSearched(reasons.joined(separator: "; ")) }
    }
}
