import CPFDecoders
import CPFKit

/// `find`'s reading of a zip archive's members, as ``ZipWalk`` tells
/// them: an Office document's text parts through ``OfficeXMLText`` with
/// their stored numbers and sweep, its other XML and binary parts swept
/// too, every other member read as it is (``member(_:path:depth:hold:contents:begin:text:end:)``);
/// and a member's bytes peeked at or held whole.
extension DocumentReader {
    /// Reads every member of `archive`, whose members' paths start with `path`.
    func walk(
        _ archive: ZipArchive, path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        let walk = ZipWalk(archive, path: path, depth: depth, limits: limits)
        try walk.visit { step in
            switch step {
            case .comment(let bytes):
                // Named after the archive (a nested one's path without its `!`).
                try comment(bytes, path: Array(path.dropLast()), begin: begin, text: text, end: end)
            case .entry(let entry):
                if let memberNamed { memberNamed(entry.path) }
                try comment(entry.comment, path: entry.path, begin: begin, text: text, end: end)
            case .failure(let failure):
                failures.append(failure)
            case .member(let member):
                try read(member, of: walk, begin: begin, text: text, end: end)
            }
        }
    }

    /// Reads one member of the archive `walk` walks, as its kind says.
    private func read(
        _ member: ZipWalk.Member, of walk: ZipWalk, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        let hold = Self.once { [self] in try walk.hold(member, budget: &budget) }
        switch member.kind {
        case .officeText(let office):
            // Its first bytes decompressed first, as every member's: a damaged part is named for them.
            _ = try Self.peek(walk.archive, member.entry, limits: limits)
            let xml = try hold()
            let part = try xml.withUnsafeBytes { (xml) throws(OfficeXMLError) in
                try OfficeXMLText(xml: xml, kind: office, part: member.entry.name)
            }
            let numbers = Self.storedNumbers(in: part)
            deliver(part.text, path: member.path, begin: begin, text: text) { end(numbers) }
            var placed = Self.characters(in: part.text)
            for number in numbers { placed.insert(number.id.characters) }
            let unplaced = Self.unplaced(xml.withUnsafeBytes { XMLSweep.text(of: $0) }, placed: placed)
            try count(unplaced.count)
            deliverSweep(unplaced, path: member.path, begin: begin, text: text, end: end)
        case .officeXML:
            // Its bytes read as any text member's, then its sweep: what references hide.
            let xml = try hold()
            try stream(
                { body in try xml.withUnsafeBufferPointer { try body($0) } }, counted: true, path: member.path,
                begin: begin, text: text, end: end)
            let unplaced = Self.unplaced(
                xml.withUnsafeBytes { XMLSweep.text(of: $0) }, placed: Self.characters(in: xml))
            try count(unplaced.count)
            deliverSweep(unplaced, path: member.path, begin: begin, text: text, end: end)
        default:
            try self.member(
                member.kind, head: member.head, path: member.path, depth: walk.depth, hold: hold,
                contents: { [limits] body in try walk.archive.withContents(of: member.entry, limits: limits, body) },
                begin: begin, text: text, end: end)
            if case .binaryPart = member.kind {
                // A binary part of a document (a chart's or table's preview
                // metafile, as LibreOffice writes them; a Word metafile)
                // keeps its text in UTF-16LE, which the bytes as they are
                // do not show: swept as a legacy Office stream is.
                let bytes = try hold()
                let unplaced = Self.unplaced(LegacyOfficeText.sweep(bytes), placed: Self.characters(in: bytes))
                try count(unplaced.count)
                deliverSweep(unplaced, path: member.path, begin: begin, text: text, end: end)
            }
        }
    }

    /// `hold`, made to read a member once: the bytes of its first call are
    /// given again to every later one (a member's kind, its sweep and its
    /// pixels each ask for them).
    static func once(_ hold: @escaping () throws -> [UInt8]) -> () throws -> [UInt8] {
        var held: [UInt8]?
        return {
            if let held { return held }
            let bytes = try hold()
            held = bytes
            return bytes
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
