import CPFDecoders
import CPFKit
import CPFSystem

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
    /// A PDF is never rewritten: one whose text holds a CPF is named as not
    /// rewritten; one whose text cannot be read, as not searched; one
    /// without a CPF is copied as it is.
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
            do throws(Errno) { found = try redactor.countInPDF(descriptor) } catch { throw .read(error) }
            if let reason = FindEngine.summary(of: redactor.documents.failures, format: format) {
                throw .notSearched(reason)
            }
            if found > 0 {
                throw .notRewritten("a PDF holding \(numbers(found)), which redact does not rewrite")
            }
            if reencodes { try copy(descriptor, from: start, size: size - start, read: read) }
        case .png:
            guard size - start <= DocumentReader.maximumHeldSize else {
                throw .notSearched("PNG image larger than \(DocumentReader.maximumHeldSize >> 20) MiB")
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
            if let reason = FindEngine.summary(of: redactor.failures, format: format) { throw .notRewritten(reason) }
            redactedCount += redactor.hidden
            if reencodes { (rewritten ?? bytes).withUnsafeBytes { out.write($0) } }
        case .zip:
            do {
                let archive = try ZipArchive(size: UInt64(size - start), read: read)
                let replacements = try redactor.redact(archive, path: [], depth: 1)
                if let reason = FindEngine.summary(of: redactor.failures, format: format) {
                    throw NotRewritten(reason: reason)
                }
                redactedCount += redactor.hidden
                for (path, kind) in redactor.namesWithNumber {
                    let hidden = CPFScanner.redacting(path, style: .full)
                    let message = kind == .cpf ? Message.cpfInName : Message.cnpjInName
                    notes.append("member \(Escaping.readable(RawText(hidden))): \(message.text(language))")
                }
                guard reencodes else { return }
                if replacements.isEmpty {
                    try copy(descriptor, from: start, size: size - start, read: read)
                } else {
                    let out = out
                    try ZipRewriter.rewrite(archive, replacements: replacements) {
                        out.write(UnsafeRawBufferPointer($0))
                    }
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
        }
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

    /// Copies the input unchanged to the output.
    private func copy(
        _ descriptor: FileDescriptor, from start: Int, size: Int,
        read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int
    ) throws(InputFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < size {
            let count: Int
            do { count = try read(buffer, UInt64(offset)) } catch {
                throw .read((error as? Errno) ?? .inputOutput)
            }
            if count == 0 { break }
            out.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            offset += count
        }
    }
}

/// Works out the new contents of the members of an archive that `redact`
/// changes, for ``RedactEngine/redactDocument(_:format:)``.
struct ArchiveRedactor {
    let engine: RedactEngine
    /// Reads what redact does not rewrite, to tell whether it holds a CPF.
    let documents: DocumentReader
    /// Members that could not be searched or rewritten.
    private(set) var failures: [DocumentReader.Failure] = []
    /// CPFs hidden in the members rewritten.
    private(set) var hidden = 0
    /// The paths of the members whose names hold a CPF or (with
    /// `--document cnpj|any`) a CNPJ, never renamed, with the kind found.
    private(set) var namesWithNumber: [(path: [UInt8], kind: TaxpayerID.Kind)] = []
    private var limits: DecompressionLimits { engine.limits }
    /// The bytes of text the archive's members gave so far.
    private var budget: DocumentReader.Budget

    init(engine: RedactEngine, documentSize: Int) {
        self.engine = engine
        documents = DocumentReader(decoding: engine.decoding)
        budget = DocumentReader.Budget(limits: engine.limits, documentSize: documentSize)
    }

    /// How many CPFs (of the engine's minimum confidence) the text of the
    /// PDF open at `descriptor` holds; what could not be read is in
    /// ``documents``' failures.
    func countInPDF(_ descriptor: FileDescriptor) throws(Errno) -> Int {
        if engine.accepted != .cpf { return try countTaxpayersInPDF(descriptor) }
        var scanner = CPFScanner(hidingFrom: engine.minimumConfidence)
        var found = 0
        try documents.read(
            descriptor, format: .pdf, begin: { _ in scanner = CPFScanner(hidingFrom: engine.minimumConfidence) },
            text: { block in scanner.feed(UnsafeRawBufferPointer(block)) { _ in found += 1 } },
            end: { _ in scanner.finish { _ in found += 1 } })
        return found
    }

    /// The new contents of the members of `archive` with something to
    /// hide, by index; the failures are collected.
    mutating func redact(_ archive: ZipArchive, path: [UInt8], depth: Int) throws -> [Int: [UInt8]] {
        var replacements: [Int: [UInt8]] = [:]
        let office = DocumentReader.officeKind(of: archive, limits: limits)
        for (index, entry) in archive.entries.enumerated() {
            let memberPath = path + entry.name
            if let kind = numberInName(memberPath) { namesWithNumber.append((memberPath, kind)) }
            if entry.isDirectory { continue }
            if entry.isEncrypted {
                failures.append(DocumentReader.Failure(path: memberPath, reason: "encrypted member"))
                continue
            }
            do {
                if let office, office.isTextPart(entry.name) {
                    let xml = try DocumentReader.hold(archive, entry, budget: &budget)
                    let part = try xml.withUnsafeBytes { (xml) throws(OfficeXMLError) in
                        try OfficeXMLText(xml: xml, kind: office, part: entry.name)
                    }
                    let changes = textReplacements(part.text) + lostZerosReplacements(part)
                    if !changes.isEmpty {
                        replacements[index] = try part.replacing(changes)
                        hidden += changes.count
                    }
                    continue
                }
                let head = try DocumentReader.peek(archive, entry, limits: limits)
                switch DocumentFormat.detect(head) {
                case .zip:
                    guard depth < DocumentReader.maximumDepth else {
                        failures.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: "an archive nested more than \(DocumentReader.maximumDepth) deep"))
                        continue
                    }
                    let bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    let inner = try ZipArchive(size: UInt64(bytes.count), read: DocumentReader.reader(of: bytes))
                    let innerReplacements = try redact(
                        inner, path: memberPath + [UInt8(ascii: "!")], depth: depth + 1)
                    if !innerReplacements.isEmpty {
                        var rewritten: [UInt8] = []
                        try ZipRewriter.rewrite(inner, replacements: innerReplacements) { rewritten += $0 }
                        replacements[index] = rewritten
                    }
                case .png:
                    let bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    if let rewritten = try redact(png: bytes, path: memberPath) { replacements[index] = rewritten }
                case .pdf:
                    let bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    let found = DocumentReader.countCPFs(
                        inPDF: bytes, minimumConfidence: engine.minimumConfidence, accepting: engine.accepted,
                        limits: limits)
                    switch found {
                    case .success(0): break
                    case .success(let count):
                        failures.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: "a PDF holding \(engine.numbers(count)), which redact does not rewrite"))
                    case .failure(let error):
                        failures.append(DocumentReader.Failure(path: memberPath, reason: error.reason))
                    }
                case nil:
                    let plain = head.withUnsafeBytes { head in
                        if case .success(let layers) = DecodingReader.sniff(head) { layers.isPlain } else { false }
                    }
                    guard plain else {
                        failures.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: """
                                    not plain text (\(DecodingReader.describe(head))), which redact does not \
                                    rewrite inside an archive
                                    """))
                        continue
                    }
                    var bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    let count = mask(&bytes)
                    if count > 0 {
                        replacements[index] = bytes
                        hidden += count
                    }
                }
            } catch let error as DocumentReader.BudgetExceeded {
                throw error
            } catch {
                failures.append(DocumentReader.Failure(path: memberPath, reason: DocumentReader.reason(error)))
            }
        }
        return replacements
    }

    /// The PNG image `bytes` (the member `path` of an archive, or the file
    /// itself when empty) with every CPF of its text chunks hidden, each
    /// changed chunk written with its new length and CRC (compressed again
    /// when it was), or nil when there was nothing to hide. What cannot be
    /// rewritten (a CPF in a keyword, in a chunk that is not text, after
    /// `IEND`) is a failure, the image then left as it was. The rewritten
    /// image is read again: a CPF left in it is a failure too. Throws when
    /// the image cannot be read.
    mutating func redact(png bytes: [UInt8], path: [UInt8]) throws(PNGError) -> [UInt8]? {
        let image = try PNGTextChunks(bytes, limits: limits)
        let prefix = path.isEmpty ? [] : path + [UInt8(ascii: "!")]
        var replacements: [Int: [UInt8]] = [:]
        var count = 0
        let before = failures.count
        func refuse(_ name: [UInt8], _ reason: String) {
            failures.append(
                DocumentReader.Failure(
                    path: name.isEmpty ? path : prefix + name, reason: reason + ", which redact does not rewrite"))
        }
        for piece in image.pieces {
            var text = piece.bytes
            let found = mask(&text)
            guard let index = piece.text else {
                if found > 0 { refuse(piece.name, "\(engine.numbers(found)) in a chunk that is not text") }
                continue
            }
            if numberInName(piece.name) != nil {
                refuse(piece.name, "a keyword holding \(engine.numbers(1))")
            } else if found > 0 {
                replacements[index] = text
                count += found
            }
        }
        guard failures.count == before, !replacements.isEmpty else { return nil }
        let rewritten = try image.replacingTexts(replacements)
        // Proof before replace: the image written, read again, hides nothing more.
        let left = try PNGTextChunks(rewritten, limits: limits).pieces.reduce(0) { left, piece in
            var bytes = piece.bytes
            return left + mask(&bytes)
        }
        guard left == 0 else {
            refuse([], "\(engine.numbers(left)) left in the image rewritten")
            return nil
        }
        hidden += count
        return rewritten
    }

    /// Hides every CPF (and, with `--document cnpj|any`, CNPJ) in `bytes`
    /// where it stands; returns how many.
    private func mask(_ bytes: inout [UInt8]) -> Int {
        bytes.withUnsafeMutableBytes { buffer in hideAll(in: buffer) { _ in } }
    }

    /// Hides, in `buffer`, every match redaction hides, of the kinds
    /// `--document` asks for, and calls `hidden` with the range of each;
    /// returns how many.
    private func hideAll(in buffer: UnsafeMutableRawBufferPointer, _ hidden: (Range<Int>) -> Void) -> Int {
        var count = 0
        let base = buffer.baseAddress!
        if engine.accepted == .cpf {
            var scanner = CPFScanner(hidingFrom: engine.minimumConfidence)
            func take(_ match: CPFScanner.Match) {
                engine.hide(match, in: base, origin: 0, counts: false)
                hidden(match.range)
                count += 1
            }
            scanner.feed(UnsafeRawBufferPointer(buffer)) { take($0) }
            scanner.finish { take($0) }
        } else {
            var scanner = TaxpayerScanner(accepting: engine.accepted)
            func take(_ match: TaxpayerScanner.Match) {
                guard engine.hide(match, in: base, origin: 0, counts: false) else { return }
                hidden(match.range)
                count += 1
            }
            scanner.feed(UnsafeRawBufferPointer(buffer)) { take($0) }
            scanner.finish { take($0) }
        }
        return count
    }

    /// The kind of number a member's path holds (a CPF first), of those
    /// `--document` asks for, mistyped ones too; nil when none.
    private func numberInName(_ path: [UInt8]) -> TaxpayerID.Kind? {
        let minimum = engine.minimumConfidence
        if engine.accepted == .cpf {
            return CPFScanner.matches(in: path, minimumConfidence: minimum, includeInvalid: true).isEmpty ? nil : .cpf
        }
        // Each folder and file name on its own, as `-r` looks at a tree's
        // names: a CNPJ's mask holds a `/`, which would join it to the folder.
        let names = path.split { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "!") }
        let kinds = names.flatMap { name in
            TaxpayerScanner.matches(
                in: name, accepting: engine.accepted, minimumConfidence: minimum, includeInvalid: true
            ).map(\.kind)
        }
        return kinds.contains(.cpf) ? .cpf : kinds.first
    }

    /// ``countInPDF(_:)`` with `--document cnpj|any`.
    private func countTaxpayersInPDF(_ descriptor: FileDescriptor) throws(Errno) -> Int {
        var scanner = TaxpayerScanner(accepting: engine.accepted)
        var found = 0
        let minimum = engine.minimumConfidence
        func count(_ match: TaxpayerScanner.Match) {
            if !match.isValid || match.confidence >= minimum { found += 1 }
        }
        try documents.read(
            descriptor, format: .pdf, begin: { _ in scanner = TaxpayerScanner(accepting: engine.accepted) },
            text: { block in scanner.feed(UnsafeRawBufferPointer(block), onMatch: count) },
            end: { _ in scanner.finish(onMatch: count) })
        return found
    }

    /// The spreadsheet numbers of a part that are CPFs with their leading
    /// zeros lost (low confidence, hidden only at that minimum), each with
    /// the hidden text of the CPF padded: `***********` (the cell becomes a
    /// string cell), or the pseudonym's digits (it stays a number).
    private func lostZerosReplacements(_ part: OfficeXMLText) -> [(range: Range<Int>, with: [UInt8])] {
        guard engine.minimumConfidence == .low, engine.accepted != .cnpj else { return [] }
        return DocumentReader.lostZeros(in: part).compactMap { number in
            var padded = Array(number.cpf.digits.utf8)
            guard let match = CPFScanner.matches(in: padded, minimumConfidence: .low).first else { return nil }
            padded.withUnsafeMutableBytes { engine.hide(match, in: $0.baseAddress!, origin: 0, counts: false) }
            return (number.range, padded)
        }
    }

    /// The CPFs (and CNPJs, with `--document cnpj|any`) of an Office
    /// part's text, each with its hidden text.
    private func textReplacements(_ text: [UInt8]) -> [(range: Range<Int>, with: [UInt8])] {
        var ranges: [Range<Int>] = []
        var copy = text
        return copy.withUnsafeMutableBytes { buffer in
            _ = hideAll(in: buffer) { ranges.append($0) }
            return ranges.map { ($0, Array(buffer[$0])) }
        }
    }
}
