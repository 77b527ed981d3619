import CPFSystem

/// Works through a regular file in chunks on several threads at once, the
/// results handed on in the file's order: how `find` and `redact` use every
/// core on one large file.
///
/// Each thread takes the next chunk, reads it itself with `pread(2)` into a
/// buffer of its own (the chunk's bytes and ``context`` bytes on
/// each side), and works on it; whichever thread finishes the chunk that is
/// next in order emits it, and every ready chunk after it. No thread waits
/// for another to read, and none waits at the end of a round: a thread only
/// waits when every buffer holds a chunk that waits to be emitted, or (with
/// ``run(_:summary:initial:combine:work:emit:)``) for the summaries of the
/// chunks before its own.
///
/// - Complexity: O(*n*) in the bytes of the file, each read once, and
///   `2 × context` more per chunk.
///
/// ```swift
/// let pipeline = ChunkPipeline(threads: 2)
/// try pipeline.run(descriptor, work: { chunk in hide(in: chunk) }, emit: { chunk, _ in out.write(chunk.owned) })
/// ```
///
/// Memory is `2 × threads` buffers of ``chunkCapacity`` bytes and the
/// context, whatever the file.
final class ChunkPipeline: @unchecked Sendable {
    /// The bytes of one chunk when the file is large: small enough that a
    /// chunk read stays in the core's cache while it is worked on.
    static let defaultChunkCapacity = 1 << 18
    /// The bytes read on each side of a chunk: more than a keyword's
    /// look-back, a candidate's span and its touch tests, so that the scan
    /// of a chunk judges each match that begins in it (or ends in it) as
    /// one scan of the whole input does. The scanner keeps no state from one
    /// number to the next, so nothing else carries over.
    static let context = 256

    /// One chunk of the input, held in a buffer of its own.
    struct Chunk {
        /// Its number, from 0, in the input's order.
        let index: Int
        /// Which of the pipeline's buffers holds it (from 0 to
        /// ``ChunkPipeline/buffers`` − 1), for what the caller keeps by chunk.
        let buffer: Int
        /// The bytes read, from the input offset `scannedOffset` (counted
        /// from where the run began reading): the chunk and its context.
        /// `work` may change them in place.
        let scanned: UnsafeMutableRawBufferPointer
        let scannedOffset: Int
        /// The input offsets it owns: the bytes `emit` writes.
        let range: Range<Int>
        /// Whether `scanned` ends at the end of the input (rather than
        /// ``context`` bytes past `range`): the end decides what is open
        /// there. The last chunk reaches the end, and perhaps the one
        /// before it, whose context the end cut short.
        let reachesEnd: Bool

