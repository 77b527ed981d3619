import CPFDecoders

/// A legacy Office document (an OLE compound file): the text of its kind,
/// each stream's sweep and pictures, an Outlook message's attachments
/// searched as files.
extension DocumentReader {
    /// Reads a legacy Office document held in memory (see ``LegacyOfficeText``)
    /// whose streams' paths start with `path`: the text of its kind, each
    /// part named `PATH!STREAM`; then, as the section ``Section/sweep`` of
    /// each stream, the lines of its bytes read as Windows-1252 and UTF-16LE
    /// (``LegacyOfficeText/sweep(_:minimum:)``) holding a CPF or CNPJ the
    /// text does not, and its pictures (``pictures(in:path:)``); then an
    /// Outlook message's attachments, searched as files. A compound file of another kind, or one whose text cannot be
    /// read, is a failure, its streams swept all the same.
    func compound(
        _ bytes: [UInt8], path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        let file: CompoundFile
        do { file = try CompoundFile(bytes) } catch {
            failures.append(Failure(path: path, reason: "legacy Office document: \(error)"))
            return
        }
        let prefix = path.isEmpty ? [] : path + [UInt8(ascii: "!")]
        let kind = LegacyOfficeKind.detect(file)
        if path.isEmpty { legacyKind = kind }
        var placed = Set<String>()
        var attachments: [LegacyOfficeText.Attachment] = []
        if let kind {
            do {
                let document = try LegacyOfficeText(file, kind: kind)
                for part in document.parts {
                    try count(part.text.count)
                    let numbers = Self.storedNumbers(
                        text: part.text, cells: part.numericCells.map { ($0, part.text[$0]) })
                    deliver(part.text, path: prefix + Array(part.path.utf8), begin: begin, text: text) { end(numbers) }
                    placed.formUnion(Self.characters(in: part.text))
                    for number in numbers { placed.insert(number.id.characters) }
                }
                attachments = document.attachments
            } catch let error as BudgetExceeded {
                throw error
            } catch {
                failures.append(Failure(path: path, reason: "legacy Office document (\(kind)): \(Self.reason(error))"))
            }
        } else {
            failures.append(
                Failure(
                    path: path,
                    reason: """
                        compound file of a kind cpf does not read (not a Word, Excel, PowerPoint or Outlook \
                        document)
                        """))
        }
        let attachmentPaths = Set(attachments.map(\.path))
        for entry in file.entries where entry.kind == .stream {
            let streamPath = entry.path.joined(separator: "/")
            guard !attachmentPaths.contains(streamPath) else { continue }
            let contents: [UInt8]
            do { contents = try file.contents(of: entry) } catch {
                // Named once: the text of the document's kind may have stopped at the same stream.
                let reason = "\(error)"
                if !failures.contains(where: { $0.path == path && $0.reason.hasSuffix(reason) }) {
                    failures.append(Failure(path: prefix + Array(streamPath.utf8), reason: reason))
                }
                continue
            }
            try count(contents.count)
            let unplaced = Self.unplaced(LegacyOfficeText.sweep(contents), placed: placed)
            deliverSweep(unplaced, path: prefix + Array(streamPath.utf8), begin: begin, text: text, end: end)
            pictures(in: contents, path: prefix + Array(streamPath.utf8))
        }
        for attachment in attachments {
            try searchAsFile(
                attachment.bytes, path: prefix + Array(attachment.path.utf8), depth: depth, begin: begin, text: text,
                end: end)
        }
    }

    /// Hands the PNG and JPEG pictures kept whole in a stream (a pasted
    /// scan or photo: see ``EmbeddedPictures``) to ``imageMember``, each
    /// named `STREAM!picture-N.png` (or `.jpg`), N counted in the stream
    /// from 1. A picture cut short is a failure: its pixels cannot be read.
    private func pictures(in contents: [UInt8], path: [UInt8]) {
        guard let imageMember else { return }
        for (index, picture) in EmbeddedPictures.find(in: contents).enumerated() {
            let name = "!picture-\(index + 1).\(picture.format == .png ? "png" : "jpg")"
            let picturePath = path + Array(name.utf8)
            guard picture.isComplete else {
                failures.append(Failure(path: picturePath, reason: "a picture cut short, which cannot be read by OCR"))
                continue
            }
            if let reason = imageMember(picturePath, picture.format, Array(contents[picture.range])) {
                failures.append(Failure(path: picturePath, reason: reason))
            }
        }
    }

    /// Reads a legacy Office document held in memory, `bytes` (a member of
    /// an archive `redact` rewrites), as ``read(_:format:begin:text:end:)``
    /// reads one in a file: what could not be read is in ``failures``.
    func readCompoundFile(
        _ bytes: [UInt8], limits: DecompressionLimits, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) {
        failures = []
        budget = Budget(limits: limits, documentSize: bytes.count)
        do {
            try compound(bytes, path: [], depth: 1, begin: begin, text: text, end: end)
        } catch {
            failures.append(Failure(path: [], reason: Self.reason(error)))
        }
    }
}
