import CPFSystem

/// The reads of one input, for the readers (``LineReader``, ``BlockReader``),
/// with live output: before a read that may wait for input, whatever is
/// buffered for the output is written (``flush``), so that a line typed at a
/// terminal or appended to a followed log comes out at once.
///
/// A read may wait only after one that returned less than it asked for (a
/// pipe or a terminal had no more ready), and before the first read of an
/// input (the previous input's output is then written too). Even then `poll`
/// is asked first, with no timeout: when more is ready the output is not
/// flushed, so a large input read from a fast pipe keeps being written in
/// large blocks. A regular file never makes a read wait: it is not asked
/// (a small file costs its reads and one `fstat`, not two `poll`s more).
///
/// A cancelled run (see ``Cancellation``) finds the end of every input.
struct LiveSource {
    let descriptor: FileDescriptor
    /// Writes out what the command has buffered.
    let flush: () -> Void
    let cancellation: Cancellation?
    /// Whether reads may wait at all: not for a regular file.
    private let waits: Bool
    private var mayWait: Bool

    init(_ descriptor: FileDescriptor, flush: @escaping () -> Void, cancellation: Cancellation? = nil) {
        self.descriptor = descriptor
        self.flush = flush
        self.cancellation = cancellation
        waits = system_regularFileSize(descriptor.rawValue) == nil
        mayWait = waits
    }

    /// Reads up to `buffer.count` bytes; 0 means the end of the input (or a
    /// cancelled run).
    @inline(__always)
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        if let cancellation, cancellation.isCancelled { return 0 }
        if mayWait, !descriptor.hasInputReady { flush() }
        let count = try descriptor.read(into: buffer)
        mayWait = waits && count < buffer.count
        return count
    }
}
