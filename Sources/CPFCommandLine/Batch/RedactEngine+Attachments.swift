import CPFDecoders
import CPFKit
import CPFSystem

/// What `redact` makes of an e-mail's attachment read whole (see
/// ``RedactEngine/redactAttachment(_:path:)``).
enum AttachmentRedaction: Equatable {
    /// It holds nothing to hide: the part is copied as it was.
    case unchanged
    /// Its new bytes, with `hidden` matches hidden, to be written in its
    /// transfer encoding in place of its own.
    case rewritten([UInt8], hidden: Int)
    /// It holds something to hide that redact cannot hide in it (a PDF, a
    /// legacy Office document, text in another encoding inside gzip); why.
    case notRewritten(String)
    /// It could not be searched completely; why.
    case notSearched(String)
}

extension RedactEngine {
    /// The attachment `bytes` (its transfer encoding decoded), named `path`
    /// in messages, redacted as a file of its format is: a zip archive (an
    /// Office or OpenDocument file too) by ``ArchiveRedactor`` and
    /// ``ZipRewriter``, only the members with something to hide rewritten;
    /// a tar archive's plain members hidden in place; a PNG image's text
    /// chunks written again; a PDF written again as a PDF file is
    /// (``redactPDF(_:)``, read back before it is used); gzip holding plain
    /// text decompressed, hidden and compressed again (cpf's own DEFLATE, no
    /// name, time 0). A legacy Office document, or gzip holding anything
    /// else, is only searched: when it holds something to hide,
    /// ``AttachmentRedaction/notRewritten(_:)``.
    /// Counts nothing in ``redactedCount``: the caller adds `hidden` once the
    /// whole message can be written.
    func redactAttachment(_ bytes: [UInt8], path: [UInt8]) -> AttachmentRedaction {
        var redactor = ArchiveRedactor(engine: self, documentSize: bytes.count)
        // Its own name is in the message's header, hidden there.
        redactor.namePrefixCount = path.count + 1
        let head = Array(bytes.prefix(DocumentReader.peekSize))
        if GzipReader.isGzip(head) { return redactGzipAttachment(bytes, path: path, redactor: &redactor) }
        if let image = ImageFormat.detect(head) { return redactImageAttachment(bytes, format: image, path: path) }
        switch DocumentFormat.detect(head) {
        case .zip: break
        case .tar: return redactTarAttachment(bytes, path: path, redactor: &redactor)
        case .png:
            // Told above.
            return .unchanged
        case .pdf:
            return redactPDFAttachment(bytes, path: path)
        default:
            // A legacy Office document: searched, never rewritten.
            return refusedUnlessEmpty(bytes, path: path, redactor: &redactor)
        }
        do {
            let archive = try ZipArchive(size: UInt64(bytes.count), read: DocumentReader.reader(of: bytes))
            // As deep as find reads it: the message is the first container.
            let changes = try redactor.redact(archive, path: path + [UInt8(ascii: "!")], depth: 2)
            if let reason = DocumentReader.summary(of: redactor.failures, format: .zip, noun: "attachment") {
                return .notSearched(reason)
            }
            if let reason = DocumentReader.summary(
                of: redactor.refusals, format: .zip, verb: "rewritten", noun: "attachment")
            {
                return .notRewritten(reason)
            }
            if let (name, kind) = redactor.namesWithNumber.first {
                let hidden = CPFScanner.redacting(name, style: .full)
                let message = kind == .cpf ? Message.cpfInName : Message.cnpjInName
                return .notRewritten("attachment \(Escaping.readable(RawText(hidden))): \(message.text(language))")
            }
            guard !changes.isEmpty else { return .unchanged }
            var rewritten: [UInt8] = []
            try changes.write(archive) { rewritten += $0 }
            return .rewritten(rewritten, hidden: redactor.hidden)
        } catch let error as DocumentReader.BudgetExceeded {
            return .notSearched("attachment \(shown(path)): \(error.reason)")
        } catch {
            return .notSearched("attachment \(shown(path)): zip archive: \(DocumentReader.reason(error))")
        }
    }

    /// An image attachment, redacted as an image file is
    /// (``redactImage(_:format:reading:)``): its bytes first (a PNG's text
    /// chunks, any other image's bytes where they stand), then its pixels
    /// read by the OCR engine and painted over, the image written read again.
    private func redactImageAttachment(_ bytes: [UInt8], format: ImageFormat, path: [UInt8]) -> AttachmentRedaction {
        var redactor = ArchiveRedactor(engine: self, documentSize: bytes.count)
        var written = bytes
        if format == .png {
            do throws(PNGError) { written = try redactor.redact(png: bytes, path: path) ?? bytes } catch {
                return .notSearched("attachment \(shown(path)): \(error)")
            }
            if let reason = DocumentReader.summary(of: redactor.failures, format: .png, noun: "attachment") {
                return .notRewritten(reason)
            }
        } else {
            redactor.hidden = redactor.mask(&written)
        }
        let inBytes = redactor.hidden
        var painted: (bytes: [UInt8], count: Int)?
        if images != nil {
            do throws(InputFailure) {
                painted = try redactPixels(of: bytes, in: written, format: format, hiddenInBytes: inBytes)
            } catch {
                switch error {
                case .notSearched(let reason): return .notSearched("attachment \(shown(path)): \(reason)")
                case .notRewritten(let reason): return .notRewritten("attachment \(shown(path)): \(reason)")
                case .read(let error): return .notSearched("attachment \(shown(path)): \(error)")
                }
            }
        }
        if let painted { return .rewritten(painted.bytes, hidden: inBytes + painted.count) }
        return inBytes > 0 ? .rewritten(written, hidden: inBytes) : .unchanged
    }

