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
    /// in memory has, or why it could not be read. Its pages are read one
    /// at a time, each page's text scanned and let go.
    static func countCPFs(
        inPDF bytes: [UInt8], minimumConfidence: CPFScanner.Confidence, accepting accepted: TaxpayerID.Accepted = .cpf,
        limits: DecompressionLimits
    ) -> Result<Int, Unreadable> {
        bytes.withUnsafeBytes {
            countCPFs(inPDF: PDFSource($0), minimumConfidence: minimumConfidence, accepting: accepted, limits: limits)
        }
    }

    /// ``countCPFs(inPDF:minimumConfidence:accepting:limits:)`` of the
    /// PDF `source` reads by offset (a file `redact` wrote): memory holds
    /// the objects being read, not the file.
    static func countCPFs(
        inPDF source: PDFSource, minimumConfidence: CPFScanner.Confidence,
        accepting accepted: TaxpayerID.Accepted = .cpf, limits: DecompressionLimits
    ) -> Result<Int, Unreadable> {
        let limits = Self.pdfLimits(limits)
        let extractor = PDFTextExtractor(limits: limits)
        let count = PDFCount(accepting: accepted, minimumConfidence: minimumConfidence)
        do {
            try extractor.extractText(from: source) { count.addPage($0) }
            // What the file holds besides its pages' text, a number the pages show counted once, as find
            // reports it.
            let placed = count.placed
            let sections = try PDFSweep.sections(of: source, limits: limits) { Self.unplaced($0, placed: placed) }
            count.add([0x0A])
            for section in sections { count.add(section.text) }
            return .success(count.finish())
        } catch {
            return .failure(Unreadable(reason: "PDF: \(error)"))
        }
    }

    /// The count of ``countCPFs(inPDF:minimumConfidence:accepting:limits:)``,
    /// fed one page's text at a time: the matches `redact` hides, and the
    /// characters of every CPF and CNPJ the pages show (``characters(in:)``).
    private final class PDFCount {
        private var scanner: TaxpayerScanner
        private var found = 0
        private(set) var placed: Set<String> = []

        init(accepting accepted: TaxpayerID.Accepted, minimumConfidence: CPFScanner.Confidence) {
            scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        }

        func addPage(_ text: [UInt8]) {
            add(text)
            placed.formUnion(DocumentReader.characters(in: text))
        }

        func add(_ text: [UInt8]) {
            text.withUnsafeBytes { scanner.feed($0) { _ in found += 1 } }
        }

        func finish() -> Int {
            scanner.finish { _ in found += 1 }
            return found
        }
    }

    /// Extracts a PDF's text and hands it over one page at a time, so that
    /// memory holds one page's text, not the document's. Nothing is handed
    /// over until a page shows a character other than a line or page break:
    /// a PDF whose pages show no text at all is named (no text) with
    /// nothing read. A page that cannot be read after others were names
    /// the file after what those pages held was handed over.
    func pdf(
        _ source: PDFSource, path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) {
        let limits = Self.pdfLimits(limits)
        let extractor = PDFTextExtractor(limits: limits)
        let pages = PDFPages()
        do {
            try extractor.extractText(from: source) { page in
                pages.add(page, to: self, path: path, begin: begin, text: text)
            }
            pages.finish(to: self, path: path, begin: begin, text: text)
            if pages.begun { end([]) }
        } catch {
            if pages.begun { end([]) }
            failures.append(Failure(path: path, reason: "PDF: \(error)"))
            // Encrypted: its strings are ciphertext, and the file is named already. Unreadable: named already.
            if case PDFError.encrypted = error { return }
            if case PDFError.readError = error { return }
        }
        let placed = pages.placed
        // What the file holds besides its pages' text, even when they have none (a scan with metadata).
        do {
            let sections = try PDFSweep.sections(of: source, limits: limits) { Self.unplaced($0, placed: placed) }
            for (layer, unplaced) in sections {
                deliverSweep(unplaced, path: path, named: .pdf(layer), begin: begin, text: text, end: end)
            }
        } catch {
            if !failures.contains(where: { $0.path == path }) {
                failures.append(Failure(path: path, reason: "PDF: \(error)"))
            }
        }
    }

    /// The pages of ``pdf(_:path:begin:text:end:)`` handed over as they are
    /// read: held back while they hold only line and page breaks (a PDF
    /// whose pages show no text hands over nothing), then each page
    /// handed over and let go, the characters of its CPFs and CNPJs kept
    /// (``characters(in:)``) for the sweep.
    private final class PDFPages {
        private var held: [UInt8] = []
        private(set) var begun = false
        private(set) var placed: Set<String> = []

        func add(
            _ page: [UInt8], to reader: DocumentReader, path: [UInt8], begin: ([UInt8]) -> Void,
            text: (UnsafeMutableRawBufferPointer) -> Void
        ) {
            guard begun || page.contains(where: { $0 != 0x0A && $0 != 0x0C }) else {
                held += page
                return
            }
            if !begun {
                begun = true
                begin(path)
                reader.handOver(held, text: text)
                held = []
            }
            reader.handOver(page, text: text)
            placed.formUnion(DocumentReader.characters(in: page))
        }

        /// Hands over what was held back: the pages showed text, all of it
        /// line and page breaks.
        func finish(
            to reader: DocumentReader, path: [UInt8], begin: ([UInt8]) -> Void,
            text: (UnsafeMutableRawBufferPointer) -> Void
        ) {
            guard !begun else { return }
            begun = true
            begin(path)
            reader.handOver(held, text: text)
        }
    }
}
