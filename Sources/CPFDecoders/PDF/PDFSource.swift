/// The bytes of a PDF file, read by offset: from a file (`pread`, through
/// the closure the caller gives) or from memory (a member held whole, a
/// PDF inside a zip archive), so that ``PDFDocument`` holds the objects it
/// is reading, not the file.
///
/// `read` fills as much of its buffer as it can from the offset given and
/// returns how many bytes it put there: fewer than asked only at the end of
/// the file (a short read is read again until the buffer is full or a read
/// gives nothing). What it throws stops the reading: ``PDFError/readError(_:)``
/// names it (the caller keeps the error itself, as ``ZipArchive``'s do).
///
/// ```swift
/// let source = PDFSource(count: size) { buffer, offset in try file.read(into: buffer, at: offset) }
/// let text = try PDFTextExtractor().extractText(from: source)
/// ```
public struct PDFSource {
    /// The bytes of the file (from its `%PDF-` header when ``dropping(first:)`` made it).
    public let count: Int
    /// The bytes when they are in memory: read without a copy.
    let memory: UnsafeRawBufferPointer?
    private let reader: ((UnsafeMutableRawBufferPointer, Int) throws -> Int)?
    /// Where offset 0 of this source is in the reader's.
    private let base: Int
    /// The bytes a ``PDFDocument`` reading this source reads at an offset
    /// to parse what is there (``PDFDocument/windowSize``), and a scan
    /// 64 times as many: smaller in tests, to read every file across the
    /// windows' ends.
    var windowSize = PDFDocument.windowSize

    /// A file of `count` bytes read with `read(buffer, offset)`.
    ///
    /// ```swift
    /// let source = PDFSource(count: size) { buffer, offset in try file.read(into: buffer, at: offset) }
    /// ```
    public init(count: Int, read: @escaping (UnsafeMutableRawBufferPointer, Int) throws -> Int) {
        self.count = max(0, count)
        memory = nil
        reader = read
        base = 0
    }

    /// The bytes `bytes`, which must outlive the source and every document
    /// read from it.
    ///
    /// ```swift
    /// let text = try bytes.withUnsafeBytes { try PDFTextExtractor().extractText(from: PDFSource($0)) }
    /// ```
    public init(_ bytes: UnsafeRawBufferPointer) {
        count = bytes.count
        memory = bytes
        reader = nil
        base = 0
    }

    private init(
        count: Int, memory: UnsafeRawBufferPointer?, reader: ((UnsafeMutableRawBufferPointer, Int) throws -> Int)?,
        base: Int
    ) {
        self.count = count
        self.memory = memory
        self.reader = reader
        self.base = base
    }

    /// The same bytes without their first `start`: offsets counted from
    /// there (a PDF's from its `%PDF-` header).
    public func dropping(first start: Int) -> PDFSource {
        let start = min(max(0, start), count)
        var dropped =
            if let memory {
                PDFSource(UnsafeRawBufferPointer(rebasing: memory[start...]))
            } else {
                PDFSource(count: count - start, memory: nil, reader: reader, base: base + start)
            }
        dropped.windowSize = windowSize
        return dropped
    }

    /// Fills `buffer` from `offset` on; returns the bytes put there, fewer
    /// only at the end of the source.
    ///
    /// - Complexity: O(*n*) in the bytes read.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(PDFError) -> Int {
        guard offset >= 0, offset < count else { return 0 }
        let wanted = min(buffer.count, count - offset)
        if let memory {
            UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: memory[offset..<offset + wanted]))
            return wanted
        }
        guard let reader else { return 0 }
        var done = 0
        while done < wanted {
            let got: Int
            do {
                got = try reader(UnsafeMutableRawBufferPointer(rebasing: buffer[done..<wanted]), base + offset + done)
            } catch {
                throw .readError("\(error)")
            }
            guard got > 0 else { break }
            done += min(got, wanted - done)
        }
        return done
    }

    /// The bytes of `range` (clamped to the source).
    ///
    /// ```swift
    /// try source.bytes(in: 0..<8)   // "%PDF-1.7"
    /// ```
    public func bytes(in range: Range<Int>) throws(PDFError) -> [UInt8] {
        let lower = min(max(0, range.lowerBound), count)
        let upper = min(max(lower, range.upperBound), count)
        if let memory { return Array(memory[lower..<upper]) }
        var result = [UInt8](repeating: 0, count: upper - lower)
        let got = try result.withUnsafeMutableBytes { buffer in
            Result { () throws(PDFError) -> Int in try read(into: buffer, at: lower) }
        }.get()
        if got < result.count { result.removeLast(result.count - got) }
        return result
    }
}

/// A piece of a ``PDFSource`` held in memory: `bytes`, the source's from
/// offset `start` on, kept alive by `owner` (nil when the source is in
/// memory and `bytes` is a view of it).
struct PDFWindow {
    let start: Int
    let bytes: UnsafeRawBufferPointer
    let owner: PDFWindowStorage?

    /// The offset just past the window.
    var end: Int { start + bytes.count }

    /// Whether `offset` (and `length` bytes from it, or as many as the
    /// source has) is in the window.
    func covers(_ offset: Int, _ length: Int, sourceCount: Int) -> Bool {
        offset >= start && min(offset + length, sourceCount) <= end
    }

    subscript(_ offset: Int) -> UInt8 { bytes[offset - start] }
}

/// The memory of a ``PDFWindow`` read from a file.
final class PDFWindowStorage {
    let buffer: UnsafeMutableRawBufferPointer

    init(byteCount: Int) {
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, byteCount), alignment: 16)
    }

    deinit { buffer.deallocate() }
}

/// Where a ``PDFRedactor`` puts each page's new content, compressed, from
/// the page's redaction until the file is written: a file (an unnamed
/// temporary file, through the closures the caller gives), so that memory
/// does not hold the new content of every page of a large document.
///
/// `write(bytes, offset)` writes all of `bytes` at `offset` (or throws);
/// `read(buffer, offset)` reads as ``PDFSource`` reads.
///
/// ```swift
/// let spill = PDFSpill(
///     write: { bytes, offset in try scratch.writeAll(bytes, at: offset) },
///     read: { buffer, offset in try scratch.read(into: buffer, at: offset) })
/// let redaction = try PDFRedactor().redact(source, to: sink, spill: spill) { text in ranges(ofCPFsIn: text) }
/// ```
public final class PDFSpill {
    private let write: (UnsafeRawBufferPointer, Int) throws -> Void
    private let read: (UnsafeMutableRawBufferPointer, Int) throws -> Int
    /// The bytes put so far.
    public private(set) var count = 0

    public init(
        write: @escaping (UnsafeRawBufferPointer, Int) throws -> Void,
        read: @escaping (UnsafeMutableRawBufferPointer, Int) throws -> Int
    ) {
        self.write = write
        self.read = read
    }

    /// Puts `bytes` after those put before; returns where they are.
    func put(_ bytes: [UInt8]) throws(PDFError) -> Range<Int> {
        let start = count
        do {
            try bytes.withUnsafeBytes { try write($0, start) }
        } catch {
            throw .readError("\(error)")
        }
        count += bytes.count
        return start..<count
    }

    /// The bytes put at `range`.
    func get(_ range: Range<Int>) throws(PDFError) -> [UInt8] {
        let bytes = try PDFSource(count: count, read: read).bytes(in: range)
        guard bytes.count == range.count else { throw .readError("the spill file is shorter than what was put") }
        return bytes
    }
}