    /// A tar attachment: its plain members' CPFs hidden in place, as in a
    /// tar file (its headers never rewritten).
    private func redactTarAttachment(
        _ bytes: [UInt8], path: [UInt8], redactor: inout ArchiveRedactor
    ) -> AttachmentRedaction {
        var rewritten = bytes
        do {
            let patches = try redactor.redact(
                TarArchive(bytes: bytes), path: path + [UInt8(ascii: "!")], depth: 2)
            if let reason = DocumentReader.summary(of: redactor.failures, format: .tar, noun: "attachment") {
                return .notSearched(reason)
            }
            if let reason = DocumentReader.summary(
                of: redactor.refusals, format: .tar, verb: "rewritten", noun: "attachment")
            {
                return .notRewritten(reason)
            }
            guard !patches.isEmpty else { return .unchanged }
            for patch in patches {
                rewritten.replaceSubrange(Int(patch.offset)..<Int(patch.offset) + patch.bytes.count, with: patch.bytes)
            }
        } catch let error as DocumentReader.BudgetExceeded {
            return .notSearched("attachment \(shown(path)): \(error.reason)")
        } catch {
            return .notSearched("attachment \(shown(path)): tar archive: \(DocumentReader.reason(error))")
        }
        return .rewritten(rewritten, hidden: redactor.hidden)
    }

    /// A gzip attachment: its text hidden and compressed again when it is
    /// plain text; else searched only.
    private func redactGzipAttachment(
        _ bytes: [UInt8], path: [UInt8], redactor: inout ArchiveRedactor
    ) -> AttachmentRedaction {
        let text: [UInt8]
        let headerTexts: [(field: GzipReader.HeaderField, text: [UInt8])]
        do {
            (text, headerTexts) = try DocumentReader.gunzip(
                size: bytes.count, read: DocumentReader.reader(of: bytes), limits: limits)
        } catch {
            return .notSearched("attachment \(shown(path)): \(DocumentReader.reason(error))")
        }
        let isPlain = text.prefix(DecodingReader.sampleSize).withUnsafeBytes { head in
            if case .success(let layers) = DecodingReader.sniff(head) { layers.isPlain } else { false }
        }
        guard isPlain, DocumentFormat.detect(text.prefix(DocumentFormat.prefixSize)) == nil else {
            return refusedUnlessEmpty(bytes, path: path, redactor: &redactor)
        }
        var masked = text
        // The gzip written back has no name or comment: what they held is gone.
        let hidden = redactor.mask(&masked) + hiddenCount(inGzipHeaderTexts: headerTexts)
        guard hidden > 0 else { return .unchanged }
        return .rewritten(GzipWriter.compress(masked), hidden: hidden)
    }

    /// A PDF attachment: unchanged when it holds nothing to hide, else
    /// written again as a PDF file is; not rewritten when that is refused.
    private func redactPDFAttachment(_ bytes: [UInt8], path: [UInt8]) -> AttachmentRedaction {
        let found = DocumentReader.countCPFs(
            inPDF: bytes, minimumConfidence: minimumConfidence, accepting: accepted, limits: limits)
        switch found {
        case .success(0): return .unchanged
        case .success(let count):
            do throws(InputFailure) {
                return .rewritten(try redactPDF(bytes).pdf, hidden: count)
            } catch {
                switch error {
                case .notRewritten(let reason): return .notRewritten("attachment \(shown(path)): \(reason)")
                case .notSearched(let reason): return .notSearched("attachment \(shown(path)): \(reason)")
                case .read(let error): return .notSearched("attachment \(shown(path)): \(error)")
                }
            }
        case .failure(let error): return .notSearched("attachment \(shown(path)): \(error.reason)")
        }
    }

    /// An attachment redact does not rewrite: unchanged when it holds
    /// nothing to hide, else not rewritten (or not searched, when it could
    /// not be read completely).
    private func refusedUnlessEmpty(
        _ bytes: [UInt8], path: [UInt8], redactor: inout ArchiveRedactor
    ) -> AttachmentRedaction {
        let found: Int
        do { found = try redactor.countInMember(bytes, path: path, depth: 1) } catch let error
            as DocumentReader.BudgetExceeded
        {
            return .notSearched("attachment \(shown(path)): \(error.reason)")
        } catch {
            return .notSearched("attachment \(shown(path)): \(DocumentReader.reason(error))")
        }
        if found > 0 {
            let head = Array(bytes.prefix(DocumentFormat.prefixSize))
            let kind = DocumentFormat.detect(head)?.name ?? DecodingReader.describe(head)
            return .notRewritten(
                "attachment \(shown(path)): a \(kind) holding \(numbers(found)), which redact does not rewrite")
        }
        if let reason = DocumentReader.summary(of: redactor.failures, format: .zip, noun: "attachment") {
            return .notSearched(reason)
        }
        return .unchanged
    }

    /// A path as messages show it: escaped, CPFs hidden.
    private func shown(_ path: [UInt8]) -> String {
        Escaping.readable(RawText(CPFScanner.redacting(path, style: .full)))
    }
}
