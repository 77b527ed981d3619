import CPFDecoders
import CPFSystem

/// The images a PDF's pages draw (``PDFImageExtractor``) read by the OCR
/// engine, one at a time: each image's file written to an unnamed
/// temporary file and handed to the engine, its text given to `text`; what
/// could not be read collected with why. What `find` reports and `redact`
/// refuses to leave unread.
///
/// ```swift
/// let outcome = PDFImageOCR.read(bytes, limits: limits, reading: .engine(engine), temporaryDirectory: "/tmp") {
///     image, text in report(text, named: "\(name):\(image.name)")
/// }
/// if let reason = outcome.summary { throw .notSearched(reason) }
/// ```
enum PDFImageOCR {
    /// An image that was not read, and why.
    struct Failure: Equatable {
        /// ``PDFImage/name``: `page 3 image 1`.
        let image: String
        let reason: String
    }

    /// What reading a PDF's images came to.
    struct Outcome {
        /// The images handed out (those large enough to hold text).
        var images = 0
        /// Those not read, in the order met.
        var failures: [Failure] = []
        /// Why the file's images could not be looked for at all (an encrypted PDF, a damaged one).
        var error: String?

        /// "not searched: REASON" for the images not read, nil when every one was.
        var summary: String? {
            if let error { return "PDF images: \(error)" }
            guard let first = failures.first else { return nil }
            if failures.allSatisfy({ $0.reason == first.reason }) {
                let names = failures.prefix(3).map(\.image).joined(separator: ", ")
                let more = failures.count > 3 ? " and \(failures.count - 3) more" : ""
                return failures.count == 1
                    ? "\(first.image): \(first.reason)" : "\(failures.count) images (\(names)\(more)): \(first.reason)"
            }
            let shown = failures.prefix(3).map { "\($0.image): \($0.reason)" }.joined(separator: "; ")
            let more = failures.count > 3 ? "; and \(failures.count - 3) more" : ""
            return "\(failures.count) images not read: \(shown)\(more)"
        }
    }

    /// Reads the images of the PDF `bytes` as `reading` says, each image's
    /// text given to `text` as it is read. Without an engine (or with
    /// `--no-ocr`) each image is a failure, nothing is run.
    static func read(
        _ bytes: [UInt8], limits: DecompressionLimits, reading: FindEngine.ImageReading, temporaryDirectory: String,
        text: (PDFImage, OCRText) -> Void
    ) -> Outcome {
        var outcome = Outcome()
        let extractor = PDFImageExtractor(limits: DocumentReader.pdfLimits(limits))
        let result = bytes.withUnsafeBytes { pdf in
            Result { () throws(PDFError) -> Int in
                try extractor.forEachImage(in: pdf) { image in
                    outcome.images += 1
                    if let reason = read(image, reading: reading, temporaryDirectory: temporaryDirectory, text: text) {
                        outcome.failures.append(Failure(image: image.name, reason: reason))
                    }
                }
                return 0
            }
        }
        if case .failure(let error) = result { outcome.error = "\(error)" }
        return outcome
    }

    /// Reads one image; why it was not read, or nil.
    private static func read(
        _ image: PDFImage, reading: FindEngine.ImageReading, temporaryDirectory: String,
        text: (PDFImage, OCRText) -> Void
    ) -> String? {
        guard case .file(let format, let file) = image.content else {
            if case .unread(let reason) = image.content { return reason }
            return nil
        }
        switch reading {
        case .refused: return "\(format.rawValue) image not read by OCR (--no-ocr)"
        case .noEngine: return "no OCR engine (install tesseract-ocr)"
        case .engine(let engine):
            let temporary: FileDescriptor
            do throws(Errno) {
                temporary = try written(file, in: temporaryDirectory)
            } catch {
                return "image cannot be written for OCR: \(error)"
            }
            defer { temporary.close() }
            switch engine.read(temporary) {
            case .failure(let failure): return failure.reason
            case .success(let read):
                text(image, read)
                return nil
            }
        }
    }

    /// An unnamed temporary file in `directory` holding `bytes`, its offset at its start.
    static func written(_ bytes: [UInt8], in directory: String) throws(Errno) -> FileDescriptor {
        let file = try TemporaryFile.makeUnnamed(in: directory)
        do throws(Errno) {
            var offset = 0
            while offset < bytes.count {
                let count = try bytes.withUnsafeBytes { raw in
                    Result { () throws(Errno) in
                        try file.write(UnsafeRawBufferPointer(rebasing: raw[offset...]), at: offset)
                    }
                }.get()
                guard count > 0 else { throw Errno.noSpace }
                offset += count
            }
        } catch {
            file.close()
            throw error
        }
        return file
    }
}
