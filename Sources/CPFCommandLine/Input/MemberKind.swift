import CPFDecoders

/// What a member of an archive is, told once from its name and first bytes
/// for `find` (which reads it) and `redact` (which rewrites it, or names it
/// as not rewritten): an Office document's part, an archive nested in it,
/// an image, a PDF, a legacy Office document, or text as it is or to
/// decode.
///
/// ```swift
/// MemberKind.of(head: Array("CPF 390.533.447-05".utf8), depth: 1)   // .plain
/// MemberKind.of(head: GzipWriter.compress(Array("CPF".utf8)), depth: 1)   // .encoded
/// MemberKind.of(name: Array("_rels/.rels".utf8), head: Array("<?xml".utf8), office: .word, depth: 1)   // .officeXML
/// ```
enum MemberKind: Equatable {
    /// One of an Office document's text parts (see
    /// ``OfficeDocumentKind/isTextPart(_:)``), read through
    /// ``OfficeXMLText``; told by its name alone, before any of its bytes.
    case officeText(OfficeDocumentKind)
    /// Another XML member of an Office document, UTF-8, read whole for its
    /// sweep (see ``DocumentReader/isXML(_:head:)``).
    case officeXML
    /// A binary member of an Office document (no format cpf knows, a NUL
    /// among its first bytes), its bytes swept for UTF-16LE text too, as a
    /// legacy Office stream is: `plain` when its bytes are read as they
    /// are, else decoded as an ``encoded`` member's (text in UTF-16, say).
    case binaryPart(plain: Bool)
    /// Text in UTF-8 or binary data, read as it is.
    case plain
    /// Text to decode (gzip, UTF-16, UTF-32, Windows-1252, e-mail) or a
    /// format cpf does not read: only ``DecodingReader`` reads it.
    case encoded
    /// A zip or tar archive, walked in turn.
    case archive(DocumentFormat)
    /// A zip or tar archive nested ``DocumentReader/maximumDepth`` deep:
    /// not read, a failure of the member.
    case tooDeep
    case png
    case pdf
    /// A legacy Office document (an OLE compound file).
    case compoundFile

    /// What a member is, `depth` archives deep, from its first bytes
    /// `head` (at most ``DocumentReader/peekSize``) and, in an Office
    /// document of kind `office`, its `name`. An Office document's text
    /// part is told by its name alone (``officeText(_:)``), not here.
    static func of(name: [UInt8] = [], head: [UInt8], office: OfficeDocumentKind? = nil, depth: Int) -> MemberKind {
        switch DocumentFormat.detect(head) {
        case .zip: return depth < DocumentReader.maximumDepth ? .archive(.zip) : .tooDeep
        case .tar: return depth < DocumentReader.maximumDepth ? .archive(.tar) : .tooDeep
        case .png: return .png
        case .pdf: return .pdf
        case .compoundFile: return .compoundFile
        case .gzippedTar:
            // Told only from a whole file (InputFormat.of), never from a member's first bytes.
            preconditionFailure("a member's first bytes told a tar archive in gzip")
        case nil:
            let plain = head.withUnsafeBytes { head in
                // No document's signature, as told above: not looked for again.
                if case .success(let layers) = DecodingReader.sniff(head, document: nil) {
                    layers.isPlain
                } else {
                    false
                }
            }
            if office != nil {
                if plain, DocumentReader.isXML(name, head: head) { return .officeXML }
                // No format cpf knows (told above), and a NUL: a preview, a metafile.
                if head.contains(0) { return .binaryPart(plain: plain) }
            }
            return plain ? .plain : .encoded
        }
    }

    /// Why a member ``tooDeep`` is not read.
    static let tooDeepReason = "an archive nested more than \(DocumentReader.maximumDepth) deep"
}
