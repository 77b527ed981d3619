import CPFDecoders

/// A zip archive (an Office document too) walked member by member, once for
/// `find` and `redact` alike: the archive's comment, every entry's path and
/// comment, then every member that holds data with what it is
/// (``MemberKind``), told once from its name and first bytes. `find` reads
/// each member's text (``DocumentReader``), `redact` rewrites it
/// (``ArchiveRedactor``).
///
/// An encrypted member, an archive nested too deep and a member whose
/// reading throws are failures of the member, handed over as
/// ``Step/failure(_:)``, and the walk goes on; only the document's budget
/// broken (``DocumentReader/BudgetExceeded``) stops it.
///
/// ```swift
/// try ZipWalk(archive, path: [], depth: 1, limits: limits).visit { step in
///     switch step {
///     case .comment(let comment): …          // the archive's own
///     case .entry(let entry): …              // every entry, directories too: its path and comment
///     case .member(let member): …            // member.kind: read it, or rewrite it
///     case .failure(let failure): failures.append(failure)
///     }
/// }
/// ```
///
/// - Complexity: O(n) in the archive's entries, and for each member that
///   is not an Office text part its first ``DocumentReader/peekSize`` bytes
///   decompressed to tell what it is.
struct ZipWalk {
    let archive: ZipArchive
    /// What the members' paths start with: empty, or a nested archive's path and `!`.
    let path: [UInt8]
    /// How many archives deep this one is (the document itself is 1).
    let depth: Int
    /// The Office document the archive is, if it is one.
    let office: OfficeDocumentKind?
    let limits: DecompressionLimits

    init(_ archive: ZipArchive, path: [UInt8], depth: Int, limits: DecompressionLimits) {
        self.archive = archive
        self.path = path
        self.depth = depth
        self.limits = limits
        office = DocumentReader.officeKind(of: archive, limits: limits)
    }

    /// An entry of the archive, a directory too.
    struct Entry {
        /// Its index among the archive's entries.
        let index: Int
        let path: [UInt8]
        let comment: [UInt8]
    }

    /// A member that holds data, and what it is.
    struct Member {
        /// Its index among the archive's entries.
        let index: Int
        let entry: ZipEntry
        let path: [UInt8]
        let kind: MemberKind
        /// Its first bytes (at most ``DocumentReader/peekSize``); empty for
        /// an Office text part, told by its name.
        let head: [UInt8]
    }

    /// What the walk hands over, in the order of the archive.
    enum Step {
        /// The archive's comment (maybe empty), first.
        case comment([UInt8])
        /// Each entry, before its member if it has one.
        case entry(Entry)
        /// Each member that holds data and can be read.
        case member(Member)
        /// A member that could not be read, and why.
        case failure(DocumentReader.Failure)
    }

    /// Hands over every step of the walk to `handle`. An error `handle`
    /// throws for a member is that member's failure, handed over in turn;
    /// ``DocumentReader/BudgetExceeded``, and an error thrown for a comment
    /// or an entry, stop the walk.
    func visit(_ handle: (Step) throws -> Void) throws {
        try handle(.comment(archive.comment))
        for (index, entry) in archive.entries.enumerated() {
            let memberPath = path + entry.name
            try handle(.entry(Entry(index: index, path: memberPath, comment: entry.comment)))
            if entry.isDirectory { continue }
            guard !entry.isEncrypted else {
                try handle(.failure(DocumentReader.Failure(path: memberPath, reason: "encrypted member")))
                continue
            }
            do {
                let member = try self.member(entry, index: index, path: memberPath)
                guard member.kind != .tooDeep else {
                    try handle(.failure(DocumentReader.Failure(path: memberPath, reason: MemberKind.tooDeepReason)))
                    continue
                }
                try handle(.member(member))
            } catch let error as DocumentReader.BudgetExceeded {
                throw error
            } catch {
                try handle(.failure(DocumentReader.Failure(path: memberPath, reason: DocumentReader.reason(error))))
            }
        }
    }

    /// A member, told by its name when it is an Office text part, else by
    /// its first bytes (which throws when they cannot be read).
    private func member(_ entry: ZipEntry, index: Int, path: [UInt8]) throws -> Member {
        if let office, office.isTextPart(entry.name) {
            return Member(index: index, entry: entry, path: path, kind: .officeText(office), head: [])
        }
        let head = try DocumentReader.peek(archive, entry, limits: limits)
        let kind = MemberKind.of(name: entry.name, head: head, office: office, depth: depth)
        return Member(index: index, entry: entry, path: path, kind: kind, head: head)
    }

    /// A member's bytes, whole; at most ``DocumentReader/maximumHeldSize``, counted in `budget`.
    func hold(_ member: Member, budget: inout DocumentReader.Budget) throws -> [UInt8] {
        try DocumentReader.hold(archive, member.entry, budget: &budget)
    }
}
