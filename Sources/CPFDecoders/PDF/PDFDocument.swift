/// The objects of a PDF file (ISO 32000-1, 7.5), read by offset from a
/// ``PDFSource`` (a file or bytes in memory): the
/// cross-reference tables and streams (with incremental updates through
/// /Prev and hybrid files' /XRefStm), object streams, stream filters, and,
/// when the cross-reference data is broken, a scan of the whole file for
/// `N G obj` headers, as PDF readers do.
///
/// Bounds: at most ``maximumSections`` cross-reference sections,
/// ``maximumEntries`` entries, ``maximumObjectsParsed`` objects parsed;
/// every decoded stream, and their total, is checked against the
/// ``DecompressionLimits``. The objects parsed are kept for the next
/// reference to them, at most ``cachedObjects`` of them and
/// ``cachedObjectStreamBytes`` of decoded object streams: past that the
/// kept ones are let go and parsed again when referred to, so that reading
/// a document page after page does not hold all of its objects.
///
/// The file is not held: each object is parsed from a window of it read
/// at its offset (``windowSize`` bytes, twice as many, and so on, while the
/// object goes on past the window's end), a stream's data read when it is
/// decoded, and a scan reads the file in windows, so that memory grows
/// with the largest object, not the file.
///
/// ```swift
/// let document = try PDFDocument(source: PDFSource(count: size, read: read), limits: .default)
/// let catalog = try document.resolve(document.trailer["Root"] ?? .null)
/// ```
final class PDFDocument {
    static let maximumSections = 1024
    static let maximumEntries = 8_000_000
    static let maximumObjectsParsed = 2_000_000
    /// The highest object number a cross-reference section may start at
    /// (ISO 32000-1's practical limit is 8,388,607).
    static let maximumObjectNumber = 1 << 40
    /// How many parsed objects are kept at most (see the type's description).
    static let cachedObjects = 4096
    /// How many bytes of decoded object streams are kept at most.
    static let cachedObjectStreamBytes = 1 << 25
    /// The filter names this reader knows but does not decode; another name
    /// is reported as "unknown", so no text of the file reaches a message.
    /// The bytes of the file read at an offset to parse what is there; an
    /// object larger is read again in a window twice as large.
    static let windowSize = 1 << 14
    /// The bytes of the file a scan reads at a time.
    var scanWindowSize: Int { source.windowSize << 6 }
    static let knownFilters: Set<String> = [
        "CCITTFaxDecode", "JBIG2Decode", "DCTDecode", "JPXDecode", "Crypt",
    ]

    enum Entry: Equatable {
        case free
        case offset(Int)
        case compressed(stream: Int, index: Int)
    }

    struct ObjectStream {
        var data: [UInt8]
        var first: Int
        var objects: [(number: Int, offset: Int)]
        /// Where each object number is in ``objects`` (the first time).
        var indexes: [Int: Int]
    }

    /// The file.
    let source: PDFSource
    let limits: DecompressionLimits
    var entries: [Int: Entry] = [:]
    /// The newest trailer, with the keys of older ones it lacks.
    var trailer: [String: PDFObject] = [:]
    var cache: [Int: PDFObject] = [:]
    var objectStreams: [Int: ObjectStream] = [:]
    /// The bytes of decoded data in ``objectStreams``.
    var objectStreamBytes = 0
    var scanned: [Int: Int]?
    var resolving: Set<Int> = []
    var objectsParsed = 0
    var decodedTotal = 0

    /// The last search for `endstream`: where it started and what it found,
    /// so that many streams without one cost one pass over the file, not one
    /// each.
    var lastEndstreamSearch: (from: Int, found: Int?)?
    /// The last window of the file read, for the next object near it.
    var lastWindow: PDFWindow?

    /// Reads the cross-reference data of `bytes` (which must outlive the
    /// document); falls back to a scan of the file when it is broken.
    /// Throws ``PDFError/encrypted`` when the trailer has /Encrypt.
    convenience init(_ bytes: UnsafeRawBufferPointer, limits: DecompressionLimits) throws(PDFError) {
        try self.init(source: PDFSource(bytes), limits: limits)
    }

