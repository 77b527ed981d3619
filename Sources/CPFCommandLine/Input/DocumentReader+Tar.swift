import CPFDecoders
import CPFKit

/// A tar archive walked member by member (its pax records as a member's
/// comment), its members peeked at or held whole; a tar archive in gzip,
/// decompressed and held whole.
extension DocumentReader {
    /// Reads every member of a tar `archive`, whose members' paths start with `path`.
    func walk(
        _ archive: TarArchive, path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        for entry in archive.members {
            let memberPath = path + entry.name
            if let memberNamed {
                memberNamed(memberPath)
                if !entry.linkName.isEmpty { memberNamed(path + entry.linkName) }
            }
            // Its pax records (a comment, owners, extended attributes), as a zip member's comment.
            try comment(entry.records, path: memberPath, begin: begin, text: text, end: end)
            guard entry.hasData else { continue }
            do {
                let head = try Self.peek(archive, entry)
                try member(
                    MemberKind.of(head: head, depth: depth), path: memberPath, depth: depth,
                    hold: { [self] in try Self.hold(archive, entry, budget: &budget) },
                    contents: { body in try archive.withContents(of: entry, body) }, begin: begin, text: text,
                    end: end)
            } catch let error as BudgetExceeded {
                throw error
            } catch {
                failures.append(Failure(path: memberPath, reason: Self.reason(error)))
            }
        }
    }

    /// The first bytes of a tar member (at most ``peekSize``).
    static func peek(_ archive: TarArchive, _ member: TarArchive.Member) throws -> [UInt8] {
        var head: [UInt8] = []
        do {
            try archive.withContents(of: member) { bytes in
                head += bytes.prefix(Self.peekSize - head.count)
                if head.count >= Self.peekSize { throw Stop() }
            }
        } catch is Stop {}
        return head
    }

    /// A tar member's bytes, whole; at most ``maximumHeldSize``, counted in `budget`.
    static func hold(_ archive: TarArchive, _ member: TarArchive.Member, budget: inout Budget) throws -> [UInt8] {
        guard member.size <= UInt64(Self.maximumHeldSize) else { throw HeldTooLarge() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(member.size))
        try archive.withContents(of: member) { piece in
            try budget.count(piece.count)
            bytes += piece
        }
        return bytes
    }

    /// The decompressed bytes of the gzip file of `size` bytes that `read`
    /// reads, held whole (at most ``maximumHeldSize``, under the run's
    /// ratio limit), and the names and comments of its headers.
    static func gunzip(
        size: Int, read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int, limits: DecompressionLimits
    )
        throws -> (bytes: [UInt8], headerTexts: [(field: GzipReader.HeaderField, text: [UInt8])])
    {
        let reader = GzipReader(limits: pdfLimits(limits))
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while offset < size {
            let count = try piece.withUnsafeMutableBytes { try read($0, UInt64(offset)) }
            if count == 0 { break }
            try piece.withUnsafeBufferPointer {
                try reader.decompress(UnsafeBufferPointer(rebasing: $0[..<count])) { bytes += $0 }
            }
            offset += count
        }
        try reader.finish()
        return (bytes, reader.headerTexts)
    }
}
