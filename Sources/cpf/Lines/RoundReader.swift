/// Reads a regular file in rounds of several parts, for a scan of the parts
/// side by side on a ``WorkerGroup``: how `find` and `redact` use every core
/// on one large file.
///
/// Each round reads up to `parts × partCapacity` bytes and splits what it
/// may settle into `parts` consecutive ranges. A part's scanner reads its
/// range with ``context`` bytes on each side, from the same buffer: the
/// bytes before decide the touch rule and the keywords of a match at the
/// start of its range, the bytes after decide a match that begins in its
/// range and ends past it. The last ``context`` bytes of a round wait for
/// the next one (they may begin a match that the next bytes decide), and
/// the round keeps ``context`` bytes before them as its successor's context.
/// Memory stays `parts × partCapacity` plus a few hundred bytes, whatever
/// the file.
final class RoundReader {
    /// The bytes a part's scanner reads on each side of its range: more
    /// than a keyword's look-back, a candidate's span and its touch tests.
    static let context = 256
    /// The bytes of one part when the file is large.
    static let defaultPartCapacity = 1 << 21

    /// One part of a round.
    struct Part {
        /// The bytes its scanner reads, from `scannedOffset` in the input.
        let scanned: UnsafeRawBufferPointer
        let scannedOffset: Int
        /// The input offsets it owns: it reports the matches that begin here
        /// (`find`), or writes these bytes (`redact`).
        let range: Range<Int>
        /// Whether `scanned` ends at the end of the input (the scanner is
        /// then finished), rather than ``RoundReader/context`` bytes past `range`.
        let reachesEnd: Bool

        /// The bytes of the input from `offset` (within `scanned`).
        func bytes(from offset: Int) -> UnsafeRawPointer { scanned.baseAddress! + (offset - scannedOffset) }
    }

    let parts: Int
    let partCapacity: Int
    private let storage: UnsafeMutableRawBufferPointer

    init(parts: Int, partCapacity: Int = RoundReader.defaultPartCapacity) {
        precondition(parts >= 1 && partCapacity >= Self.context, "a round has parts of at least \(Self.context) bytes")
        self.parts = parts
        self.partCapacity = partCapacity
        storage = .allocate(byteCount: 2 * Self.context + parts * partCapacity, alignment: 64)
    }

    deinit {
        storage.deallocate()
    }

    /// Reads `descriptor` to its end, calling `body` with the parts of each
    /// round, in order; every byte of the input lies in exactly one part's
    /// range. After a read error, `body` has had every byte read before it.
    func forEachRound(of descriptor: FileDescriptor, _ body: ([Part]) -> Void) throws(Errno) {
        let base = storage.baseAddress!
        var bufferOffset = 0   // the input offset of storage[0]
        var filled = 0         // bytes of the input in storage
        var settled = 0        // the input offset up to which the parts have gone
        var failure: Errno?
        var atEnd = false
        while !atEnd {
            // Fill the buffer, through short reads, or to the end of the input.
            while filled < storage.count {
                do {
                    let count = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[filled...]))
                    if count == 0 { atEnd = true; break }
                    filled += count
                } catch {
                    failure = error
                    atEnd = true
                    break
                }
            }
            let end = bufferOffset + filled
            let owned = settled..<(atEnd ? end : Swift.max(settled, end - Self.context))
            if !owned.isEmpty || atEnd {
                let share = (owned.count + parts - 1) / parts
                var parts: [Part] = []
                parts.reserveCapacity(self.parts)
                for index in 0..<self.parts {
                    let lower = Swift.min(owned.lowerBound + index * share, owned.upperBound)
                    let upper = index == self.parts - 1 ? owned.upperBound : Swift.min(lower + share, owned.upperBound)
                    let reachesEnd = atEnd && index == self.parts - 1
                    let scanStart = Swift.max(bufferOffset, lower - Self.context)
                    let scanEnd = reachesEnd ? end : Swift.min(end, upper + Self.context)
                    parts.append(Part(
                        scanned: UnsafeRawBufferPointer(start: base + (scanStart - bufferOffset), count: scanEnd - scanStart),
                        scannedOffset: scanStart, range: lower..<upper, reachesEnd: reachesEnd))
                }
                body(parts)
                settled = owned.upperBound
            }
            // Keep the context before what is not settled, and that.
            let keepFrom = Swift.max(bufferOffset, settled - Self.context)
            let kept = end - keepFrom
            base.copyMemory(from: base + (keepFrom - bufferOffset), byteCount: kept)
            bufferOffset = keepFrom
            filled = kept
        }
        if let failure { throw failure }
    }
}
