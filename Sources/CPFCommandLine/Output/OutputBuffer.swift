import CPFSystem

/// Buffered output to a file descriptor: bytes collect in a large block and
/// go out in one `write(2)`.
///
/// A write error is kept and reported once (`cpf: standard output: …`, exit
/// status 2) by whoever flushes last; after one, or after ``discard()``,
/// further output is dropped.
///
/// When the block fills up, only whole records go out: everything up to the
/// last line feed (or, inside a record opened with ``beginRecord()``, up to
/// its start), the unfinished one kept for the next write. So a reader, or a
/// process that ends between two writes (killed by SIGTERM), never leaves
/// half a JSON Lines object or CSV row behind; only a single record larger
/// than the block goes out in pieces. To a regular file, a signal that
/// arrives during a write waits for it to finish (see ``WholeWrite``).
final class OutputBuffer {
    let descriptor: FileDescriptor
    private let storage: UnsafeMutableRawBufferPointer
    private var count = 0
    /// The first write error, if any.
    private(set) var error: Errno?
    /// Set by ``discard()``: nothing more goes out.
    private var isDiscarding = false
    /// Called once, with the first write error.
    var onError: ((Errno) -> Void)?
    /// Where the record being written began, between ``beginRecord()`` and
    /// ``endRecord()`` (a CSV row, whose quoted fields may hold line feeds).
    private var recordStart: Int?
    /// Where the bytes go instead of `descriptor`, if set (see ``init(capacity:sink:)``).
    private let sink: ((UnsafeRawBufferPointer) throws(Errno) -> Void)?

    /// Whether each block is written whole even when a signal ends `cpf`
    /// (a regular file, see ``WholeWrite``); prepared at the first block.
    private var writesWhole: Bool
    private var preparedWholeWrites = false

    init(descriptor: FileDescriptor, capacity: Int = 1 << 17) {
        self.descriptor = descriptor
        storage = LargeBuffer.allocate(byteCount: capacity, alignment: 16)
        sink = nil
        writesWhole = descriptor.fileIdentity?.isRegularFile == true
    }

    /// A buffer whose blocks go to `sink` rather than to a file descriptor
    /// (the output of one file of a tree, handed to the ordered printer);
    /// an error `sink` throws is kept and reported as a write error.
    init(capacity: Int = 1 << 17, sink: @escaping (UnsafeRawBufferPointer) throws(Errno) -> Void) {
        descriptor = FileDescriptor(rawValue: -1)
        storage = LargeBuffer.allocate(byteCount: capacity, alignment: 16)
        self.sink = sink
        writesWhole = false
    }

    deinit {
        LargeBuffer.deallocate(storage)
    }

