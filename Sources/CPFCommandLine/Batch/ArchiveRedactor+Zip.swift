import CPFDecoders
import CPFKit

/// What `redact` changes in a zip archive (an Office document too), member
/// by member: an Office part's text and stored numbers, a plain or XML
/// member hidden where it stands, a nested archive, PNG image or PDF
/// rewritten; what it cannot rewrite (a legacy Office document, text in
/// another encoding) named.
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

    /// What `archive` needs changed to hide what it holds, walked as
    /// ``ZipWalk`` tells its members; the failures are collected.
    mutating func redact(_ archive: ZipArchive, path: [UInt8], depth: Int) throws -> ArchiveChanges {
        var changes = ArchiveChanges()
        let hiddenBefore = hidden
        let walk = ZipWalk(archive, path: path, depth: depth, limits: limits)
        // A document's thumbnails, read by OCR only if nothing else was hidden (else blanked whole).
        var thumbnails: [(member: ZipWalk.Member, format: ImageFormat, hiddenInBytes: Int)] = []
        try walk.visit { step in
            switch step {
            case .comment(let bytes):
                changes.archiveComment = hidden(inComment: bytes)
            case .entry(let entry):
                if let kind = numberInMemberName(entry.path) { namesWithNumber.append((entry.path, kind)) }
                changes.comments[entry.index] = hidden(inComment: entry.comment)
            case .failure(let failure):
                failures.append(failure)
            case .member(let member):
                let before = hidden
                var rewritten = try rewrite(member, of: walk)
                if engine.images != nil, let format = ImageFormat.detect(member.head) {
                    if walk.office != nil, Self.isThumbnail(member.entry.name) {
                        thumbnails.append((member, format, hidden - before))
                    } else {
                        rewritten = redactPixels(
                            of: member.path, format: format, original: try walk.hold(member, budget: &budget),
                            rewritten: rewritten, hiddenInBytes: hidden - before)
                    }
                }
                if let rewritten { changes.members[member.index] = rewritten }
            }
        }
        guard walk.office != nil else { return changes }
        if hidden == hiddenBefore {
            for (member, format, hiddenInBytes) in thumbnails {
                let rewritten = redactPixels(
                    of: member.path, format: format, original: try walk.hold(member, budget: &budget),
                    rewritten: changes.members[member.index], hiddenInBytes: hiddenInBytes)
                if let rewritten { changes.members[member.index] = rewritten }
            }
        }
        // A document that had something to hide: its picture of the first page goes too.
        if hidden > hiddenBefore { try blankThumbnails(of: archive, path: path, in: &changes) }
        return changes
    }

    /// The new contents of a member of the archive `walk` walks, as its
    /// kind says; nil when it has nothing to hide, or when what it holds
    /// cannot be hidden (a failure or refusal, collected).
    private mutating func rewrite(_ member: ZipWalk.Member, of walk: ZipWalk) throws -> [UInt8]? {
        let memberPath = member.path
        let head = member.head
        switch member.kind {
        case .officeText(let office):
            let xml = try walk.hold(member, budget: &budget)
            let part = try xml.withUnsafeBytes { (xml) throws(OfficeXMLError) in
                try OfficeXMLText(xml: xml, kind: office, part: member.entry.name)
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
                return nil
            }
            guard !edits.isEmpty else { return nil }
            hidden += edits.count
            return rewritten
        case .tooDeep:
            // Named by the walk, never handed over.
            return nil
        case .archive(.zip):
            let bytes = try walk.hold(member, budget: &budget)
            let inner = try ZipArchive(size: UInt64(bytes.count), read: DocumentReader.reader(of: bytes))
            let innerChanges = try redact(inner, path: memberPath + [UInt8(ascii: "!")], depth: walk.depth + 1)
            guard !innerChanges.isEmpty else { return nil }
            var rewritten: [UInt8] = []
            try innerChanges.write(inner) { rewritten += $0 }
            return rewritten
        case .archive:
            var bytes = try walk.hold(member, budget: &budget)
            let patches = try redact(
                TarArchive(bytes: bytes), path: memberPath + [UInt8(ascii: "!")], depth: walk.depth + 1)
            guard !patches.isEmpty else { return nil }
            for patch in patches {
                bytes.replaceSubrange(Int(patch.offset)..<Int(patch.offset) + patch.bytes.count, with: patch.bytes)
            }
            return bytes
        case .png:
            let bytes = try walk.hold(member, budget: &budget)
            return try redact(png: bytes, path: memberPath)
        case .pdf:
            let bytes = try walk.hold(member, budget: &budget)
            let found = DocumentReader.countCPFs(
                inPDF: bytes, minimumConfidence: engine.minimumConfidence, accepting: engine.accepted, limits: limits)
            switch found {
            case .success(0): return nil
            case .success(let count):
                // Written again as a PDF file is, and read back before it takes the member's place.
                do throws(InputFailure) {
                    let written = try engine.redactPDF(bytes)
                    hidden += count
                    return written.pdf
                } catch {
                    switch error {
                    case .notRewritten(let reason), .notSearched(let reason):
                        refusals.append(DocumentReader.Failure(path: memberPath, reason: reason))
                    case .read(let error):
                        failures.append(DocumentReader.Failure(path: memberPath, reason: "\(error)"))
                    }
                    return nil
                }
            case .failure(let error):
                failures.append(DocumentReader.Failure(path: memberPath, reason: error.reason))
                return nil
            }
        case .compoundFile:
            let bytes = try walk.hold(member, budget: &budget)
            let found = countInCompoundFile(bytes)
            if found > 0 {
                let kind = documents.legacyKind.map { " (\($0))" } ?? ""
                refusals.append(
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
            return nil
        case .encoded, .binaryPart(plain: false):
            failures.append(
                DocumentReader.Failure(
                    path: memberPath,
                    reason: """
                        not plain text (\(DecodingReader.describe(head))), which redact does not \
                        rewrite inside an archive
                        """))
            return nil
        case .plain, .binaryPart(plain: true):
            var bytes = try walk.hold(member, budget: &budget)
            let count = mask(&bytes)
            if member.kind == .binaryPart(plain: true) {
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
                    return nil
                }
            }
            guard count > 0 else { return nil }
            hidden += count
            return bytes
        case .officeXML:
            return try rewriteXML(member, of: walk)
        }
    }

    /// The new contents of an XML member of an Office document (not one of
    /// its text parts): hidden where it stands, unless that breaks a
    /// reference, then read again with its sweep (references decoded).
    private mutating func rewriteXML(_ member: ZipWalk.Member, of walk: ZipWalk) throws -> [UInt8]? {
        let memberPath = member.path
        var bytes = try walk.hold(member, budget: &budget)
        let isReferencePart = Self.isReferencePart(member.entry.name)
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
            return nil
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
            return nil
        }
        if count > 0, walk.office == .spreadsheet, DocumentReader.isWorkbookPart(member.entry.name) {
            // A `*` is not allowed in a sheet's name: the workbook would not open.
            failures.append(
                DocumentReader.Failure(
                    path: memberPath,
                    reason: """
                        \(engine.numbers(count)) in the workbook's sheet or defined names, which \
                        redact cannot hide without breaking the workbook
                        """))
            return nil
        }
        guard count > 0 else { return nil }
        hidden += count
        return bytes
    }
}
