import CPFDecoders
import CPFKit
import CPFSystem

/// `redact` of a document in a regular file (a zip archive, an Office
/// document, a tar archive, a PNG image, a PDF, a legacy Office document):
/// written again with what it holds hidden, copied as it was, or named as
/// not rewritten; and the counts of numbers in its messages.
extension RedactEngine {
    /// ``redact(_:)`` for a zip archive (an Office document too) or a PDF in
    /// a regular file.
    ///
    /// A zip archive is written again with ``ZipRewriter``: only the members
    /// with something to hide get new data; every other member is copied
    /// byte for byte. A member that is plain text (UTF-8 or binary) is
    /// redacted as a file is; an Office document's text part has the
    /// characters of its CPFs hidden where they stand in the XML (see
    /// ``OfficeXMLText``); a nested archive is rewritten the same way, to
    /// ``DocumentReader/maximumDepth``. A member that holds a CPF but cannot
    /// be rewritten (a PDF, text in another encoding, gzip or e-mail inside
    /// the archive) or cannot be read (encrypted, damaged) leaves the whole
    /// archive not rewritten: named, with exit status 2.
    ///
    /// A tar archive is rewritten in place: each plain member's CPFs hidden
    /// where they stand (its length kept, so every header and offset stays
    /// valid), the headers never touched. A CPF in a member's name or link
    /// target, or in a member that cannot be rewritten in place (compressed,
    /// another encoding, an archive that would change length), leaves the
    /// file as it was: named, with exit status 2.
    ///
    /// A PDF whose text holds a CPF is written again by ``PDFRedactor`` (see
    /// ``redactPDF(_:)``); one whose text cannot be read is named as not
    /// searched; one without a CPF is copied as it is.
    ///
    /// A legacy Office document (an OLE compound file) is never rewritten:
    /// one whose text holds a CPF is named as not rewritten; one whose text
    /// cannot be read, as not searched; one without a CPF is copied as it is.
    func redactDocument(_ descriptor: FileDescriptor, format: DocumentFormat) throws(InputFailure) {
        let size = system_regularFileSize(descriptor.rawValue) ?? 0
        let start: Int
        do throws(Errno) { start = try descriptor.currentOffset() } catch { throw .read(error) }
        let file = PositionalFileReader(descriptor, start: start)
        let read = file.read(into:at:)
        var redactor = ArchiveRedactor(engine: self, documentSize: size - start)
        switch format {
        case .pdf:
            let found: Int
            do throws(Errno) { found = try redactor.count(in: descriptor, format: .pdf) } catch { throw .read(error) }
            var failures = redactor.documents.failures
            if let images {
                // The images its pages draw, read by the engine: a CPF there is not rewritten.
                let outcome = try readImages(ofPDF: file, size: size - start, reading: images)
                if outcome.images > 0 { failures.removeAll { $0.reason == "PDF: \(PDFError.noText)" } }
                if let reason = DocumentReader.summary(of: failures, format: format) ?? outcome.summary {
                    throw .notSearched(reason)
                }
                if let first = outcome.matched.first {
                    let more = outcome.matched.count > 1 ? " (and \(outcome.matched.count - 1) more images)" : ""
                    throw .notRewritten(
                        """
                        \(first.image)\(more): \(numbers(first.count)) read by OCR in an image of the PDF, which \
                        redact does not rewrite
                        """)
                }
            }
            if let reason = DocumentReader.summary(of: failures, format: format) {
                throw .notSearched(reason)
            }
            guard found > 0 else {
                if reencodes { try copy(descriptor, from: start, size: size - start, read: read) }
                return
            }
            // Read by offset, written to an unnamed temporary file and read back from there (see
            // redactPDF(_:file:)): memory holds the objects being read or written, not the file.
            let written = try redactPDF(DocumentReader.source(of: file, count: size - start), file: file)
            // What find reported is gone (the file written was read back): its pages' matches
            // removed, those of earlier revisions and unreferenced objects left behind.
            redactedCount += found
            guard reencodes else {
                heldRewriteFile = written
                return
            }
            defer { written.descriptor.close() }
            try copy(written.descriptor, from: 0, size: written.size) { buffer, offset in
                try written.descriptor.read(into: buffer, at: Int(offset))
            }
        case .png:
            guard size - start <= DocumentReader.maximumHeldSize else {
                throw .notSearched("PNG image larger than \(DocumentReader.heldSizeText)")
            }
            var bytes = [UInt8](repeating: 0, count: size - start)
            let count: Int
            do { count = try bytes.withUnsafeMutableBytes { try read($0, 0) } } catch {
                throw .read(file.error ?? .inputOutput)
            }
            bytes.removeLast(bytes.count - count)
            let rewritten: [UInt8]?
            do throws(PNGError) { rewritten = try redactor.redact(png: bytes, path: []) } catch {
                throw .notSearched("\(error)")
            }
            if let reason = DocumentReader.summary(of: redactor.failures, format: format) {
                throw .notRewritten(reason)
            }
            redactedCount += redactor.hidden
            if reencodes { (rewritten ?? bytes).withUnsafeBytes { out.write($0) } }
        case .compoundFile:
            let found: Int
            do throws(Errno) { found = try redactor.count(in: descriptor, format: .compoundFile) } catch {
                throw .read(error)
            }
            if found > 0 {
                let kind = redactor.documents.legacyKind.map { " (\($0))" } ?? ""
                throw .notRewritten(
                    "a legacy Office document\(kind) holding \(numbers(found)), which redact does not rewrite")
            }
            if let reason = DocumentReader.summary(of: redactor.documents.failures, format: format) {
                throw .notSearched(reason)
            }
            if reencodes { try copy(descriptor, from: start, size: size - start, read: read) }
        case .zip:
            do {
                let archive = try ZipArchive(size: UInt64(size - start), read: read)
                let changes = try redactor.redact(archive, path: [], depth: 1)
                if let reason = DocumentReader.summary(of: redactor.failures, format: format) {
                    throw NotRewritten(reason: reason)
                }
                if let reason = DocumentReader.summary(of: redactor.refusals, format: format, verb: "rewritten") {
                    throw InputFailure.notRewritten(reason)
                }
                // A member is never renamed, and hiding the name where other members
                // refer to it (relationships, a manifest) would break them: left as it was.
                if let (path, kind) = redactor.namesWithNumber.first {
                    let hidden = NameHiding.hidden(path)
                    let message = kind == .cpf ? Message.cpfInName : Message.cnpjInName
                    let more =
                        redactor.namesWithNumber.count > 1 ? " (and \(redactor.namesWithNumber.count - 1) more)" : ""
                    throw InputFailure.notRewritten(
                        "member \(Escaping.readable(RawText(hidden))): \(message.text(language))\(more)")
                }
                redactedCount += redactor.hidden
                guard reencodes else { return }
                if changes.isEmpty {
                    try copy(descriptor, from: start, size: size - start, read: read)
                } else {
                    let out = out
                    try changes.write(archive) { out.write(UnsafeRawBufferPointer($0)) }
                }
            } catch let error as InputFailure {
                throw error
            } catch let error as NotRewritten {
                throw .notSearched(error.reason)
            } catch let error as DocumentReader.BudgetExceeded {
                throw .notSearched(error.reason)
            } catch {
                if let error = file.error { throw .read(error) }
                throw .notSearched("zip archive: \(error)")
            }
        case .tar, .gzippedTar:
            let patches: [(offset: UInt64, bytes: [UInt8])]
            // A tar in gzip is held whole, decompressed; its header texts are dropped by the gzip written back.
            var gunzipped: [UInt8] = []
            var headerCount = 0
            do {
                let archive: TarArchive
                if format == .gzippedTar {
                    let (bytes, headerTexts) = try DocumentReader.gunzip(size: size - start, read: read, limits: limits)
                    gunzipped = bytes
                    headerCount = hiddenCount(inGzipHeaderTexts: headerTexts)
                    archive = try TarArchive(bytes: bytes)
                } else {
                    archive = try TarArchive(size: UInt64(size - start), read: read)
                }
                patches = try redactor.redact(archive, path: [], depth: 1)
            } catch let error as DocumentReader.BudgetExceeded {
                throw .notSearched(error.reason)
            } catch {
                if let error = file.error { throw .read(error) }
                throw .notSearched("\(format.name): \(DocumentReader.reason(error))")
            }
            if let reason = DocumentReader.summary(of: redactor.failures, format: format) { throw .notSearched(reason) }
            if let reason = DocumentReader.summary(of: redactor.refusals, format: format, verb: "rewritten") {
                throw .notRewritten(reason)
            }
            redactedCount += redactor.hidden + headerCount
            guard reencodes else { return }
            guard format == .gzippedTar, !patches.isEmpty || headerCount > 0 else {
                return try copy(descriptor, from: start, size: size - start, read: read, patches: patches)
            }
            for patch in patches {
                gunzipped.replaceSubrange(Int(patch.offset)..<Int(patch.offset) + patch.bytes.count, with: patch.bytes)
            }
            GzipWriter.compress(gunzipped).withUnsafeBytes { out.write($0) }
        }
    }

