import CPFDecoders
import CPFKit
import CPFSystem

/// Reads the text of a document for `find`: each member of a zip archive
/// (nested archives to ``maximumDepth``, the text of an Office document's
/// XML parts as a reader sees it, see ``OfficeXMLText``), or the text of a
/// PDF (see ``PDFTextExtractor``), handed over in blocks as
/// ``DecodingReader`` hands over a file's.
///
/// A member is streamed through the ``DecodingReader`` (text encodings,
/// gzip, e-mail) unless it must be held whole: an Office document's text
/// part, a nested archive or a PDF, each at most ``maximumHeldSize`` bytes.
/// The decompression limits bound each member, and the text of all the
/// members of one archive together (so many small members, or members that
/// share their compressed data, stop at the same limits as one).
///
/// What cannot be read (an encrypted member, an unknown compression method,
/// a damaged member, a PDF without text) is collected in ``failures`` and
/// the walk goes on with the next member.
final class DocumentReader {
    /// The bytes of a member looked at to tell what it is.
    static let peekSize = 4096

    /// What the text handed over between `begin` and `end` is, beside a
    /// member's (or the document's) own text: its name in SOURCE
    /// (`FILE:NAME:LINE:COLUMN`) and in JSON (`"in":"NAME"`).
    struct Section: Equatable {
        let rawValue: String

        /// The values of an Office part that its text does not show (see
        /// ``XMLSweep``): attributes, formulas, field codes; only the values
        /// holding a CPF or CNPJ that the text does not hold (``unplaced(_:placed:)``).
        static let sweep = Section(rawValue: "sweep")
        /// The comment of an archive (for the document itself, or a nested
        /// archive's member) or of a member.
        static let comment = Section(rawValue: "comment")
        /// The text an OCR engine reads in an image's pixels.
        static let ocr = Section(rawValue: "ocr")

        /// A layer of a PDF beside its pages' text (``PDFLayer``): `page 3
        /// annotation`, `metadata`, `unreferenced`.
        static func pdf(_ layer: PDFLayer) -> Section { Section(rawValue: layer.name) }
    }

    /// The kind of the last legacy Office document read (see ``LegacyOfficeKind``), if it was one.
    var legacyKind: LegacyOfficeKind?

