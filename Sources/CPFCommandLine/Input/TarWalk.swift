import CPFDecoders

/// A tar archive walked member by member, once for `find` and `redact`
/// alike: every member's header (its path, link target and pax records),
/// then every member that holds data with what it is (``MemberKind``),
/// told once from its first bytes. `find` reads each member's text
/// (``DocumentReader``), `redact` writes its data over where it stands
/// (``ArchiveRedactor``).
///
/// An archive nested too deep and a member whose reading throws are
/// failures of the member, handed over as ``Step/failure(_:)``, and the
/// walk goes on; only the document's budget broken
/// (``DocumentReader/BudgetExceeded``) stops it.
///
/// ```swift
/// try TarWalk(archive, path: [], depth: 1).visit { step in
///     switch step {
///     case .header(let header): …            // every member: header.path, header.member.linkName, .records
///     case .member(let member): …            // member.kind: read it, or write it over
///     case .failure(let failure): failures.append(failure)
///     }
/// }
/// ```
///
/// - Complexity: O(n) in the archive's members, and for each member that
///   holds data its first ``DocumentReader/peekSize`` bytes read to tell
///   what it is.
struct TarWalk {
    let archive: TarArchive
    /// What the members' paths start with: empty, or a nested archive's path and `!`.
    let path: [UInt8]
    /// How many archives deep this one is (the document itself is 1).
    let depth: Int

    init(_ archive: TarArchive, path: [UInt8], depth: Int) {
        self.archive = archive
        self.path = path
        self.depth = depth
    }

    /// A member's header, and its path in the document.
    struct Header {
        let member: TarArchive.Member
        let path: [UInt8]
    }

    /// A member that holds data, and what it is.
    struct Member {
        let member: TarArchive.Member
        let path: [UInt8]
        let kind: MemberKind
        /// Its first bytes (at most ``DocumentReader/peekSize``).
        let head: [UInt8]
    }

    /// What the walk hands over, in the order of the archive.
    enum Step {
        /// Each member's header, before its data if it has any.
        case header(Header)
        /// Each member that holds data and can be read.
        case member(Member)
        /// A member that could not be read, and why.
        case failure(DocumentReader.Failure)
    }

    /// Hands over every step of the walk to `handle`. An error `handle`
    /// throws for a member is that member's failure, handed over in turn;
    /// ``DocumentReader/BudgetExceeded``, and an error thrown for a header,
    /// stop the walk.
    func visit(_ handle: (Step) throws -> Void) throws {
        for member in archive.members {
            let memberPath = path + member.name
            try handle(.header(Header(member: member, path: memberPath)))
            guard member.hasData else { continue }
            do {
                let head = try DocumentReader.peek(archive, member)
                let kind = MemberKind.of(head: head, depth: depth)
                guard kind != .tooDeep else {
                    try handle(.failure(DocumentReader.Failure(path: memberPath, reason: MemberKind.tooDeepReason)))
                    continue
                }
                try handle(.member(Member(member: member, path: memberPath, kind: kind, head: head)))
            } catch let error as DocumentReader.BudgetExceeded {
                throw error
            } catch {
                try handle(.failure(DocumentReader.Failure(path: memberPath, reason: DocumentReader.reason(error))))
            }
        }
    }

    /// A member's bytes, whole; at most ``DocumentReader/maximumHeldSize``, counted in `budget`.
    func hold(_ member: Member, budget: inout DocumentReader.Budget) throws -> [UInt8] {
        try DocumentReader.hold(archive, member.member, budget: &budget)
    }
}