    /// The PDF `bytes` with the glyphs of every match of its pages' text
    /// removed (``PDFRedactor``), found as `find` finds them, those of its
    /// metadata, annotations and bookmarks hidden as the style hides them
    /// (all digits for a pseudonym), and proven:
    /// the file written is read again as `find` reads it (its pages' text
    /// and everything else it holds, ``DocumentReader/countCPFs``), and a
    /// match left there (in its metadata, an annotation, an attachment)
    /// leaves the original as it was, named as not rewritten.
    func redactPDF(_ bytes: [UInt8]) throws(InputFailure) -> PDFRedactor.Redaction {
        var output: [UInt8] = []
        var redaction = try bytes.withUnsafeBytes { pdf in
            Result { () throws(InputFailure) in try redactPDF(PDFSource(pdf)) { output += $0 } }
        }.get()
        let left = output.withUnsafeBytes {
            DocumentReader.countCPFs(
                inPDF: PDFSource($0), minimumConfidence: minimumConfidence, accepting: accepted,
                limits: DocumentReader.pdfLimits(limits))
        }
        try proven(left)
        redaction.pdf = output
        return redaction
    }

    /// ``redactPDF(_:)`` of the PDF `source` reads by offset from `file`,
    /// written to an unnamed temporary file in the ``temporaryDirectory``
    /// as it is made, then read back from there by offset as `find` reads
    /// it: the file written, open at its start, and its size. The caller
    /// closes it.
    func redactPDF(_ source: PDFSource, file: PositionalFileReader) throws(InputFailure) -> (
        descriptor: FileDescriptor, size: Int
    ) {
        let temporary: FileDescriptor
        do throws(Errno) { temporary = try TemporaryFile.makeUnnamed(in: temporaryDirectory) } catch {
            throw .notRewritten("the PDF written could not be kept in a temporary file (\(error))")
        }
        var kept = false
        defer { if !kept { temporary.close() } }
        // Each page's new content, compressed, waits in another until the file is written.
        let scratch: FileDescriptor
        do throws(Errno) { scratch = try TemporaryFile.makeUnnamed(in: temporaryDirectory) } catch {
            throw .notRewritten("the PDF written could not be kept in a temporary file (\(error))")
        }
        defer { scratch.close() }
        let spill = PDFSpill(
            write: { bytes, offset in
                var done = 0
                while done < bytes.count {
                    let count = try scratch.write(UnsafeRawBufferPointer(rebasing: bytes[done...]), at: offset + done)
                    guard count > 0 else { throw Errno.inputOutput }
                    done += count
                }
            }, read: { buffer, offset in try scratch.read(into: buffer, at: offset) })
        let buffer = OutputBuffer(descriptor: temporary)
        var size = 0
        do throws(InputFailure) {
            _ = try redactPDF(source, spill: spill) { block in
                buffer.write(block)
                size += block.count
            }
        } catch {
            if let error = file.error { throw .read(error) }
            throw error
        }
        buffer.flush()
        if let error = buffer.error {
            throw .notRewritten("the PDF written could not be kept in a temporary file (\(error))")
        }
        let written = PDFSource(count: size) { buffer, offset in try temporary.read(into: buffer, at: offset) }
        try proven(
            DocumentReader.countCPFs(
                inPDF: written, minimumConfidence: minimumConfidence, accepting: accepted,
                limits: DocumentReader.pdfLimits(limits)))
        kept = true
        return (temporary, size)
    }

