import CPFDecoders
import CPFKit

/// A zip archive walked member by member: an Office document's text parts
/// through ``OfficeXMLText`` with their stored numbers and sweep, its other
/// XML and binary parts swept too, every other member told by its first
/// bytes; and a member's bytes peeked at or held whole.
extension DocumentReader {
    /// Reads every member of `archive`, whose members' paths start with `path`.
    func walk(
        _ archive: ZipArchive, path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        let office = officeKind(of: archive)
        // The archive's comment, named after the archive (a nested one's path without its `!`).
        try comment(archive.comment, path: Array(path.dropLast()), begin: begin, text: text, end: end)
        for entry in archive.entries {
            let memberPath = path + entry.name
            if let memberNamed { memberNamed(memberPath) }
            try comment(entry.comment, path: memberPath, begin: begin, text: text, end: end)
            if entry.isDirectory { continue }
            func fail(_ reason: String) { failures.append(Failure(path: memberPath, reason: reason)) }
            if entry.isEncrypted {
                fail("encrypted member")
                continue
            }
            do {
                let head = try peek(archive, entry)
                if let office, office.isTextPart(entry.name) {
                    let xml = try hold(archive, entry)
                    let part = try xml.withUnsafeBytes { (xml) throws(OfficeXMLError) in
                        try OfficeXMLText(xml: xml, kind: office, part: entry.name)
                    }
                    let numbers = Self.storedNumbers(in: part)
                    deliver(part.text, path: memberPath, begin: begin, text: text) { end(numbers) }
                    var placed = Self.characters(in: part.text)
                    for number in numbers { placed.insert(number.id.characters) }
                    let unplaced = Self.unplaced(xml.withUnsafeBytes { XMLSweep.text(of: $0) }, placed: placed)
                    try count(unplaced.count)
                    deliverSweep(unplaced, path: memberPath, begin: begin, text: text, end: end)
                    continue
                }
                if office != nil, Self.isSweptXMLMember(entry.name, head: head) {
                    // Its bytes read as any text member's, then its sweep: what references hide.
                    let xml = try hold(archive, entry)
                    try stream(
                        { body in try xml.withUnsafeBufferPointer { try body($0) } }, counted: true, path: memberPath,
                        begin: begin, text: text, end: end)
                    let unplaced = Self.unplaced(
                        xml.withUnsafeBytes { XMLSweep.text(of: $0) }, placed: Self.characters(in: xml))
                    try count(unplaced.count)
                    deliverSweep(unplaced, path: memberPath, begin: begin, text: text, end: end)
                    continue
                }
                try member(
                    head: head, path: memberPath, depth: depth, hold: { try hold(archive, entry) },
                    contents: { [limits] body in try archive.withContents(of: entry, limits: limits, body) },
                    begin: begin, text: text, end: end)
                if office != nil, Self.isBinaryPart(head: head) {
                    // A binary part of a document (a chart's or table's preview
                    // metafile, as LibreOffice writes them; a Word metafile)
                    // keeps its text in UTF-16LE, which the bytes as they are
                    // do not show: swept as a legacy Office stream is.
                    let bytes = try hold(archive, entry)
                    let unplaced = Self.unplaced(LegacyOfficeText.sweep(bytes), placed: Self.characters(in: bytes))
                    try count(unplaced.count)
                    deliverSweep(unplaced, path: memberPath, begin: begin, text: text, end: end)
                }
            } catch let error as BudgetExceeded {
                throw error
            } catch {
                fail(Self.reason(error))
            }
        }
    }

    /// The first bytes of a member (at most ``peekSize``).
    static func peek(_ archive: ZipArchive, _ entry: ZipEntry, limits: DecompressionLimits) throws -> [UInt8] {
        var head: [UInt8] = []
        do {
            try archive.withContents(of: entry, limits: limits) { bytes in
                head += bytes.prefix(Self.peekSize - head.count)
                if head.count >= Self.peekSize { throw Stop() }
            }
        } catch is Stop {}
        return head
    }

    /// A member's bytes, whole; at most ``maximumHeldSize``, counted in `budget`.
    static func hold(_ archive: ZipArchive, _ entry: ZipEntry, budget: inout Budget) throws -> [UInt8] {
        guard entry.uncompressedSize <= UInt64(Self.maximumHeldSize) else {
            throw HeldTooLarge()
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(entry.uncompressedSize))
        try archive.withContents(of: entry, limits: budget.limits) { piece in
            guard bytes.count + piece.count <= Self.maximumHeldSize else { throw HeldTooLarge() }
            try budget.count(piece.count)
            bytes += piece
        }
        return bytes
    }
    private func peek(_ archive: ZipArchive, _ entry: ZipEntry) throws -> [UInt8] {
        try Self.peek(archive, entry, limits: limits)
    }
    private func hold(_ archive: ZipArchive, _ entry: ZipEntry) throws -> [UInt8] {
        try Self.hold(archive, entry, budget: &budget)
    }

    /// Reads a document held in memory, for ``ZipArchive``.
    static func reader(of bytes: [UInt8]) -> (UnsafeMutableRawBufferPointer, UInt64) throws -> Int {
        { buffer, offset in
            guard offset < UInt64(bytes.count) else { return 0 }
            let start = Int(offset)
            let count = min(buffer.count, bytes.count - start)
            bytes.withUnsafeBytes { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]))
            }
            return count
        }
    }
}
