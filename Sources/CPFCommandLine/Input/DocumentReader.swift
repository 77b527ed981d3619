import CPFDecoders
import CPFKit
import CPFSystem

/// A kind of input read as a whole document rather than as a stream of
/// text: a zip archive (Office documents are zip archives), a tar archive,
/// a PDF or a PNG image (its text chunks).
enum DocumentFormat: Equatable {
    case zip
    case pdf
    case tar
    /// A tar archive compressed with gzip (`.tar.gz`, `.tgz`), read whole.
    case gzippedTar
    case png

    /// The bytes of an input's start looked at: `%PDF-` may be anywhere in them.
    static let prefixSize = 1024
    /// An OLE compound file: a legacy Office document (`.doc`, `.xls`, `.ppt`, `.msg`).
    case compoundFile

    /// The format of an input from its first bytes: a zip archive by its
    /// first record's signature, a tar archive by its first header (see
    /// ``TarArchive/isTar(_:)``), a PDF by `%PDF-` within its first
    /// 1,024 bytes (after a byte order mark, a line or other bytes, as PDF
    /// readers accept), a PNG image by its 8-byte signature.
    static func detect(_ prefix: some Collection<UInt8>) -> DocumentFormat? {
        if ZipArchive.isZip(prefix) { return .zip }
        // Before the PDF: a tar's first member may be a PDF, 512 bytes in.
        if TarArchive.isTar(prefix) { return .tar }
        if PNGTextChunks.isPNG(prefix) { return .png }
        if CompoundFile.isCompoundFile(prefix) { return .compoundFile }
        if PDFTextExtractor.isPDF(prefix.prefix(prefixSize)) { return .pdf }
        return nil
    }

    /// Whether gzip data starting with `prefix` decompresses to a tar
    /// archive's first header.
    static func isGzippedTar(_ prefix: ArraySlice<UInt8>) -> Bool {
        let reader = GzipReader(
            limits: DecompressionLimits(maximumOutputSize: 1 << 16, maximumRatio: 1 << 20, ratioAllowance: 1 << 16))
        var head: [UInt8] = []
        // A prefix ends in the middle of the data: what it gave so far is enough.
        try? Array(prefix).withUnsafeBufferPointer { try reader.decompress($0) { head += $0 } }
        return head.count >= 512 && TarArchive.isTar(head)
    }

    /// The name of the format in a message.
    var name: String {
        switch self {
        case .zip: "zip archive"
        case .pdf: "PDF"
        case .tar: "tar archive"
        case .gzippedTar: "tar archive in gzip"
        case .png: "PNG image"
        case .compoundFile: "legacy Office document"
        }
    }
}

/// Reads a regular file at offsets counted from `start`, for
/// ``ZipArchive``: each call fills the buffer but at the file's end, and a
/// read error is kept, to be thrown again as the `Errno` it was.
final class PositionalFileReader {
    let descriptor: FileDescriptor
    let start: Int
    /// The read error that stopped a read, if one did.
    private(set) var error: Errno?

