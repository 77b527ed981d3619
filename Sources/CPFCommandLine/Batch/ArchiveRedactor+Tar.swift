import CPFDecoders
import CPFKit

/// What `redact` writes over a tar archive's bytes: each plain member's
/// data with its CPFs hidden, as long as it was, the headers never written.
extension ArchiveRedactor {
    /// The bytes to write over `archive`'s to hide its CPFs, by offset in
    /// it, in order: each plain member's data with its CPFs hidden, as long
    /// as it was; a nested tar's the same way. What cannot be hidden so is
    /// a refusal (a name, a member that is no plain text and holds a CPF),
    /// what cannot be read a failure; the headers are never written. The
    /// members are as ``TarWalk`` tells them.
    mutating func redact(_ archive: TarArchive, path: [UInt8], depth: Int) throws -> [(offset: UInt64, bytes: [UInt8])]
    {
        var patches: [(offset: UInt64, bytes: [UInt8])] = []
        let walk = TarWalk(archive, path: path, depth: depth)
        try walk.visit { step in
            switch step {
            case .header(let header):
                refuseNumbers(inHeader: header, of: walk)
            case .failure(let failure):
                failures.append(failure)
            case .member(let member):
                patches += try rewrite(member, of: walk)
            }
        }
        return patches
    }

    /// Names as refusals the numbers in a member's header: its name, its
    /// link target, its pax records, which redact never writes.
    private mutating func refuseNumbers(inHeader header: TarWalk.Header, of walk: TarWalk) {
        let inHeader = "which redact does not rewrite in a tar header"
        if let kind = numberInMemberName(header.path) {
            refuse(header.path, "its name holds a \(kind == .cpf ? "CPF" : "CNPJ"), \(inHeader)")
        }
        if !header.member.linkName.isEmpty, let kind = numberInMemberName(walk.path + header.member.linkName) {
            refuse(header.path, "its link target holds a \(kind == .cpf ? "CPF" : "CNPJ"), \(inHeader)")
        }
        var records = header.member.records
        let inRecords = mask(&records)
        if inRecords > 0 { refuse(header.path, "its pax header holds \(engine.numbers(inRecords)), \(inHeader)") }
    }

    private mutating func refuse(_ path: [UInt8], _ reason: String) {
        refusals.append(DocumentReader.Failure(path: path, reason: reason))
    }

    /// The bytes to write over a member's, by offset in the archive: its
    /// data with its CPFs hidden when it is plain, a nested tar's patches;
    /// none when a member holds nothing to hide or what it holds cannot be
    /// hidden in place (a refusal).
    private mutating func rewrite(_ tarMember: TarWalk.Member, of walk: TarWalk) throws -> [(
        offset: UInt64, bytes: [UInt8]
    )] {
        let member = tarMember.member
        let memberPath = tarMember.path
        guard member.size > 0 else { return [] }
        if tarMember.kind == .archive(.tar) {
            let inner = try TarArchive(bytes: try walk.hold(tarMember, budget: &budget))
            let innerPatches = try redact(inner, path: memberPath + [UInt8(ascii: "!")], depth: walk.depth + 1)
            return innerPatches.map { (member.dataStart + $0.offset, $0.bytes) }
        }
        let bytes = try walk.hold(tarMember, budget: &budget)
        if tarMember.kind == .plain, let format = ImageFormat.detect(tarMember.head) {
            // Painting changes an image's length: what its pixels hold cannot be hidden in place.
            let found = countInPixels(of: bytes, path: memberPath, format: format)
            if found > 0 {
                refuse(
                    memberPath,
                    """
                    a \(format.rawValue) image in whose pixels the OCR engine reads \(engine.numbers(found)), \
                    which redact does not rewrite inside a tar
                    """)
            }
        }
        if tarMember.kind == .plain {
            var copy = bytes
            let count = mask(&copy)
            guard count > 0 else { return [] }
            // A pax sparse map may lie at the start of the data: never rewritten.
            if member.isSparse {
                refuse(memberPath, "a sparse file holding \(engine.numbers(count)), which redact does not rewrite")
                return []
            }
            hidden += count
            return [(member.dataStart, copy)]
        }
        // Compressed, another encoding, e-mail, an archive or a PDF:
        // its CPFs cannot be hidden without changing its length.
        let found = try countInMember(bytes, path: memberPath, depth: walk.depth)
        if found > 0 {
            let format = DocumentFormat.detect(tarMember.head)
            let kind = format.map { "a \($0.name)" } ?? DecodingReader.describe(tarMember.head)
            let what = "\(kind) holding \(engine.numbers(found))"
            refuse(memberPath, "\(what), which redact does not rewrite inside a tar")
        }
        return []
    }
}