    /// Reads the cross-reference data of the file `source` reads (offsets
    /// counted from its first byte), as ``init(_:limits:)`` does.
    init(source: PDFSource, limits: DecompressionLimits) throws(PDFError) {
        self.source = source
        self.limits = limits
        do {
            try loadCrossReferences()
        } catch {
            if case .malformed = error {} else { throw error }
            entries = [:]
            trailer = [:]
        }
        if trailer["Root"] == nil || (try? resolve(trailer["Root"]!))?.dictionary == nil {
            try rebuildFromScan()
        }
        if let encrypt = trailer["Encrypt"], encrypt != .null { throw .encrypted }
        guard trailer["Root"] != nil else { throw .malformed("no document catalog") }
    }

    /// The file's size.
    var count: Int { source.count }

    /// A window of the file from `offset` (or before it), holding `length`
    /// bytes from there or up to the end of the file: the last window read
    /// when it does, else a new one of at least ``windowSize`` bytes.
    func window(at offset: Int, length: Int? = nil) throws(PDFError) -> PDFWindow {
        let length = length ?? source.windowSize
        if let memory = source.memory { return PDFWindow(start: 0, bytes: memory, owner: nil) }
        let offset = min(max(0, offset), source.count)
        if let last = lastWindow, last.covers(offset, length, sourceCount: source.count) { return last }
        let size = min(max(length, source.windowSize), source.count - offset)
        let storage = PDFWindowStorage(byteCount: size)
        let got = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: storage.buffer[..<size]), at: offset)
        let window = PDFWindow(
            start: offset, bytes: UnsafeRawBufferPointer(rebasing: storage.buffer[..<got]), owner: storage)
        lastWindow = window
        return window
    }

    /// What `body` parses with a parser at `offset` of the file (`body`
    /// is given the window's start, to count its positions from the
    /// file's). When the parser reached the end of the window before the
    /// end of the file (an object longer than the window), it parses again
    /// in a window twice as large.
    ///
    /// - Complexity: O(*n*) in the bytes parsed (at most twice, the window growing by doubling).
    func parse<Result>(
        at offset: Int, _ body: (inout PDFParser, _ start: Int) throws(PDFError) -> Result
    ) throws(PDFError) -> Result {
        var length = source.windowSize
        while true {
            let window = try self.window(at: offset, length: length)
            var parser = PDFParser(window.bytes, at: offset - window.start)
            let outcome: Swift.Result<Result, PDFError>
            do throws(PDFError) {
                outcome = .success(try body(&parser, window.start))
            } catch {
                outcome = .failure(error)
            }
            let complete = window.end >= source.count || !parser.reachedEnd
            withExtendedLifetime(window) {}
            if complete { return try outcome.get() }
            length = max(length, window.end - offset) * 2
        }
    }

    func match(_ word: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + word.count <= source.count,
            let window = try? window(at: index, length: word.count)
        else { return false }
        for (offset, byte) in word.enumerated() where window[index + offset] != byte { return false }
        return true
    }

    /// The byte at `offset` of the file (nil past its end, or when it
    /// cannot be read): for scans that go a few bytes back or on.
    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < source.count else { return nil }
        if let last = lastWindow, offset >= last.start, offset < last.end { return last[offset] }
        // Backwards scans read the window that ends at the offset.
        let start = max(0, offset - source.windowSize + 1)
        guard let window = try? window(at: start, length: offset - start + 1), offset < window.end else { return nil }
        return window[offset]
    }

    /// Calls `body` with each window of the file from `start` on, in
    /// order, each overlapping the previous by `overlap` bytes, until it
    /// returns false.
    func forEachWindow(
        from start: Int, overlap: Int, _ body: (PDFWindow) throws(PDFError) -> Bool
    ) throws(PDFError) {
        var offset = max(0, start)
        if let memory = source.memory {
            guard offset < memory.count else { return }
            _ = try body(PDFWindow(start: 0, bytes: memory, owner: nil))
            return
        }
        let storage = PDFWindowStorage(byteCount: scanWindowSize)
        while offset < source.count {
            let got = try source.read(into: storage.buffer, at: offset)
            guard got > 0 else { return }
            let window = PDFWindow(
                start: offset, bytes: UnsafeRawBufferPointer(rebasing: storage.buffer[..<got]), owner: storage)
            guard try body(window), window.end < source.count else { return }
            offset = max(offset + 1, window.end - overlap)
        }
    }
}