    /// Appends bytes, writing out the block when it is full.
    @inline(__always)
    func write(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count <= storage.count - count {
            if bytes.count > 0 {
                (storage.baseAddress! + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            }
            count += bytes.count
        } else {
            writeSlowly(bytes)
        }
    }

    @inline(never)
    private func writeSlowly(_ bytes: UnsafeRawBufferPointer) {
        makeRoom(bytes.count)
        if bytes.count <= storage.count - count {
            (storage.baseAddress! + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            count += bytes.count
        } else {
            flush()
            send(bytes)
        }
    }

    /// Makes room for `needed` bytes: writes out the whole records collected
    /// and keeps the unfinished last one at the front; writes out everything
    /// when that does not make room enough.
    @inline(never)
    private func makeRoom(_ needed: Int) {
        let base = storage.baseAddress!
        let boundary: Int
        if let recordStart {
            boundary = recordStart
        } else {
            // After the last line feed (usually close to the end).
            var index = count
            while index > 0, storage[index - 1] != 0x0A { index -= 1 }
            boundary = index
        }
        if boundary > 0 {
            send(UnsafeRawBufferPointer(start: base, count: boundary))
            count -= boundary
            base.copyMemory(from: base + boundary, byteCount: count)
            if recordStart != nil { recordStart = 0 }
        }
        if storage.count - count < needed { flush() }
    }

    /// Marks the start of a record that may hold line feeds of its own: a
    /// flush for room keeps it whole (if it fits in the block).
    func beginRecord() {
        recordStart = count
    }

    /// Marks the end of the record begun with ``beginRecord()``.
    func endRecord() {
        recordStart = nil
    }

    /// Appends one byte.
    @inline(__always)
    func write(byte: UInt8) {
        if count == storage.count { makeRoom(1) }
        storage[count] = byte
        count += 1
    }

    /// Appends the UTF-8 of a string.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// The most bytes ``withReservedSpace(_:_:)`` can reserve at once.
    var capacity: Int { storage.count }

    /// Makes room for `byteCount` bytes and lets `body` write them in place,
    /// into a buffer of exactly that many bytes; `body` returns how many it
    /// wrote (at most `byteCount`).
    ///
    /// Reserving more than the buffer's ``capacity`` is a programming error
    /// and traps.
    @inline(__always)
    func withReservedSpace(_ byteCount: Int, _ body: (UnsafeMutableRawBufferPointer) -> Int) {
        precondition(
            byteCount >= 0 && byteCount <= storage.count,
            "OutputBuffer.withReservedSpace: cannot reserve \(byteCount) bytes in a buffer of \(storage.count)")
        if storage.count - count < byteCount { makeRoom(byteCount) }
        let written = body(UnsafeMutableRawBufferPointer(start: storage.baseAddress! + count, count: byteCount))
        precondition(written >= 0 && written <= byteCount, "OutputBuffer.withReservedSpace: wrote more than reserved")
        count += written
    }

    /// Writes out what has collected.
    func flush() {
        if count > 0 {
            send(UnsafeRawBufferPointer(rebasing: storage[..<count]))
            count = 0
        }
        if recordStart != nil { recordStart = 0 }
    }

    /// Drops what has collected and everything written from now on: the
    /// run is ending (see ``Cancellation``) and has said why. (Only a flag:
    /// it may be called from inside a write, by the error handler.)
    func discard() {
        isDiscarding = true
    }

    private func send(_ bytes: UnsafeRawBufferPointer) {
        guard error == nil, !isDiscarding else { return }
        do {
            if let sink {
                try sink(bytes)
            } else if writesWhole {
                if !preparedWholeWrites {
                    WholeWrite.prepare()
                    preparedWholeWrites = true
                }
                try WholeWrite.run { () throws(Errno) in try descriptor.writeAll(bytes) }
            } else {
                try descriptor.writeAll(bytes)
            }
        } catch {
            self.error = error
            onError?(error)
        }
    }
}

extension OutputBuffer {
    /// Appends a non-negative integer in decimal.
    @inline(__always)
    func write(decimal value: Int) {
        withReservedSpace(20) { OutputBuffer.store(decimal: value, at: $0.baseAddress!) }
    }

    /// Stores a non-negative integer in decimal at `pointer` (room for 19
    /// bytes); returns the number of bytes stored.
    @inline(__always)
    static func store(decimal value: Int, at pointer: UnsafeMutableRawPointer) -> Int {
        var digits = 1
        var power = 10
        while digits < 19, value >= power {
            digits += 1
            power &*= 10
        }
        var rest = value
        var index = digits
        repeat {
            index -= 1
            pointer.storeBytes(of: UInt8(truncatingIfNeeded: rest % 10) | 0x30, toByteOffset: index, as: UInt8.self)
            rest /= 10
        } while index > 0
        return digits
    }

    /// Appends a line terminator: the line's own, or LF when it had none.
    @inline(__always)
    func writeTerminator(_ terminator: UnsafeRawBufferPointer) {
        if terminator.isEmpty { write(byte: 0x0A) } else { write(terminator) }
    }
}
