import CPFSystem

/// Where the first pieces of a line too long to keep in memory wait while it
/// is not yet known whether the line is to be copied out: the first 64 KiB
/// in memory, the rest in a temporary file made on first need.
///
/// The file is made in the run's `$TMPDIR` (else `/tmp`; see
/// ``directory(in:)``), unnamed from the start
/// (`O_TMPFILE`) or, where the system cannot, made with `mkstemp` and
/// unlinked at once: nothing is left behind whatever ends `cpf`. It is
/// reused for the next long line.
final class SpillFile {
    /// The bytes held in memory before a file is made.
    static let memoryLimit = 1 << 16

    private var memory: [UInt8] = []
    private var descriptor: FileDescriptor?
    /// The bytes written to the file, from its start.
    private var fileCount = 0
    /// Where the file is made.
    private let directory: String

    /// A spill file made in `directory` when given, else in `/tmp`.
    init(directory: String? = nil) {
        self.directory = directory ?? "/tmp"
    }

    /// The bytes held.
    var count: Int { memory.count + fileCount }

    /// Whether some of the bytes held are in the file (the line is longer
    /// than memory holds).
    var isInFile: Bool { fileCount > 0 }

    deinit {
        descriptor?.close()
    }

    /// Holds `bytes` after those held so far. On failure (no temporary
    /// file can be made, a full disk) none of `bytes` is held, and the
    /// bytes held before still are.
    func append(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        // Memory first for every line, the file (made once, kept for reuse)
        // only for a line longer than memory holds.
        if fileCount == 0, memory.count + bytes.count <= Self.memoryLimit {
            memory.append(contentsOf: bytes)
            return
        }
        let file: FileDescriptor
        if let descriptor {
            file = descriptor
        } else {
            file = try TemporaryFile.makeUnnamed(in: directory)
            descriptor = file
        }
        var written = 0
        while written < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[written...])
            let count = try file.write(rest, at: fileCount + written)
            guard count > 0 else { throw Errno.noSpace }
            written += count
        }
        // All of them or, on failure (thrown above), none: a part written stays unread.
        fileCount += written
    }

    /// Copies what is held to `out`, then forgets it.
    func replay(to out: OutputBuffer) throws(Errno) {
        defer { discard() }
        memory.withUnsafeBytes { out.write($0) }
        guard let descriptor, fileCount > 0 else { return }
        let chunk = LargeBuffer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { LargeBuffer.deallocate(chunk) }
        var offset = 0
        while offset < fileCount {
            let wanted = UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(fileCount - offset, chunk.count)])
            let got = try descriptor.read(into: wanted, at: offset)
            guard got > 0 else { throw Errno.inputOutput }
            out.write(UnsafeRawBufferPointer(rebasing: chunk[..<got]))
            offset += got
        }
    }

    /// Forgets what is held (and gives the file's blocks back).
    func discard() {
        memory.removeAll(keepingCapacity: memory.capacity <= Self.memoryLimit)
        if let descriptor, fileCount > 0 { descriptor.truncate() }
        fileCount = 0
    }

    /// The directory of temporary files in `environment` (the run's,
    /// read once at the entry point): `$TMPDIR` when set and not empty,
    /// else `/tmp`.
    static func directory(in environment: [String: String]) -> String {
        if let value = environment["TMPDIR"], !value.isEmpty { return value }
        return "/tmp"
    }
}
