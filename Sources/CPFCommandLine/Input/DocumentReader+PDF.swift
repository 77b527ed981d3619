import CPFDecoders
import CPFKit

/// A PDF's text: its pages' text extracted and handed over, then what its
/// sweep (``PDFSweep``) finds that the pages do not hold, layer by layer
/// (``PDFLayer``: `FILE:page 3 annotation:…`, `FILE:metadata:…`); and the
/// CPFs a PDF held in memory holds, counted for `redact`.
extension DocumentReader {
    /// A text that could not be read, and why.
    struct Unreadable: Error {
        let reason: String
    }

    /// How many CPFs of at least `minimumConfidence` the text of a PDF held
    /// in memory has, or why it could not be read.
    static func countCPFs(
        inPDF bytes: [UInt8], minimumConfidence: CPFScanner.Confidence, accepting accepted: TaxpayerID.Accepted = .cpf,
        limits: DecompressionLimits
    ) -> Result<Int, Unreadable> {
        let limits = Self.pdfLimits(limits)
        let extractor = PDFTextExtractor(limits: limits)
        do {
            var text = try bytes.withUnsafeBytes { (pdf) throws(PDFError) in try extractor.extractText(from: pdf) }
            // What the file holds besides its pages' text, a number the pages show counted once, as find
            // reports it.
            let sections = try bytes.withUnsafeBytes { (pdf) throws(PDFError) in
                try PDFSweep.sections(of: pdf, limits: limits)
            }
            let placed = Self.characters(in: text)
            text.append(0x0A)
            for section in sections { text += Self.unplaced(section.text, placed: placed) }
            var found = 0
            var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
            text.withUnsafeBytes { scanner.feed($0) { _ in found += 1 } }
            scanner.finish { _ in found += 1 }
            return .success(found)
        } catch {
            return .failure(Unreadable(reason: "PDF: \(error)"))
        }
    }

    /// Extracts a PDF's text and hands it over.
    func pdf(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) {
        let limits = Self.pdfLimits(limits)
        let extractor = PDFTextExtractor(limits: limits)
        var placed: Set<String> = []
        do {
            let extracted = try bytes.withUnsafeBytes { (pdf) throws(PDFError) in try extractor.extractText(from: pdf) }
            deliver(extracted, path: path, begin: begin, text: text) { end([]) }
            placed = Self.characters(in: extracted)
        } catch {
            failures.append(Failure(path: path, reason: "PDF: \(error)"))
            // Encrypted: its strings are ciphertext, and the file is named already.
            if case PDFError.encrypted? = error as? PDFError { return }
        }
        // What the file holds besides its pages' text, even when they have none (a scan with metadata).
        do {
            let sections = try bytes.withUnsafeBytes { (pdf) throws(PDFError) in
                try PDFSweep.sections(of: pdf, limits: limits)
            }
            for (layer, sweep) in sections {
                let unplaced = Self.unplaced(sweep, placed: placed)
                deliverSweep(unplaced, path: path, named: .pdf(layer), begin: begin, text: text, end: end)
            }
        } catch {
            if !failures.contains(where: { $0.path == path }) {
                failures.append(Failure(path: path, reason: "PDF: \(error)"))
            }
        }
    }
}
