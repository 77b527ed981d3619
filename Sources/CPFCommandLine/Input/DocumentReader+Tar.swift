import CPFDecoders
import CPFKit

/// `find`'s reading of a tar archive's members, as ``TarWalk`` tells them
/// (its pax records as a member's comment), its members peeked at or held
/// whole; a tar archive in gzip, decompressed and held whole.
extension DocumentReader {
    /// Reads every member of a tar `archive`, whose members' paths start with `path`.
    func walk(
        _ archive: TarArchive, path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        let walk = TarWalk(archive, path: path, depth: depth)
        try walk.visit { step in
            switch step {
            case .header(let header):
                if let memberNamed {
                    memberNamed(header.path)
                    if !header.member.linkName.isEmpty { memberNamed(path + header.member.linkName) }
                }
                // Its pax records (a comment, owners, extended attributes), as a zip member's comment.
                try comment(header.member.records, path: header.path, begin: begin, text: text, end: end)
            case .failure(let failure):
                failures.append(failure)
            case .member(let member):
                try self.member(
                    member.kind, head: member.head, path: member.path, depth: depth,
                    hold: Self.once { [self] in try walk.hold(member, budget: &budget) },
                    contents: { body in try archive.withContents(of: member.member, body) }, begin: begin,
                    text: text, end: end)
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