    /// Whether the PDF written, read back (`left`: the CPFs it holds, or
    /// why it could not be read), holds none: else why it is not rewritten.
    private func proven(_ left: Result<Int, DocumentReader.Unreadable>) throws(InputFailure) {
        switch left {
        case .success(0): return
        case .success(let left):
            throw .notRewritten(
                "a PDF holding \(numbers(left)) beside its pages' text, which redact does not rewrite")
        case .failure(let unreadable): throw .notRewritten("the PDF written reads back as: \(unreadable.reason)")
        }
    }

    /// The PDF `source` reads with the glyphs of every match removed, as
    /// ``redactPDF(_:)`` describes, handed to `sink` in blocks as it is
    /// written; not yet read back.
    private func redactPDF(
        _ source: PDFSource, spill: PDFSpill? = nil, to sink: (UnsafeRawBufferPointer) -> Void
    ) throws(InputFailure) -> PDFRedactor.Redaction {
        let limits = DocumentReader.pdfLimits(limits)
        let accepted = accepted
        let minimumConfidence = minimumConfidence
        let isLineLocal = isLineLocal
        // Beside the pages, a CPF is hidden with stars in the style asked for; a pseudonym (a CPF) would
        // fail the reading back, so the pseudonym style hides them all.
        var hiding = CPFScanner.RedactionStyle.full
        var writesPseudonyms = true
        if case .hidden(let style) = style { (hiding, writesPseudonyms) = (style, false) }
        let redactor = PDFRedactor(limits: limits, fill: pdfFill)
        let outcome = Result { () throws(PDFRedactionError) in
            try redactor.redact(source, to: sink, spill: spill) { text in
                var ranges: [Range<Int>] = []
                var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
                let keep = { (match: TaxpayerScanner.Match) in
                    guard Self.redacts(match, minimumConfidence: minimumConfidence, isLineLocal: isLineLocal)
                    else { return }
                    guard hiding == .lgpd, !writesPseudonyms else { return ranges.append(match.range) }
                    // lgpd keeps the middle digits as glyphs: only the characters it hides are removed.
                    ranges += Self.hiddenRuns(of: match, in: text, style: hiding)
                }
                text.withUnsafeBytes { scanner.feed($0, onMatch: keep) }
                scanner.finish(onMatch: keep)
                return ranges
            } rewriting: { text in
                var copy = text
                var changed = false
                var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
                copy.withUnsafeMutableBytes { buffer in
                    let hide = { (match: TaxpayerScanner.Match) in
                        guard Self.redacts(match, minimumConfidence: minimumConfidence, isLineLocal: isLineLocal)
                        else { return }
                        match.hide(in: UnsafeMutableRawBufferPointer(rebasing: buffer[match.range]), style: hiding)
                        changed = true
                    }
                    scanner.feed(UnsafeRawBufferPointer(buffer), onMatch: hide)
                    scanner.finish(onMatch: hide)
                }
                return changed ? copy : nil
            }
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw .notRewritten("\(error)")
        }
    }