    /// The section of the text being handed over, nil for a member's own
    /// text: set before `begin` is called, until `end` returns.
    var section: Section?
    /// What could not be searched, in the order met.
    var failures: [Failure] = []
    /// Called with the path of every member of an archive (directories
    /// too) before it is read: how `find` looks for CPFs in members' names.
    var memberNamed: (([UInt8]) -> Void)?
    /// Called with each member that is an image (``ImageFormat``, told by
    /// its first bytes) after its bytes were read as any member's, with its
    /// path, format and bytes: how `find` reads its pixels with an OCR
    /// engine. Returns why they could not be read (a failure of the
    /// member), or nil.
    var imageMember: ((_ path: [UInt8], _ format: ImageFormat, _ bytes: [UInt8]) -> String?)?
    private let decoding: DecodingReader
    var limits: DecompressionLimits { decoding.limits }
    /// The block members' bytes are gathered in, ``BlockReader/headroom`` bytes into its buffer.
    private let storage: UnsafeMutableRawBufferPointer
    private var area: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(rebasing: storage[BlockReader.headroom...])
    }
    /// The bytes of text the document's members gave so far.
    var budget = Budget(limits: .none, documentSize: 0)

    init(decoding: DecodingReader, capacity: Int = 1 << 16) {
        self.decoding = decoding
        storage = LargeBuffer.allocate(byteCount: BlockReader.headroom + capacity, alignment: 64)
    }

    deinit {
        LargeBuffer.deallocate(storage)
    }

    /// Stops a member's stream early.
    struct Stop: Error {}

    /// Reads the document open at `descriptor` (a regular file of `format`):
    /// `begin` is called with each member's path before its text (an empty
    /// path for a PDF's own text), `text` with each block of it, `end`
    /// after it. Throws a read error of the file.
    func read(
        _ descriptor: FileDescriptor, format: DocumentFormat, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws(Errno) {
        failures = []
        legacyKind = nil
        let size = system_regularFileSize(descriptor.rawValue) ?? 0
        let start = try descriptor.currentOffset()
        budget = Budget(limits: limits, documentSize: size - start)
        let file = PositionalFileReader(descriptor, start: start)
        let read = file.read(into:at:)
        switch format {
        case .pdf, .png, .compoundFile:
            // Held whole: a PDF's objects refer to one another by offset, a PNG's chunks are rewritten whole,
            // a compound file's streams are chains of sectors anywhere in it.
            guard size - start <= Self.maximumHeldSize else {
                failures.append(
                    Failure(path: [], reason: "\(format.name) larger than \(Self.heldSizeText)"))
                return
            }
            if format == .pdf {
                // Read by offset (see PDFSource): memory holds the objects being read, not the file.
                pdf(Self.source(of: file, count: size - start), path: [], begin: begin, text: text, end: end)
                if let error = file.error {
                    failures.removeAll { $0.path.isEmpty }
                    throw error
                }
                return
            }
            var bytes = [UInt8](repeating: 0, count: size - start)
            let count: Int
            do { count = try bytes.withUnsafeMutableBytes { try read($0, 0) } } catch {
                throw file.error ?? .inputOutput
            }
            bytes.removeLast(bytes.count - count)
            if format == .png {
                png(bytes, path: [], begin: begin, text: text, end: end)
            } else {
                do {
                    try compound(bytes, path: [], depth: 1, begin: begin, text: text, end: end)
                } catch let error as BudgetExceeded {
                    failures.append(Failure(path: [], reason: error.reason))
                } catch {
                    failures.append(Failure(path: [], reason: Self.reason(error)))
                }
            }
        case .gzippedTar:
            do {
                let (bytes, headerTexts) = try Self.gunzip(size: size - start, read: read, limits: limits)
                if let reason = decoding.keep(headerTexts) { failures.append(Failure(path: [], reason: reason)) }
                try walk(try TarArchive(bytes: bytes), path: [], depth: 1, begin: begin, text: text, end: end)
            } catch let error as BudgetExceeded {
                failures.append(Failure(path: [], reason: error.reason))
            } catch {
                if let error = file.error { throw error }
                failures.append(Failure(path: [], reason: "\(format.name): \(Self.reason(error))"))
            }
        case .zip, .tar:
            do {
                if format == .zip {
                    let archive = try ZipArchive(size: UInt64(size - start), read: read)
                    try walk(archive, path: [], depth: 1, begin: begin, text: text, end: end)
                } else {
                    let archive = try TarArchive(size: UInt64(size - start), read: read)
                    try walk(archive, path: [], depth: 1, begin: begin, text: text, end: end)
                }
            } catch let error as BudgetExceeded {
                failures.append(Failure(path: [], reason: error.reason))
            } catch {
                if let error = file.error { throw error }
                failures.append(Failure(path: [], reason: "\(format.name): \(error)"))
            }
        }
    }

    /// The PDF `file` holds, `count` bytes from its start, read by offset;
    /// a read error is kept by `file`, to be thrown as the `Errno` it was.
    static func source(of file: PositionalFileReader, count: Int) -> PDFSource {
        PDFSource(count: count) { buffer, offset in try file.read(into: buffer, at: UInt64(offset)) }
    }

    /// Reads a member held whole (`bytes`, at `path`, `depth` archives
    /// deep) as a member of an archive is read: what `redact` cannot
    /// rewrite in place is read so, to tell whether it holds a CPF. The
    /// failures are those of this member only.
    func read(
        member bytes: [UInt8], path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        failures = []
        budget = Budget(limits: limits, documentSize: bytes.count)
        try held(bytes, path: path, depth: depth, begin: begin, text: text, end: end)
    }

    /// Reads `bytes`, a member held in memory, as its first bytes say what it is (``MemberKind``).
    private func held(
        _ bytes: [UInt8], path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        let head = Array(bytes.prefix(Self.peekSize))
        try member(
            MemberKind.of(head: head, depth: depth), head: head, path: path, depth: depth, hold: { bytes },
            contents: { body in try bytes.withUnsafeBufferPointer { try body($0) } }, begin: begin, text: text,
            end: end)
    }

    /// Reads one member of an archive that is not an Office part, as its
    /// kind says (see ``MemberKind``): a nested archive or a PDF held whole
    /// (`hold`), anything else streamed (`contents`) through the
    /// ``DecodingReader``; then, when its first bytes `head` are an image's,
    /// its pixels (``imageMember``). A nested archive that cannot be opened
    /// is a failure of the member; a read error of the member is thrown.
    func member(
        _ kind: MemberKind, head: [UInt8], path memberPath: [UInt8], depth: Int, hold: () throws -> [UInt8],
        contents: @escaping ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void,
        begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        switch kind {
        case .png:
            png(try hold(), path: memberPath, begin: begin, text: text, end: end)
        case .compoundFile:
            try compound(try hold(), path: memberPath, depth: depth + 1, begin: begin, text: text, end: end)
        case .tooDeep:
            failures.append(Failure(path: memberPath, reason: MemberKind.tooDeepReason))
        case .archive(let format):
            let bytes = try hold()
            let innerPath = memberPath + [UInt8(ascii: "!")]
            let before = failures.count
            do {
                if format == .zip {
                    let inner = try ZipArchive(size: UInt64(bytes.count), read: Self.reader(of: bytes))
                    try walk(inner, path: innerPath, depth: depth + 1, begin: begin, text: text, end: end)
                } else {
                    let inner = try TarArchive(bytes: bytes)
                    try walk(inner, path: innerPath, depth: depth + 1, begin: begin, text: text, end: end)
                }
            } catch let error as BudgetExceeded {
                throw error
            } catch {
                failures.insert(Failure(path: memberPath, reason: "\(format.name): \(error)"), at: before)
            }
        case .pdf:
            let bytes = try hold()
            bytes.withUnsafeBytes { pdf(PDFSource($0), path: memberPath, begin: begin, text: text, end: end) }
        case .plain, .encoded, .binaryPart, .officeXML, .officeText:
            // An Office document's parts are read by its walk (DocumentReader+Zip) before their bytes are streamed.
            try stream(contents, path: memberPath, begin: begin, text: text, end: end)
        }
        if let imageMember, let format = ImageFormat.detect(head),
            let reason = imageMember(memberPath, format, try hold())
        {
            failures.append(Failure(path: memberPath, reason: reason))
        }
    }

    /// Hands over a comment of an archive or member, if it has one, as the section ``Section/comment``.
    func comment(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) throws {
        guard !bytes.isEmpty else { return }
        try count(bytes.count)
        section = .comment
        defer { section = nil }
        deliver(bytes, path: path, begin: begin, text: text) { end([]) }
    }

    /// Streams a member, whose bytes `contents` hands to the function it
    /// is given, through the ``DecodingReader``; its bytes are counted in
    /// the budget unless `counted` (held already, and counted then).
    func stream(
        _ contents: @escaping ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void, counted: Bool = false,
        path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) throws {
        let area = area
        var memberError: (any Error)?
        let source: ((UnsafeMutableRawBufferPointer) -> Bool) throws(Errno) -> Void = { [self] block in
            var fill = 0
            var going = true
            do {
                try contents { piece in
                    if !counted { try count(piece.count) }
                    var index = 0
                    while index < piece.count {
                        let taken = min(piece.count - index, area.count - fill)
                        UnsafeMutableRawBufferPointer(rebasing: area[fill..<fill + taken])
                            .copyMemory(
                                from: UnsafeRawBufferPointer(
                                    UnsafeBufferPointer(rebasing: piece[index..<index + taken])))
                        fill += taken
                        index += taken
                        if fill == area.count {
                            going = block(area)
                            fill = 0
                            if !going { throw Stop() }
                        }
                    }
                }
                if fill > 0 { _ = block(UnsafeMutableRawBufferPointer(rebasing: area[..<fill])) }
            } catch is Stop {
            } catch {
                memberError = error
            }
        }
        begin(path)
        let failure = try decoding.forEachBlock(from: source, text)
        end([])
        if let memberError { throw memberError }
        if let failure { failures.append(Failure(path: path, reason: failure)) }
    }

    /// Searches `bytes`, a member held in memory, as a file is: as an
    /// archive's member is (see ``member(_:path:depth:hold:contents:begin:text:end:)``).
    func searchAsFile(
        _ bytes: [UInt8], path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        if let memberNamed { memberNamed(path) }
        try held(bytes, path: path, depth: depth, begin: begin, text: text, end: end)
    }

    /// Hands over a text held whole, in blocks.
    func deliver(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: () -> Void
    ) {
        begin(path)
        handOver(bytes, text: text)
        end()
    }

    /// Hands `bytes` to `text` in blocks of the reader's area (which `text`
    /// may change), after `begin` and before `end` of the text they are in.
    func handOver(_ bytes: [UInt8], text: (UnsafeMutableRawBufferPointer) -> Void) {
        let area = area
        bytes.withUnsafeBytes { bytes in
            var index = 0
            while index < bytes.count {
                let count = min(bytes.count - index, area.count)
                UnsafeMutableRawBufferPointer(rebasing: area[..<count])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]))
                text(UnsafeMutableRawBufferPointer(rebasing: area[..<count]))
                index += count
            }
        }
    }
}
