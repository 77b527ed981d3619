import CPFDecoders
import CPFKit
import CPFSystem

/// How many matches `redact` would hide are in what it does not rewrite (a
/// PDF, a legacy Office document, a tar member that is no plain text, an
/// e-mail's attachment it cannot rewrite), read as `find` reads them: one
/// that holds any is named, not rewritten.
extension ArchiveRedactor {
    /// How many CPFs (of the engine's minimum confidence) the text of the
    /// PDF or legacy Office document open at `descriptor` holds (its sweep
    /// too); what could not be read is in ``documents``' failures.
    func count(in descriptor: FileDescriptor, format: DocumentFormat) throws(Errno) -> Int {
        let fresh = TaxpayerScanner(accepting: engine.accepted, hidingFrom: engine.minimumConfidence)
        var scanner = fresh
        var found = 0
        documents.imageMember = engine.imageCounter { found += $0 }
        defer { documents.imageMember = nil }
        try documents.read(
            descriptor, format: format, begin: { _ in scanner = fresh },
            text: { block in scanner.feed(UnsafeRawBufferPointer(block)) { _ in found += 1 } },
            end: { _ in scanner.finish { _ in found += 1 } })
        return found
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
        // The pixels of an image inside it too.
        reader.imageMember = engine.imageCounter { found += $0 }
        defer { reader.imageMember = nil }
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

    /// How many matches redaction would hide the legacy Office document
    /// `bytes` holds (its sweep and attachments too); what could not be read
    /// is in ``documents``' failures.
    func countInCompoundFile(_ bytes: [UInt8]) -> Int {
        var found = 0
        let minimum = engine.minimumConfidence
        let fresh = TaxpayerScanner(accepting: engine.accepted, hidingFrom: minimum)
        var scanner = fresh
        documents.imageMember = engine.imageCounter { found += $0 }
        defer { documents.imageMember = nil }
        documents.readCompoundFile(
            bytes, limits: limits, begin: { _ in scanner = fresh },
            text: { block in scanner.feed(UnsafeRawBufferPointer(block)) { _ in found += 1 } },
            end: { _ in scanner.finish { _ in found += 1 } })
        return found
    }
}
