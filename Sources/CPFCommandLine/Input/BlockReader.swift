import CPFSystem

/// Reads a file descriptor to its end in large blocks with `read(2)`, for the
/// commands that treat their input as a stream of bytes rather than lines
/// (`find`, `redact`). Output is kept live (see ``LiveSource``).
///
/// The buffer has ``headroom`` bytes in front of the block area: a caller may
/// move a few bytes kept from one block there, right before the next block,
/// and then see both as one contiguous run of memory (how `redact` rewrites a
/// CPF cut in two by a block boundary in place).
final class BlockReader {
    /// The largest block read at once.
    static let defaultCapacity = 1 << 20
    /// The bytes in front of each block that a caller may write to.
    static let headroom = 256

    private let storage: UnsafeMutableRawBufferPointer
    /// Writes out the command's buffered output before a read that may wait
    /// (see ``LiveSource``).
    private let flush: () -> Void
    private let cancellation: Cancellation?

    init(
        capacity: Int = BlockReader.defaultCapacity, flush: @escaping () -> Void = {}, cancellation: Cancellation? = nil
    ) {
        precondition(capacity > 0, "a block holds at least one byte")
        storage = LargeBuffer.allocate(byteCount: Self.headroom + capacity, alignment: 64)
        self.flush = flush
        self.cancellation = cancellation
    }

    deinit {
        LargeBuffer.deallocate(storage)
    }

    /// Where each block starts: ``headroom`` bytes after the start of the buffer.
    var blockStart: UnsafeMutableRawPointer { storage.baseAddress! + Self.headroom }

    /// Reads `descriptor` to its end, calling `body` with each block read, in
    /// order (never an empty one). The block's bytes may be changed in place.
    func forEachBlock(of descriptor: FileDescriptor, _ body: (UnsafeMutableRawBufferPointer) -> Void) throws(Errno) {
        let area = UnsafeMutableRawBufferPointer(start: blockStart, count: storage.count - Self.headroom)
        var source = LiveSource(descriptor, flush: flush, cancellation: cancellation)
        while true {
            let count = try source.read(into: area)
            if count == 0 { return }
            body(UnsafeMutableRawBufferPointer(rebasing: area[..<count]))
        }
    }

    /// Reads `descriptor` as ``forEachBlock(of:_:)`` does, until its end or
    /// until `body` returns false.
    func readBlocks(of descriptor: FileDescriptor, _ body: (UnsafeMutableRawBufferPointer) -> Bool) throws(Errno) {
        let area = UnsafeMutableRawBufferPointer(start: blockStart, count: storage.count - Self.headroom)
        var source = LiveSource(descriptor, flush: flush, cancellation: cancellation)
        while true {
            let count = try source.read(into: area)
            if count == 0 || !body(UnsafeMutableRawBufferPointer(rebasing: area[..<count])) { return }
        }
    }
}
