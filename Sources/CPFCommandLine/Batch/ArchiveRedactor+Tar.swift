import CPFDecoders
import CPFKit

/// What `redact` writes over a tar archive's bytes: each plain member's
/// data with its CPFs hidden, as long as it was, the headers never written.
extension ArchiveRedactor {
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
}