    init(_ descriptor: FileDescriptor, start: Int) {
        self.descriptor = descriptor
        self.start = start
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count: Int
            do throws(Errno) {
                count = try descriptor.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: start + Int(offset) + done)
            } catch {
                self.error = error
                throw error
            }
            if count == 0 { break }
            done += count
        }
        return done
    }
}

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
    /// How many archives deep a member is still read (an archive in an archive is 2).
    static let maximumDepth = 3
    /// The largest member, PDF or Office part held whole in memory:
    /// ``largestHeldSize``, or less under a memory limit (see
    /// ``fitHeldSize(toShare:)``). What is larger is named not searched.
    static var maximumHeldSize: Int { heldSize }
    /// The largest size held whole without a memory limit.
    static let largestHeldSize = 256 << 20
    /// What holding a part whole may take, in multiples of its size: the
    /// part, its text, its sweep, the part rewritten and its sweep read
    /// back, and the copies an array makes while it grows (measured: 5
    /// times for `redact` of a 250 MiB docx part).
    static let heldMultiple = 8
    /// Set once by ``fitHeldSize(toShare:)``, before any thread reads.
    nonisolated(unsafe) private static var heldSize = largestHeldSize

    /// Lowers ``maximumHeldSize`` so that what one thread holds of a
    /// document (``heldMultiple`` times the part) fits in `share` bytes,
    /// its share of the address space a memory limit (`ulimit -v`) leaves;
    /// at least 1 MiB. Called once, before the threads that read start.
    ///
    /// ```swift
    /// DocumentReader.fitHeldSize(toShare: 400 << 20)   // maximumHeldSize: 50 MiB
    /// ```
    static func fitHeldSize(toShare share: Int) {
        heldSize = max(1 << 20, min(largestHeldSize, share / heldMultiple))
    }

    /// `N MiB`, the most held whole, and why when a memory limit lowered it.
    static var heldSizeText: String {
        let size = "\(maximumHeldSize >> 20) MiB"
        return maximumHeldSize < largestHeldSize ? "\(size) (what the memory limit leaves)" : size
    }
    /// The bytes of a member looked at to tell what it is.
    static let peekSize = 4096

    /// A member, or the document itself, that could not be searched.
    struct Failure: Equatable {
        /// The member's path inside the document, `!` between nested
        /// archives; empty for the document itself.
        var path: [UInt8]
        var reason: String
    }

    /// What the text handed over between `begin` and `end` is, beside a
    /// member's (or the document's) own text.
    enum Section: String {
        /// The values of an Office part that its text does not show (see
        /// ``XMLSweep``): attributes, formulas, field codes; only the values
        /// holding a CPF or CNPJ that the text does not hold (``unplaced(_:placed:)``).
        case sweep
        /// The comment of an archive (for the document itself, or a nested
        /// archive's member) or of a member.
        case comment
    }

    /// The kind of the last legacy Office document read (see ``LegacyOfficeKind``), if it was one.
    private(set) var legacyKind: LegacyOfficeKind?

    /// The section of the text being handed over, nil for a member's own
    /// text: set before `begin` is called, until `end` returns.
    private(set) var section: Section?
    /// What could not be searched, in the order met.
    private(set) var failures: [Failure] = []
    /// Called with the path of every member of an archive (directories
    /// too) before it is read: how `find` looks for CPFs in members' names.
    var memberNamed: (([UInt8]) -> Void)?
    private let decoding: DecodingReader
    private var limits: DecompressionLimits { decoding.limits }
    /// The block members' bytes are gathered in, ``BlockReader/headroom`` bytes into its buffer.
    private let storage: UnsafeMutableRawBufferPointer
    private var area: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(rebasing: storage[BlockReader.headroom...])
    }
    /// The bytes of text the document's members gave so far.
    private var budget = Budget(limits: .none, documentSize: 0)

    init(decoding: DecodingReader, capacity: Int = 1 << 16) {
        self.decoding = decoding
        storage = LargeBuffer.allocate(byteCount: BlockReader.headroom + capacity, alignment: 64)
    }

    deinit {
        LargeBuffer.deallocate(storage)
    }

    /// Why the walk stopped: the members' text together broke a limit.
    struct BudgetExceeded: Error {
        let reason: String
    }

    /// The bytes of text the members of one document gave so far, against
    /// the decompression limits of the whole document.
    struct Budget {
        let limits: DecompressionLimits
        /// The size of the document on disk.
        let documentSize: Int
        private(set) var produced = 0

        init(limits: DecompressionLimits, documentSize: Int) {
            self.limits = limits
            self.documentSize = documentSize
        }

        /// Counts `count` bytes more; throws ``BudgetExceeded`` past a limit.
        mutating func count(_ count: Int) throws {
            produced += count
            if produced > limits.maximumOutputSize {
                let error = DecompressionLimitError.outputTooLarge(limit: limits.maximumOutputSize)
                throw BudgetExceeded(reason: "decompression limit: \(error)")
            }
            if produced > limits.ratioAllowance, produced / max(documentSize, 1) >= limits.maximumRatio {
                let error = DecompressionLimitError.ratioTooHigh(
                    output: produced, input: documentSize, limit: limits.maximumRatio)
                throw BudgetExceeded(reason: "decompression limit: \(error)")
            }
        }
    }
    /// Stops a member's stream early.
    private struct Stop: Error {}

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
            var bytes = [UInt8](repeating: 0, count: size - start)
            let count: Int
            do { count = try bytes.withUnsafeMutableBytes { try read($0, 0) } } catch {
                throw file.error ?? .inputOutput
            }
            bytes.removeLast(bytes.count - count)
            if format == .pdf {
                pdf(bytes, path: [], begin: begin, text: text, end: end)
            } else if format == .png {
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
        let head = Array(bytes.prefix(Self.peekSize))
        try member(
            head: head, path: path, depth: depth, hold: { bytes },
            contents: { body in try bytes.withUnsafeBufferPointer { try body($0) } }, begin: begin, text: text,
            end: end)
    }

    /// Reads every member of a tar `archive`, whose members' paths start with `path`.
    private func walk(
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
                    head: head, path: memberPath, depth: depth,
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

    /// Reads one member of an archive that is not an Office part, as its
    /// first bytes `head` say: a nested archive or a PDF held whole
    /// (`hold`), anything else streamed (`contents`) through the
    /// ``DecodingReader``. A nested archive that cannot be opened is a
    /// failure of the member; a read error of the member is thrown.
    private func member(
        head: [UInt8], path memberPath: [UInt8], depth: Int, hold: () throws -> [UInt8],
        contents: @escaping ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void,
        begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        switch DocumentFormat.detect(head) {
        case .png:
            png(try hold(), path: memberPath, begin: begin, text: text, end: end)
        case .compoundFile:
            try compound(try hold(), path: memberPath, depth: depth + 1, begin: begin, text: text, end: end)
        case .some(let format) where format != .pdf:
            guard depth < Self.maximumDepth else {
                failures.append(
                    Failure(path: memberPath, reason: "an archive nested more than \(Self.maximumDepth) deep"))
                return
            }
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
        case .some:
            pdf(try hold(), path: memberPath, begin: begin, text: text, end: end)
        case nil:
            try stream(contents, path: memberPath, begin: begin, text: text, end: end)
        }
    }

    /// Reads every member of `archive`, whose members' paths start with `path`.
    private func walk(
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

    /// Hands over a comment of an archive or member, if it has one, as the section ``Section/comment``.
    private func comment(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) throws {
        guard !bytes.isEmpty else { return }
        try count(bytes.count)
        section = .comment
        defer { section = nil }
        deliver(bytes, path: path, begin: begin, text: text) { end([]) }
    }

    /// The Office document an archive is, if it is one.
    static func officeKind(of archive: ZipArchive, limits: DecompressionLimits) -> OfficeDocumentKind? {
        let names = archive.entries.map(\.name)
        var mimetype: [UInt8]?
        if let entry = archive.entries.first(where: { $0.name == Array("mimetype".utf8) }), entry.uncompressedSize < 256
        {
            var budget = Budget(limits: limits, documentSize: 256)
            mimetype = try? hold(archive, entry, budget: &budget)
        }
        return OfficeDocumentKind.detect(memberNames: names, mimetype: mimetype)
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

    private func officeKind(of archive: ZipArchive) -> OfficeDocumentKind? {
        Self.officeKind(of: archive, limits: limits)
    }
    private func peek(_ archive: ZipArchive, _ entry: ZipEntry) throws -> [UInt8] {
        try Self.peek(archive, entry, limits: limits)
    }
    private func hold(_ archive: ZipArchive, _ entry: ZipEntry) throws -> [UInt8] {
        try Self.hold(archive, entry, budget: &budget)
    }
    private func count(_ count: Int) throws { try budget.count(count) }

    /// A member larger than ``maximumHeldSize`` that must be held whole.
    private struct HeldTooLarge: Error, CustomStringConvertible {
        var description: String { "larger than \(DocumentReader.heldSizeText), held whole" }
    }

    /// A text that could not be read, and why.
    struct Unreadable: Error {
        let reason: String
    }

    /// How many CPFs of at least `minimumConfidence` the text of a PDF held
    /// in memory has, or why it could not be read.
    static func countCPFs(
        inPDF bytes: [UInt8], minimumConfidence: CPFScanner.Confidence, accepting accepted: TaxpayerID.Accepted = .cpf,
        limits: DecompressionLimits
    ) -> Result<Int, Unreadable> {
        let limits = Self.pdfLimits(limits)
        let extractor = PDFTextExtractor(limits: limits)
        do {
            var text = try bytes.withUnsafeBytes { (pdf) throws(PDFError) in try extractor.extractText(from: pdf) }
            // What the file holds besides its pages' text.
            text.append(0x0A)
            text += try bytes.withUnsafeBytes { (pdf) throws(PDFError) in try PDFSweep.text(of: pdf, limits: limits) }
            var found = 0
            var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
            text.withUnsafeBytes { scanner.feed($0) { _ in found += 1 } }
            scanner.finish { _ in found += 1 }
            return .success(found)
        } catch {
            return .failure(Unreadable(reason: "PDF: \(error)"))
        }
    }

    /// Streams a member, whose bytes `contents` hands to the function it
    /// is given, through the ``DecodingReader``; its bytes are counted in
    /// the budget unless `counted` (held already, and counted then).
    private func stream(
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

    /// Reads a legacy Office document held in memory (see ``LegacyOfficeText``)
    /// whose streams' paths start with `path`: the text of its kind, each
    /// part named `PATH!STREAM`; then, as the section ``Section/sweep`` of
    /// each stream, the lines of its bytes read as Windows-1252 and UTF-16LE
    /// (``LegacyOfficeText/sweep(_:minimum:)``) holding a CPF or CNPJ the
    /// text does not; then an Outlook message's attachments, searched as
    /// files. A compound file of another kind, or one whose text cannot be
    /// read, is a failure, its streams swept all the same.
    private func compound(
        _ bytes: [UInt8], path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        let file: CompoundFile
        do { file = try CompoundFile(bytes) } catch {
            failures.append(Failure(path: path, reason: "legacy Office document: \(error)"))
            return
        }
        let prefix = path.isEmpty ? [] : path + [UInt8(ascii: "!")]
        let kind = LegacyOfficeKind.detect(file)
        if path.isEmpty { legacyKind = kind }
        var placed = Set<String>()
        var attachments: [LegacyOfficeText.Attachment] = []
        if let kind {
            do {
                let document = try LegacyOfficeText(file, kind: kind)
                for part in document.parts {
                    try count(part.text.count)
                    let numbers = Self.storedNumbers(
                        text: part.text, cells: part.numericCells.map { ($0, part.text[$0]) })
                    deliver(part.text, path: prefix + Array(part.path.utf8), begin: begin, text: text) { end(numbers) }
                    placed.formUnion(Self.characters(in: part.text))
                    for number in numbers { placed.insert(number.id.characters) }
                }
                attachments = document.attachments
            } catch let error as BudgetExceeded {
                throw error
            } catch {
                failures.append(Failure(path: path, reason: "legacy Office document (\(kind)): \(Self.reason(error))"))
            }
        } else {
            failures.append(
                Failure(
                    path: path,
                    reason: """
                        compound file of a kind cpf does not read (not a Word, Excel, PowerPoint or Outlook \
                        document)
                        """))
        }
        let attachmentPaths = Set(attachments.map(\.path))
        for entry in file.entries where entry.kind == .stream {
            let streamPath = entry.path.joined(separator: "/")
            guard !attachmentPaths.contains(streamPath) else { continue }
            let contents: [UInt8]
            do { contents = try file.contents(of: entry) } catch {
                // Named once: the text of the document's kind may have stopped at the same stream.
                let reason = "\(error)"
                if !failures.contains(where: { $0.path == path && $0.reason.hasSuffix(reason) }) {
                    failures.append(Failure(path: prefix + Array(streamPath.utf8), reason: reason))
                }
                continue
            }
            try count(contents.count)
            let unplaced = Self.unplaced(LegacyOfficeText.sweep(contents), placed: placed)
            deliverSweep(unplaced, path: prefix + Array(streamPath.utf8), begin: begin, text: text, end: end)
        }
        for attachment in attachments {
            try searchAsFile(
                attachment.bytes, path: prefix + Array(attachment.path.utf8), depth: depth, begin: begin, text: text,
                end: end)
        }
    }

    /// Searches `bytes`, a member held in memory, as a file is: as an
    /// archive's member is (see ``member(head:path:depth:hold:contents:begin:text:end:)``).
    private func searchAsFile(
        _ bytes: [UInt8], path: [UInt8], depth: Int, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) throws {
        if let memberNamed { memberNamed(path) }
        try member(
            head: Array(bytes.prefix(Self.peekSize)), path: path, depth: depth, hold: { bytes },
            contents: { body in try bytes.withUnsafeBufferPointer { try body($0) } }, begin: begin, text: text,
            end: end)
    }

    /// Reads a legacy Office document held in memory, `bytes` (a member of
    /// an archive `redact` rewrites), as ``read(_:format:begin:text:end:)``
    /// reads one in a file: what could not be read is in ``failures``.
    func readCompoundFile(
        _ bytes: [UInt8], limits: DecompressionLimits, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) {
        failures = []
        budget = Budget(limits: limits, documentSize: bytes.count)
        do {
            try compound(bytes, path: [], depth: 1, begin: begin, text: text, end: end)
        } catch {
            failures.append(Failure(path: [], reason: Self.reason(error)))
        }
    }

    /// Extracts a PDF's text and hands it over.
    private func pdf(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) {
        let limits = Self.pdfLimits(limits)
        let extractor = PDFTextExtractor(limits: limits)
        var placed: Set<String> = []
        do {
            let extracted = try bytes.withUnsafeBytes { (pdf) throws(PDFError) in try extractor.extractText(from: pdf) }
            deliver(extracted, path: path, begin: begin, text: text) { end([]) }
            placed = Self.characters(in: extracted)
        } catch {
            failures.append(Failure(path: path, reason: "PDF: \(error)"))
            // Encrypted: its strings are ciphertext, and the file is named already.
            if case PDFError.encrypted? = error as? PDFError { return }
        }
        // What the file holds besides its pages' text, even when they have none (a scan with metadata).
        do {
            let sweep = try bytes.withUnsafeBytes { (pdf) throws(PDFError) in try PDFSweep.text(of: pdf, limits: limits)
            }
            let unplaced = Self.unplaced(sweep, placed: placed)
            deliverSweep(unplaced, path: path, begin: begin, text: text, end: end)
        } catch {
            if !failures.contains(where: { $0.path == path }) {
                failures.append(Failure(path: path, reason: "PDF: \(error)"))
            }
        }
    }

    /// Hands over the texts of a PNG image's text chunks, each a member
    /// named `TYPE:KEYWORD` (see ``PNGTextChunks/Text/name``), then the
    /// bytes of its other chunks but the image's own (see
    /// ``PNGTextChunks/searchedAsBytes``), each named by its type, and what
    /// follows its end (`IEND+`), as they are.
    private func png(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) {
        let image: PNGTextChunks
        do { image = try PNGTextChunks(bytes, limits: limits) } catch {
            failures.append(Failure(path: path, reason: "\(error)"))
            return
        }
        let prefix = path.isEmpty ? [] : path + [UInt8(ascii: "!")]
        for piece in image.pieces {
            if piece.isText, let memberNamed { memberNamed(prefix + piece.name) }
            deliver(piece.bytes, path: prefix + piece.name, begin: begin, text: text) { end([]) }
        }
    }

    /// Hands over what a sweep found that the text did not hold (made by
    /// ``unplaced(_:placed:)``) as the `:sweep` section of `path`; nothing
    /// when it found nothing.
    private func deliverSweep(
        _ unplaced: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) {
        guard !unplaced.isEmpty else { return }
        section = .sweep
        defer { section = nil }
        deliver(unplaced, path: path, begin: begin, text: text) { end([]) }
    }

    /// Hands over a text held whole, in blocks.
    private func deliver(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: () -> Void
    ) {
        begin(path)
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
        end()
    }

    /// A spreadsheet cell holding a number that is a CPF or a numeric CNPJ
    /// as the sheet stores it: 9 or 10 digits that, padded with zeros, are a
    /// valid CPF (`1234567890` for 012.345.678-90: its leading zeros lost),
    /// or 12 or 13 that so padded are a valid CNPJ, reported at low
    /// confidence; or 11 or 14 digits written otherwise than as those digits
    /// (`3.9053344705E10`, as Apache POI writes every number, or
    /// `39053344705.0`), reported at medium confidence as bare digits are.
    struct StoredNumber {
        /// The cell's number in the part's text.
        var range: Range<Int>
        /// Its line and byte column (from 1) in the part's text.
        var line: Int
        var column: Int
        /// The number as written.
        var written: [UInt8]
        /// The CPF or CNPJ it is, leading zeros put back.
        var id: TaxpayerID
        var confidence: CPFScanner.Confidence
    }

    /// The numeric cells of a part that are CPFs or CNPJs as ``StoredNumber`` says.
    static func storedNumbers(in part: OfficeXMLText) -> [StoredNumber] {
        storedNumbers(
            text: part.text, cells: part.numericCells.enumerated().map { ($1, part.numericValue(ofCell: $0)) })
    }

    /// The numeric cells of a text that are CPFs or CNPJs as ``StoredNumber`` says:
    /// each cell's range in `text` and the number as stored.
    static func storedNumbers(text: [UInt8], cells: [(Range<Int>, ArraySlice<UInt8>)]) -> [StoredNumber] {
        var found: [StoredNumber] = []
        var line = 1
        var lineStart = 0
        var counted = 0
        for (range, stored) in cells {
            guard let value = integerDigits(of: stored), (9...14).contains(value.count) else { continue }
            let whole = value.count == 11 || value.count == 14
            // A whole number shown as it is stored is found in the text already.
            if whole, text[range].elementsEqual(value) { continue }
            let digits = String(decoding: value, as: UTF8.self)
            let id: TaxpayerID
            if value.count <= 11 {
                guard let cpf = try? CPF(validating: digits, options: .init(format: .lenient, padsLeadingZeros: true))
                else { continue }
                id = .cpf(cpf)
            } else {
                guard let cnpj = try? CNPJ(validating: digits, options: .init(padsLeadingZeros: true)) else { continue }
                id = .cnpj(cnpj)
            }
            let written = Array(text[range])
            for offset in counted..<range.lowerBound where text[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            counted = range.lowerBound
            found.append(
                StoredNumber(
                    range: range, line: line, column: range.lowerBound - lineStart + 1, written: written, id: id,
                    confidence: whole ? .medium : .low))
        }
        return found
    }

    /// The digits of the whole number `number` is written as, without
    /// leading zeros: `39053344705`, `39053344705.0`, `3.9053344705E10`,
    /// `3.9053344705e+10`; nil for anything else, a fraction or more than
    /// 20 digits.
    ///
    /// ```swift
    /// DocumentReader.integerDigits(of: Array("3.9053344705E10".utf8)[...])   // "39053344705"
    /// ```
    static func integerDigits(of number: ArraySlice<UInt8>) -> [UInt8]? {
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        var digits: [UInt8] = []
        var index = number.startIndex
        while index < number.endIndex, isDigit(number[index]) {
            digits.append(number[index])
            index += 1
        }
        guard !digits.isEmpty else { return nil }
        var places = 0
        if index < number.endIndex, number[index] == UInt8(ascii: ".") {
            index += 1
            while index < number.endIndex, isDigit(number[index]) {
                digits.append(number[index])
                places += 1
                index += 1
            }
        }
        var exponent = 0
        if index < number.endIndex, number[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < number.endIndex, number[index] == UInt8(ascii: "+") { index += 1 }
            let start = index
            while index < number.endIndex, isDigit(number[index]), index - start < 3 {
                exponent = exponent * 10 + Int(number[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index == number.endIndex else { return nil }
        let shift = exponent - places
        if shift < 0 {
            guard digits.suffix(-shift).allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
            digits.removeLast(-shift)
        } else {
            guard digits.count + shift <= 40 else { return nil }
            digits += repeatElement(UInt8(ascii: "0"), count: shift)
        }
        let significant = Array(digits.drop { $0 == UInt8(ascii: "0") })
        guard significant.count <= 20 else { return nil }
        return significant
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

    /// The limits a PDF's streams are decoded under: the run's, their total
    /// at most ``maximumHeldSize`` (a PDF is held whole, and its decoded
    /// streams with it), so that memory stays bounded whatever the ratio.
    static func pdfLimits(_ limits: DecompressionLimits) -> DecompressionLimits {
        DecompressionLimits(
            maximumOutputSize: min(limits.maximumOutputSize, maximumHeldSize), maximumRatio: limits.maximumRatio,
            ratioAllowance: limits.ratioAllowance)
    }

    /// Whether a member of an Office document that is not one of its text
    /// parts (see ``OfficeDocumentKind/isTextPart(_:)``) is XML read whole
    /// for its sweep (``XMLSweep``), references decoded: relationships
    /// (`_rels/*.rels`), `[Content_Types].xml`, settings, styles, custom
    /// XML, an OpenDocument manifest; by its name (`.xml`, `.rels`, `.rdf`,
    /// `.vml`, any case) or its start (`<?xml`, after a byte order mark), and
    /// only when its first bytes `head` are UTF-8 text (another encoding is
    /// read as any member is, without the sweep).
    ///
    /// ```swift
    /// DocumentReader.isSweptXMLMember(Array("_rels/.rels".utf8), head: Array("<?xml".utf8))   // true
    /// ```
    static func isSweptXMLMember(_ name: [UInt8], head: [UInt8]) -> Bool {
        let plain = head.withUnsafeBytes { head in
            if case .success(let layers) = DecodingReader.sniff(head) { layers.isPlain } else { false }
        }
        guard plain else { return false }
        let lowered = name.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        for suffix in [".xml", ".rels", ".rdf", ".vml"] where lowered.count > suffix.utf8.count {
            if lowered.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) { return true }
        }
        let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return head[start...].starts(with: "<?xml".utf8)
    }

    /// Whether member `name` of a spreadsheet is its workbook part
    /// (`xl/workbook.xml`), which holds the sheets' names.
    static func isWorkbookPart(_ name: [UInt8]) -> Bool {
        name.count == 15 && name.map { $0 | ($0 &- 0x41 < 26 ? 0x20 : 0) }.elementsEqual("xl/workbook.xml".utf8)
    }

    /// The characters (a CPF's 11 digits, a CNPJ's 14 characters) of every
    /// CPF and CNPJ in `text`, of any confidence, mistyped ones too.
    static func characters(in text: [UInt8]) -> Set<String> {
        Set(
            TaxpayerScanner.matches(in: text, accepting: .any, minimumConfidence: .low, includeInvalid: true)
                .map(\.characters))
    }

    /// Whether a member of an Office document whose first bytes are `head`
    /// is a binary part cpf reads no text of (no format it knows, a NUL
    /// among its first bytes), whose bytes are swept for UTF-16LE text.
    static func isBinaryPart(head: [UInt8]) -> Bool {
        DocumentFormat.detect(head) == nil && head.contains(0)
    }

    /// The lines of `sweep` holding a CPF or CNPJ (of any confidence,
    /// mistyped too) whose characters are not in `placed`, each with its
    /// line feed: what the sweep adds to the text already read.
    static func unplaced(_ sweep: [UInt8], placed: Set<String>) -> [UInt8] {
        let matches = TaxpayerScanner.matches(
            in: sweep, accepting: .any, minimumConfidence: .low, includeInvalid: true)
        var kept: [UInt8] = []
        var lastLine = -1
        for match in matches where !placed.contains(match.characters) {
            var start = match.range.lowerBound
            while start > 0, sweep[start - 1] != 0x0A { start -= 1 }
            guard start > lastLine else { continue }
            var end = match.range.upperBound
            while end < sweep.count, sweep[end] != 0x0A { end += 1 }
            kept += sweep[start..<min(end + 1, sweep.count)]
            if kept.last != 0x0A { kept.append(0x0A) }
            lastLine = end
        }
        return kept
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

    /// A member's error as the reason it was not searched.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as DecompressionLimitError: "decompression limit: \(error)"
        case let error as InflateError: "corrupt deflate data: \(error)"
        case let error as OfficeXMLError: "Office XML: \(error)"
        case let error as TarError: "tar archive: \(error)"
        default: "\(error)"
        }
    }
}
