import CPFDecoders
import CPFKit

/// What `redact` changes in a zip archive (an Office document too), member
/// by member: an Office part's text and stored numbers, a plain or XML
/// member hidden where it stands, a nested archive or PNG image rewritten;
/// what it cannot rewrite (a PDF, a legacy Office document, text in another
/// encoding) named.
extension ArchiveRedactor {
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
}