        /// The bytes of `range`.
        var owned: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: scanned.baseAddress! + (range.lowerBound - scannedOffset), count: range.count)
        }
    }

    let chunkCapacity: Int
    private let group: WorkerGroup
    private let storage: [UnsafeMutableRawBufferPointer]
    private let monitor = Monitor()

    /// How many buffers hold chunks: two per thread.
    var buffers: Int { storage.count }

    /// How many threads work on chunks at once (fewer than asked when the
    /// system will not start that many).
    var threads: Int { group.parts }

    init(threads: Int, chunkCapacity: Int = ChunkPipeline.defaultChunkCapacity) {
        precondition(chunkCapacity >= ChunkPipeline.context, "a chunk is at least \(ChunkPipeline.context) bytes")
        self.chunkCapacity = chunkCapacity
        group = WorkerGroup(parts: threads)
        storage = (0..<2 * group.parts).map { _ in
            LargeBuffer.allocate(byteCount: chunkCapacity + 2 * ChunkPipeline.context, alignment: 64)
        }
    }

    deinit {
        for buffer in storage { LargeBuffer.deallocate(buffer) }
    }

    /// What one run shares between its threads, behind ``monitor``.
    private struct State<Summary, Result> {
        /// The next chunk to take, and the next to emit.
        var nextToTake = 0
        var nextToEmit = 0
        /// Buffers no chunk holds.
        var free: [Int]
        /// By buffer: the summary of the chunk it holds, until it is folded
        /// into `summarized`; then the summary of every chunk before it.
        var summaries: [(index: Int, summary: Summary)?]
        var before: [Summary?]
        /// The chunks whose summaries are folded into `summary`: those before `folded`.
        var folded = 0
        var summary: Summary
        /// By buffer: the chunk worked on, not yet emitted.
        var ready: [(chunk: Chunk, result: Result)?]
        /// Whether a thread is emitting.
        var emitting = false
        /// The first chunk known to reach the end of the input, and the
        /// error that ended it, if a read failed.
        var last: Int?
        var failure: Errno?
        /// The input offset after the last chunk emitted.
        var emittedEnd = 0

        /// Whether every chunk up to the last has been taken.
        var allTaken: Bool { last.map { nextToTake > $0 } ?? false }
    }

    /// Reads `descriptor` from its current offset to its end: each chunk is
    /// given to `work` on one of the threads, then, in order, with what
    /// `work` returned, to `emit` (on any thread, never two at once). Leaves
    /// the descriptor's offset at the end, as reading it would. After a read
    /// error, every byte read before it has gone through `work` and `emit`.
    func run<Result>(_ descriptor: FileDescriptor, work: (Chunk) -> Result, emit: (Chunk, Result) -> Void) throws(Errno)
    {
        try run(
            descriptor, summary: { _ in () }, initial: (), combine: { _, _ in () },
            work: { chunk, _ in work(chunk) }, emit: emit)
    }

    /// ``run(_:work:emit:)`` for work that needs to know something of every
    /// chunk before its own, such as the number of lines: `summary` sums a
    /// chunk up (on its thread, before `work`), and `work` gets the
    /// summaries of the chunks before it, folded in order with `combine`
    /// from `initial`. Each chunk waits only for the summaries before it.
    func run<Summary, Result>(
        _ descriptor: FileDescriptor,
        summary summarize: (Chunk) -> Summary, initial: Summary, combine: (Summary, Summary) -> Summary,
        work: (Chunk, Summary) -> Result, emit: (Chunk, Result) -> Void
    ) throws(Errno) {
        let origin = try descriptor.currentOffset()
        var state = State<Summary, Result>(
            free: Array(storage.indices.reversed()), summaries: Array(repeating: nil, count: storage.count),
            before: Array(repeating: nil, count: storage.count), summary: initial,
            ready: Array(repeating: nil, count: storage.count))
        let context = ChunkPipeline.context
        let chunkCapacity = chunkCapacity
        withoutActuallyEscaping(summarize) { summarize in
            withoutActuallyEscaping(combine) { combine in
                withoutActuallyEscaping(work) { work in
                    withoutActuallyEscaping(emit) { emit in
                        withUnsafeMutablePointer(to: &state) { state in
                            group.run { _ in
                                while true {
                                    // Take the next chunk and a buffer for it.
                                    let taken: (index: Int, buffer: Int)? = monitor.locked {
                                        while state.pointee.free.isEmpty && !state.pointee.allTaken { monitor.wait() }
                                        if state.pointee.allTaken { return nil }
                                        let index = state.pointee.nextToTake
                                        state.pointee.nextToTake += 1
                                        return (index, state.pointee.free.removeLast())
                                    }
                                    guard let taken else { return }
                                    let buffer = storage[taken.buffer]
                                    // Read it, with its context.
                                    let lower = taken.index * chunkCapacity
                                    let scannedOffset = Swift.max(0, lower - context)
                                    let wanted = lower + chunkCapacity + context - scannedOffset
                                    var filled = 0
                                    var failure: Errno?
                                    while filled < wanted {
                                        do throws(Errno) {
                                            let count = try descriptor.read(
                                                into: UnsafeMutableRawBufferPointer(
                                                    start: buffer.baseAddress! + filled, count: wanted - filled),
                                                at: origin + scannedOffset + filled)
                                            if count == 0 { break }
                                            filled += count
                                        } catch {
                                            failure = error
                                            break
                                        }
                                    }
                                    // The input ends in what was read, and perhaps in
                                    // the chunk itself, which is then the last.
                                    let reachesEnd = filled < wanted
                                    let upper =
                                        reachesEnd
                                        ? Swift.min(lower + chunkCapacity, scannedOffset + filled)
                                        : lower + chunkCapacity
                                    let isLast =
                                        reachesEnd && scannedOffset + filled <= lower + chunkCapacity || failure != nil
                                    let chunk = Chunk(
                                        index: taken.index, buffer: taken.buffer,
                                        scanned: UnsafeMutableRawBufferPointer(
                                            start: buffer.baseAddress!, count: filled),
                                        scannedOffset: scannedOffset, range: lower..<Swift.max(lower, upper),
                                        reachesEnd: reachesEnd)
                                    // Sum it up, and wait for the summaries before it.
                                    let mine = summarize(chunk)
                                    let before: Summary = monitor.locked {
                                        state.pointee.summaries[taken.buffer] = (taken.index, mine)
                                        var folded = false
                                        while let next = state.pointee.summaries.firstIndex(where: {
                                            $0?.index == state.pointee.folded
                                        }) {
                                            state.pointee.before[next] = state.pointee.summary
                                            state.pointee.summary = combine(
                                                state.pointee.summary, state.pointee.summaries[next]!.summary)
                                            state.pointee.summaries[next] = nil
                                            state.pointee.folded += 1
                                            folded = true
                                        }
                                        if folded { monitor.broadcast() }
                                        while state.pointee.folded <= taken.index { monitor.wait() }
                                        defer { state.pointee.before[taken.buffer] = nil }
                                        return state.pointee.before[taken.buffer]!
                                    }
                                    let result = work(chunk, before)
                                    // Hand it on; emit it, and those after it, if it is next.
                                    let emits: Bool = monitor.locked {
                                        state.pointee.ready[taken.buffer] = (chunk, result)
                                        if isLast, taken.index < state.pointee.last ?? .max {
                                            state.pointee.last = taken.index
                                            state.pointee.failure = failure
                                            monitor.broadcast()
                                        }
                                        guard !state.pointee.emitting, taken.index == state.pointee.nextToEmit else {
                                            return false
                                        }
                                        state.pointee.emitting = true
                                        return true
                                    }
                                    guard emits else { continue }
                                    while true {
                                        let next: (buffer: Int, chunk: Chunk, result: Result)? = monitor.locked {
                                            let wanted = state.pointee.nextToEmit
                                            if wanted <= state.pointee.last ?? .max,
                                                let buffer = state.pointee.ready.firstIndex(where: {
                                                    $0?.chunk.index == wanted
                                                }),
                                                let (chunk, result) = state.pointee.ready[buffer]
                                            {
                                                return (buffer, chunk, result)
                                            }
                                            state.pointee.emitting = false
                                            return nil
                                        }
                                        guard let next else { break }
                                        emit(next.chunk, next.result)
                                        monitor.locked {
                                            state.pointee.ready[next.buffer] = nil
                                            state.pointee.free.append(next.buffer)
                                            state.pointee.nextToEmit += 1
                                            state.pointee.emittedEnd = next.chunk.range.upperBound
                                            monitor.broadcast()
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        try descriptor.seek(to: origin + state.emittedEnd)
        if let failure = state.failure { throw failure }
    }
}