    /// The runs of `text` (which holds `match`) that `style` hides: the
    /// characters `*` takes the place of, as `redact` writes them.
    static func hiddenRuns(
        of match: TaxpayerScanner.Match, in text: [UInt8], style: CPFScanner.RedactionStyle
    ) -> [Range<Int>] {
        let range = match.range
        var copy = Array(text[range])
        copy.withUnsafeMutableBytes { match.hide(in: $0, style: style) }
        var runs: [Range<Int>] = []
        var index = 0
        while index < copy.count {
            guard copy[index] != text[range.lowerBound + index] else {
                index += 1
                continue
            }
            // A character is hidden whole, from its first UTF-8 byte to its last (a fullwidth
            // digit and `＊` share their first two).
            var start = index
            while start > 0, text[range.lowerBound + start] & 0xC0 == 0x80 { start -= 1 }
            var end = index + 1
            while end < copy.count, copy[end] != text[range.lowerBound + end] { end += 1 }
            while end < copy.count, text[range.lowerBound + end] & 0xC0 == 0x80 { end += 1 }
            if let last = runs.last, last.upperBound >= range.lowerBound + start {
                runs[runs.count - 1] = last.lowerBound..<range.lowerBound + end
            } else {
                runs.append(range.lowerBound + start..<range.lowerBound + end)
            }
            index = end
        }
        return runs.isEmpty ? [range] : runs
    }

