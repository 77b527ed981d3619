/// The objects of a PDF file held in memory (ISO 32000-1, 7.5): the
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
/// ```swift
/// let document = try PDFDocument(bytes, limits: .default)
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

    let bytes: UnsafeRawBufferPointer
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

    /// Reads the cross-reference data of `bytes` (which must outlive the
    /// document); falls back to a scan of the file when it is broken.
    /// Throws ``PDFError/encrypted`` when the trailer has /Encrypt.
    init(_ bytes: UnsafeRawBufferPointer, limits: DecompressionLimits) throws(PDFError) {
        self.bytes = bytes
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

    func match(_ word: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + word.count <= bytes.count else { return false }
        for (offset, byte) in word.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }
}
