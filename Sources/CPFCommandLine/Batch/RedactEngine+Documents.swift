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
    /// A tar archive is rewritten in place: each plain member's CPFs hidden
    /// where they stand (its length kept, so every header and offset stays
    /// valid), the headers never touched. A CPF in a member's name or link
    /// target, or in a member that cannot be rewritten in place (compressed,
    /// another encoding, an archive that would change length), leaves the
    /// file as it was: named, with exit status 2.
    ///
    /// A PDF or a legacy Office document (an OLE compound file) is never
    /// rewritten: one whose text holds a CPF is named as not rewritten; one
    /// whose text cannot be read, as not searched; one without a CPF is
    /// copied as it is.
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
            if let reason = FindEngine.summary(of: redactor.documents.failures, format: format) {
                throw .notSearched(reason)
            }
            if found > 0 {
                throw .notRewritten("a PDF holding \(numbers(found)), which redact does not rewrite")
            }
            if reencodes { try copy(descriptor, from: start, size: size - start, read: read) }
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
            if let reason = FindEngine.summary(of: redactor.failures, format: format) { throw .notRewritten(reason) }
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
            if let reason = FindEngine.summary(of: redactor.documents.failures, format: format) {
                throw .notSearched(reason)
            }
            if reencodes { try copy(descriptor, from: start, size: size - start, read: read) }
        case .zip:
            do {
                let archive = try ZipArchive(size: UInt64(size - start), read: read)
                let changes = try redactor.redact(archive, path: [], depth: 1)
                if let reason = FindEngine.summary(of: redactor.failures, format: format) {
                    throw NotRewritten(reason: reason)
                }
                if let reason = FindEngine.summary(of: redactor.refusals, format: format, verb: "rewritten") {
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
            if let reason = FindEngine.summary(of: redactor.failures, format: format) { throw .notSearched(reason) }
            if let reason = FindEngine.summary(of: redactor.refusals, format: format, verb: "rewritten") {
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

/// Works out the new contents of the members of an archive that `redact`
/// changes, for ``RedactEngine/redactDocument(_:format:)``.
struct ArchiveRedactor {
    let engine: RedactEngine
    /// Reads what redact does not rewrite, to tell whether it holds a CPF.
    let documents: DocumentReader
    /// Members that could not be searched or rewritten.
    private(set) var failures: [DocumentReader.Failure] = []
    /// Members that hold a CPF redact cannot hide in place: in a tar
    /// archive, in a name or a member whose length would change; in an
    /// Office document's XML member, in a reference or written with
    /// character references.
    private(set) var refusals: [DocumentReader.Failure] = []
    /// CPFs hidden in the members rewritten.
    private(set) var hidden = 0
    /// The paths of the members whose names hold a CPF or (with
    /// `--document cnpj|any`) a CNPJ, never renamed, with the kind found.
    private(set) var namesWithNumber: [(path: [UInt8], kind: TaxpayerID.Kind)] = []
    private var limits: DecompressionLimits { engine.limits }
    /// The bytes at the start of every path that are not looked at for a
    /// number in a name: an e-mail attachment's name and its `!`, which the
    /// message's header holds (and redact hides there).
    var namePrefixCount = 0
    /// The bytes of text the archive's members gave so far.
    private var budget: DocumentReader.Budget

    init(engine: RedactEngine, documentSize: Int) {
        self.engine = engine
        documents = DocumentReader(decoding: engine.decoding)
        budget = DocumentReader.Budget(limits: engine.limits, documentSize: documentSize)
    }

    /// How many CPFs (of the engine's minimum confidence) the text of the
    /// PDF or legacy Office document open at `descriptor` holds (its sweep
    /// too); what could not be read is in ``documents``' failures.
    func count(in descriptor: FileDescriptor, format: DocumentFormat) throws(Errno) -> Int {
        let fresh = TaxpayerScanner(accepting: engine.accepted, hidingFrom: engine.minimumConfidence)
        var scanner = fresh
        var found = 0
        try documents.read(
            descriptor, format: format, begin: { _ in scanner = fresh },
            text: { block in scanner.feed(UnsafeRawBufferPointer(block)) { _ in found += 1 } },
            end: { _ in scanner.finish { _ in found += 1 } })
        return found
    }

    /// What redact changes in an archive, by index of its entries: the new
    /// contents of members, and new comments (hidden where they stand).
    struct ArchiveChanges {
        var members: [Int: [UInt8]] = [:]
        var comments: [Int: [UInt8]] = [:]
        var archiveComment: [UInt8]?

        var isEmpty: Bool { members.isEmpty && comments.isEmpty && archiveComment == nil }

        /// Writes `archive` with these changes (see ``ZipRewriter``).
        func write(_ archive: ZipArchive, to output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
            try ZipRewriter.rewrite(
                archive, replacements: members, comments: comments, archiveComment: archiveComment, output: output)
        }
    }

    /// What `archive` needs changed to hide what it holds; the failures are collected.
    mutating func redact(_ archive: ZipArchive, path: [UInt8], depth: Int) throws -> ArchiveChanges {
        var changes = ArchiveChanges()
        changes.archiveComment = hidden(inComment: archive.comment)
        let office = DocumentReader.officeKind(of: archive, limits: limits)
        for (index, entry) in archive.entries.enumerated() {
            let memberPath = path + entry.name
            if let kind = numberInMemberName(memberPath) { namesWithNumber.append((memberPath, kind)) }
            changes.comments[index] = hidden(inComment: entry.comment)
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
                    let edits = textReplacements(part.text) + storedNumberReplacements(part)
                    let rewritten = edits.isEmpty ? xml : try part.replacing(edits)
                    // Proof before replace, for the part: what its text does not show
                    // (attributes, formulas, field codes) holds nothing left to hide.
                    let left = leftInSweep(of: rewritten, written: Set(edits.map(\.with)))
                    if left > 0 {
                        failures.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: """
                                    \(engine.numbers(left)) outside the text redact rewrites (an attribute, a \
                                    formula, a field code: `find` names it :sweep), which redact does not hide
                                    """))
                        continue
                    }
                    if !edits.isEmpty {
                        changes.members[index] = rewritten
                        hidden += edits.count
                    }
                    continue
                }
                let head = try DocumentReader.peek(archive, entry, limits: limits)
                let format = DocumentFormat.detect(head)
                if format == .zip || format == .tar, depth >= DocumentReader.maximumDepth {
                    failures.append(
                        DocumentReader.Failure(
                            path: memberPath, reason: "an archive nested more than \(DocumentReader.maximumDepth) deep")
                    )
                    continue
                }
                switch format {
                case .zip:
                    let bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    let inner = try ZipArchive(size: UInt64(bytes.count), read: DocumentReader.reader(of: bytes))
                    let innerChanges = try redact(inner, path: memberPath + [UInt8(ascii: "!")], depth: depth + 1)
                    if !innerChanges.isEmpty {
                        var rewritten: [UInt8] = []
                        try innerChanges.write(inner) { rewritten += $0 }
                        changes.members[index] = rewritten
                    }
                case .tar:
                    var bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    let patches = try redact(
                        TarArchive(bytes: bytes), path: memberPath + [UInt8(ascii: "!")], depth: depth + 1)
                    if !patches.isEmpty {
                        for patch in patches {
                            bytes.replaceSubrange(
                                Int(patch.offset)..<Int(patch.offset) + patch.bytes.count, with: patch.bytes)
                        }
                        changes.members[index] = bytes
                    }
                case .png:
                    let bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    if let rewritten = try redact(png: bytes, path: memberPath) { changes.members[index] = rewritten }
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
                case .compoundFile:
                    let bytes = try DocumentReader.hold(archive, entry, budget: &budget)
                    let found = countInCompoundFile(bytes)
                    if found > 0 {
                        let kind = documents.legacyKind.map { " (\($0))" } ?? ""
                        failures.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: """
                                    a legacy Office document\(kind) holding \(engine.numbers(found)), which redact \
                                    does not rewrite
                                    """))
                    } else {
                        failures += documents.failures.map {
                            DocumentReader.Failure(
                                path: $0.path.isEmpty ? memberPath : memberPath + [UInt8(ascii: "!")] + $0.path,
                                reason: $0.reason)
                        }
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
                    guard office != nil, DocumentReader.isSweptXMLMember(entry.name, head: head) else {
                        let count = mask(&bytes)
                        if office != nil, DocumentReader.isBinaryPart(head: head) {
                            // Proof before replace, for a binary part: its UTF-16LE text
                            // (a preview's, a metafile's) holds nothing left to hide.
                            var sweep = LegacyOfficeText.sweep(bytes)
                            let left = sweep.withUnsafeMutableBytes { hideAll(in: $0) { _ in } }
                            if left > 0 {
                                refusals.append(
                                    DocumentReader.Failure(
                                        path: memberPath,
                                        reason: """
                                            \(engine.numbers(left)) in the text of a binary part (a \
                                            preview or metafile, in UTF-16), which redact does not rewrite
                                            """))
                                continue
                            }
                        }
                        if count > 0 {
                            changes.members[index] = bytes
                            hidden += count
                        }
                        continue
                    }
                    // An XML member: hidden where it stands, unless that breaks a reference,
                    // then read again with its sweep (references decoded).
                    let isReferencePart = Self.isReferencePart(entry.name)
                    var written: Set<[UInt8]> = []
                    var inReferences = 0
                    let count = bytes.withUnsafeMutableBytes { buffer in
                        hideAll(in: buffer) { range in
                            written.insert(Array(buffer[range]))
                            if isReferencePart, !Self.isHideableInReferencePart(UnsafeRawBufferPointer(buffer), range) {
                                inReferences += 1
                            }
                        }
                    }
                    if inReferences > 0 {
                        refusals.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: """
                                    \(engine.numbers(inReferences)) in a reference (a relationship's target or id, a \
                                    part's name), which redact cannot hide without breaking the document
                                    """))
                        continue
                    }
                    let left = leftInSweep(of: bytes, written: written)
                    if left > 0 {
                        refusals.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: """
                                    \(engine.numbers(left)) written with character or entity references (`find` \
                                    names it :sweep), which redact does not hide
                                    """))
                        continue
                    }
                    if count > 0, office == .spreadsheet, DocumentReader.isWorkbookPart(entry.name) {
                        // A `*` is not allowed in a sheet's name: the workbook would not open.
                        failures.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: """
                                    \(engine.numbers(count)) in the workbook's sheet or defined names, which \
                                    redact cannot hide without breaking the workbook
                                    """))
                        continue
                    }
                    if count > 0 {
                        changes.members[index] = bytes
                        hidden += count
                    }
                case .gzippedTar:
                    // Told only from a whole file (DocumentFormat.of), never from a member's first bytes.
                    preconditionFailure("a member's first bytes told a tar archive in gzip")
                }
            } catch let error as DocumentReader.BudgetExceeded {
                throw error
            } catch {
                failures.append(DocumentReader.Failure(path: memberPath, reason: DocumentReader.reason(error)))
            }
        }
        return changes
    }

    /// A comment with what redaction hides hidden where it stands (the same
    /// length), counted in ``hidden``; nil when it has nothing to hide.
    private mutating func hidden(inComment comment: [UInt8]) -> [UInt8]? {
        guard !comment.isEmpty else { return nil }
        var bytes = comment
        let count = mask(&bytes)
        guard count > 0 else { return nil }
        hidden += count
        return bytes
    }

    /// The bytes to write over `archive`'s to hide its CPFs, by offset in
    /// it, in order: each plain member's data with its CPFs hidden, as long
    /// as it was; a nested tar's the same way. What cannot be hidden so is
    /// a refusal (a name, a member that is no plain text and holds a CPF),
    /// what cannot be read a failure; the headers are never written.
    mutating func redact(_ archive: TarArchive, path: [UInt8], depth: Int) throws -> [(offset: UInt64, bytes: [UInt8])]
    {
        var patches: [(offset: UInt64, bytes: [UInt8])] = []
        func refuse(_ path: [UInt8], _ reason: String) {
            refusals.append(DocumentReader.Failure(path: path, reason: reason))
        }
        for member in archive.members {
            let memberPath = path + member.name
            let inHeader = "which redact does not rewrite in a tar header"
            if let kind = numberInMemberName(memberPath) {
                refuse(memberPath, "its name holds a \(kind == .cpf ? "CPF" : "CNPJ"), \(inHeader)")
            }
            if !member.linkName.isEmpty, let kind = numberInMemberName(path + member.linkName) {
                refuse(memberPath, "its link target holds a \(kind == .cpf ? "CPF" : "CNPJ"), \(inHeader)")
            }
            var records = member.records
            let inRecords = mask(&records)
            if inRecords > 0 { refuse(memberPath, "its pax header holds \(engine.numbers(inRecords)), \(inHeader)") }
            guard member.hasData, member.size > 0 else { continue }
            do {
                let head = try DocumentReader.peek(archive, member)
                let format = DocumentFormat.detect(head)
                if format == .tar {
                    guard depth < DocumentReader.maximumDepth else {
                        failures.append(
                            DocumentReader.Failure(
                                path: memberPath,
                                reason: "an archive nested more than \(DocumentReader.maximumDepth) deep"))
                        continue
                    }
                    let inner = try TarArchive(bytes: try DocumentReader.hold(archive, member, budget: &budget))
                    let innerPatches = try redact(inner, path: memberPath + [UInt8(ascii: "!")], depth: depth + 1)
                    patches += innerPatches.map { (member.dataStart + $0.offset, $0.bytes) }
                    continue
                }
                let plain =
                    format == nil
                    && head.withUnsafeBytes { head in
                        if case .success(let layers) = DecodingReader.sniff(head) { layers.isPlain } else { false }
                    }
                let bytes = try DocumentReader.hold(archive, member, budget: &budget)
                if plain {
                    var copy = bytes
                    let count = mask(&copy)
                    guard count > 0 else { continue }
                    // A pax sparse map may lie at the start of the data: never rewritten.
                    if member.isSparse {
                        refuse(
                            memberPath, "a sparse file holding \(engine.numbers(count)), which redact does not rewrite")
                        continue
                    }
                    patches.append((member.dataStart, copy))
                    hidden += count
                    continue
                }
                // Compressed, another encoding, e-mail, an archive or a PDF:
                // its CPFs cannot be hidden without changing its length.
                let found = try countInMember(bytes, path: memberPath, depth: depth)
                if found > 0 {
                    let kind = format.map { "a \($0.name)" } ?? DecodingReader.describe(head)
                    let what = "\(kind) holding \(engine.numbers(found))"
                    refuse(memberPath, "\(what), which redact does not rewrite inside a tar")
                }
            } catch let error as DocumentReader.BudgetExceeded {
                throw error
            } catch {
                failures.append(DocumentReader.Failure(path: memberPath, reason: DocumentReader.reason(error)))
            }
        }
        return patches
    }

    /// How many matches of the engine's kinds and confidence `find` would
    /// report in a member held whole; what cannot be read is a failure.
    mutating func countInMember(_ bytes: [UInt8], path: [UInt8], depth: Int) throws -> Int {
        var found = 0
        let minimum = engine.minimumConfidence
        let accepted = engine.accepted
        let fresh = TaxpayerScanner(accepting: accepted, hidingFrom: minimum)
        var scanner = fresh
        let reader = documents
        // A CPF in the name of a member inside it counts too.
        let prefixCount = namePrefixCount
        reader.memberNamed = { path in
            let name = Array(path.dropFirst(prefixCount))
            let named = !TaxpayerScanner.matches(
                inPath: name, accepting: accepted, minimumConfidence: minimum, includeInvalid: true
            ).isEmpty
            if named { found += 1 }
        }
        defer { reader.memberNamed = nil }
        try reader.read(
            member: bytes, path: path, depth: depth,
            begin: { _ in scanner = fresh },
            text: { block in scanner.feed(UnsafeRawBufferPointer(block)) { _ in found += 1 } },
            end: { numbers in
                scanner.finish { _ in found += 1 }
                // Spreadsheet numbers that are CPFs or CNPJs as the sheet stores them.
                found += numbers.count { accepted.contains($0.id.kind) && $0.confidence >= minimum }
            })
        failures += reader.failures
        return found
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
    func mask(_ bytes: inout [UInt8]) -> Int {
        bytes.withUnsafeMutableBytes { buffer in hideAll(in: buffer) { _ in } }
    }

    /// Hides, in `buffer`, every match redaction hides, of the kinds
    /// `--document` asks for, and calls `hidden` with the range of each;
    /// returns how many.
    private func hideAll(in buffer: UnsafeMutableRawBufferPointer, _ hidden: (Range<Int>) -> Void) -> Int {
        var count = 0
        let base = buffer.baseAddress!
        var scanner = TaxpayerScanner(accepting: engine.accepted, hidingFrom: engine.minimumConfidence)
        func take(_ match: TaxpayerScanner.Match) {
            guard engine.hide(match, in: base, origin: 0, counts: false) else { return }
            hidden(match.range)
            count += 1
        }
        scanner.feed(UnsafeRawBufferPointer(buffer)) { take($0) }
        scanner.finish { take($0) }
        return count
    }

    /// ``numberInName(_:)`` for a member's whole path, its first
    /// ``namePrefixCount`` bytes left out.
    private func numberInMemberName(_ path: [UInt8]) -> TaxpayerID.Kind? {
        numberInName(Array(path.dropFirst(namePrefixCount)))
    }

    /// The kind of number a member's path holds (a CPF first), of those
    /// `--document` asks for, mistyped ones too; nil when none.
    private func numberInName(_ path: [UInt8]) -> TaxpayerID.Kind? {
        let minimum = engine.minimumConfidence
        // The whole path, and each name on its own: a masked CNPJ's `/` may
        // cut it into a folder and a file name.
        let kinds = TaxpayerScanner.matches(
            inPath: path, accepting: engine.accepted, minimumConfidence: minimum, includeInvalid: true
        ).map(\.kind)
        return kinds.contains(.cpf) ? .cpf : kinds.first
    }

    /// How many matches redaction would hide the legacy Office document
    /// `bytes` holds (its sweep and attachments too); what could not be read
    /// is in ``documents``' failures.
    private func countInCompoundFile(_ bytes: [UInt8]) -> Int {
        var found = 0
        let minimum = engine.minimumConfidence
        let fresh = TaxpayerScanner(accepting: engine.accepted, hidingFrom: minimum)
        var scanner = fresh
        documents.readCompoundFile(
            bytes, limits: limits, begin: { _ in scanner = fresh },
            text: { block in scanner.feed(UnsafeRawBufferPointer(block)) { _ in found += 1 } },
            end: { _ in scanner.finish { _ in found += 1 } })
        return found
    }

    /// The spreadsheet numbers of a part that are CPFs as the sheet stores
    /// them (see ``DocumentReader/StoredNumber``), of the engine's minimum
    /// confidence, each with the hidden text of the CPF padded:
    /// `***********` (the cell becomes a string cell), or the pseudonym's
    /// digits (it stays a number).
    private func storedNumberReplacements(_ part: OfficeXMLText) -> [(range: Range<Int>, with: [UInt8])] {
        DocumentReader.storedNumbers(in: part).compactMap { number in
            guard engine.accepted.contains(number.id.kind), number.confidence >= engine.minimumConfidence else {
                return nil
            }
            // A CNPJ's pseudonyms are refused (RedactCommand): its 14 digits are hidden.
            guard case .cpf(let cpf) = number.id else { return (number.range, Array(repeating: 0x2A, count: 14)) }
            var padded = Array(cpf.digits.utf8)
            guard let match = CPFScanner.matches(in: padded, minimumConfidence: .low).first else { return nil }
            padded.withUnsafeMutableBytes { engine.hide(match, in: $0.baseAddress!, origin: 0, counts: false) }
            return (number.range, padded)
        }
    }

    /// How many matches redaction would hide are left in the sweep of the
    /// XML part `xml` (see ``XMLSweep``), leaving out those whose text is
    /// one of `written` (the pseudonyms `--style pseudonym` wrote).
    private func leftInSweep(of xml: [UInt8], written: Set<[UInt8]>) -> Int {
        let sweep = xml.withUnsafeBytes { XMLSweep.text(of: $0) }
        var hidden = sweep
        var left = 0
        hidden.withUnsafeMutableBytes { buffer in
            _ = hideAll(in: buffer) { range in
                if !written.contains(Array(sweep[range])) { left += 1 }
            }
        }
        return left
    }

    /// Whether member `name` of an Office document is one whose attribute
    /// values name other parts: relationships (`.rels`),
    /// `[Content_Types].xml`, an OpenDocument manifest.
    static func isReferencePart(_ name: [UInt8]) -> Bool {
        let lowered = name.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        return lowered.count > 5 && lowered.suffix(5).elementsEqual(".rels".utf8)
            || lowered.elementsEqual("[content_types].xml".utf8)
            || lowered.elementsEqual("meta-inf/manifest.xml".utf8)
    }

    /// Whether the match at `range` of a reference part (see
    /// ``isReferencePart(_:)``) can be hidden where it stands without
    /// breaking a reference: in character data or a comment, or in the
    /// `Target` of a relationship whose `TargetMode` is `External` (a
    /// hyperlink's address). Anywhere else in a tag (a relationship's
    /// internal target or id, a part's name) it cannot.
    ///
    /// ```swift
    /// let xml = Array(#"<Relationship Id="r1" Target="https://x/52998224725" TargetMode="External"/>"#.utf8)
    /// xml.withUnsafeBytes { ArchiveRedactor.isHideableInReferencePart($0, 40..<51) }   // true
    /// ```
    static func isHideableInReferencePart(_ xml: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        let open = UInt8(ascii: "<")
        let close = UInt8(ascii: ">")
        var start = range.lowerBound
        while start > 0, xml[start - 1] != open, xml[start - 1] != close { start -= 1 }
        guard start > 0, xml[start - 1] == open else { return true }
        let tagStart = start - 1
        if UnsafeRawBufferPointer(rebasing: xml[tagStart...]).starts(with: "<!--".utf8) { return true }
        var end = range.upperBound
        while end < xml.count, xml[end] != close { end += 1 }
        let tag = UnsafeRawBufferPointer(rebasing: xml[tagStart..<end])
        var index = tagStart + 1
        while index < end {
            let quote = xml[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                index += 1
                continue
            }
            var valueEnd = index + 1
            while valueEnd < end, xml[valueEnd] != quote { valueEnd += 1 }
            if index < range.lowerBound, range.upperBound <= valueEnd {
                // The attribute's name: before `=`, spaces allowed around it.
                var nameEnd = index
                while nameEnd > tagStart, xml[nameEnd - 1] == 0x20 || xml[nameEnd - 1] == UInt8(ascii: "=") {
                    nameEnd -= 1
                }
                var nameStart = nameEnd
                while nameStart > tagStart + 1, xml[nameStart - 1] > 0x20 { nameStart -= 1 }
                let name = UnsafeRawBufferPointer(rebasing: xml[nameStart..<nameEnd])
                let external = [#"TargetMode="External""#, "TargetMode='External'"].contains { mode in
                    tag.firstRange(of: mode.utf8) != nil
                }
                return name.elementsEqual("Target".utf8) && external
            }
            index = valueEnd + 1
        }
        return false
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