    /// `a CPF`, `2 CPFs`: how many, in a message.
    static func cpfs(_ count: Int) -> String { count == 1 ? "a CPF" : "\(count) CPFs" }

    /// How many of the numbers `--document` asks for, in a message: `a CPF`,
    /// `2 CNPJs`, `a CPF or CNPJ`.
    func numbers(_ count: Int) -> String {
        let name =
            switch accepted {
            case .cpf: "CPF"
            case .cnpj: "CNPJ"
            case .any: "CPF or CNPJ"
            }
        let plural = accepted == .any ? "CPFs or CNPJs" : name + "s"
        return count == 1 ? "a \(name)" : "\(count) \(plural)"
    }

    /// An archive with a member that could not be searched or rewritten.
    private struct NotRewritten: Error {
        let reason: String
    }

    /// Copies the input to the output, unchanged but for `patches` (bytes
    /// written instead of as many of the input's, at their offsets, in
    /// order and apart).
    private func copy(
        _ descriptor: FileDescriptor, from start: Int, size: Int,
        read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int, patches: [(offset: UInt64, bytes: [UInt8])] = []
    ) throws(InputFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        var offset = 0
        var next = 0
        while offset < size {
            if next < patches.count, patches[next].offset == UInt64(offset) {
                patches[next].bytes.withUnsafeBytes { out.write($0) }
                offset += patches[next].bytes.count
                next += 1
                continue
            }
            let until = next < patches.count ? Int(patches[next].offset) : size
            let count: Int
            do {
                count = try read(
                    UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, until - offset)]),
                    UInt64(offset))
            } catch {
                throw .read((error as? Errno) ?? .inputOutput)
            }
            if count == 0 { break }
            out.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            offset += count
        }
    }
}

/// The images a PDF's pages draw, read by the OCR engine for `redact`.
extension RedactEngine {
    /// What reading a PDF's images came to, and the images in which the
    /// engine reads something redaction hides (name, count).
    struct PDFImagesRead {
        var images = 0
        var summary: String?
        var matched: [(image: String, count: Int)] = []
    }

    /// Reads the images of the PDF `file` holds (`size` bytes, held whole
    /// for it, at most ``DocumentReader/maximumHeldSize``) as `reading`
    /// says (``PDFImageOCR``), counting in each what redaction hides.
    func readImages(ofPDF file: PositionalFileReader, size: Int, reading: FindEngine.ImageReading) throws(InputFailure)
        -> PDFImagesRead
    {
        guard size <= DocumentReader.maximumHeldSize else {
            throw .notSearched("PDF larger than \(DocumentReader.heldSizeText), not read whole for its images")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        let count: Int
        do { count = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 0) } } catch {
            throw .read(file.error ?? .inputOutput)
        }
        bytes.removeLast(bytes.count - count)
        var read = PDFImagesRead()
        let outcome = PDFImageOCR.read(
            bytes, limits: limits, reading: reading, temporaryDirectory: temporaryDirectory
        ) { image, text in
            let found = hiddenRanges(in: text.bytes).count
            if found > 0 { read.matched.append((image.name, found)) }
        }
        read.images = outcome.images
        read.summary = outcome.summary
        return read
    }
}
