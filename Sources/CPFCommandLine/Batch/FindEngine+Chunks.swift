import CPFKit
import CPFSystem

/// `find --threads` on a large regular file: its chunks scanned side by
/// side, printed in order.
extension FindEngine {
    /// ``find(_:named:)`` for a large regular file: its chunks scanned side
    /// by side, each printing to its own buffer, the buffers printed in
    /// order. Each chunk first counts its line feeds, so that the next knows
    /// its first line without waiting for this one's scan. The output is the
    /// same, byte for byte, as one thread's.
    func findInChunks(_ descriptor: FileDescriptor, position start: Position) throws(Errno) {
        if parallel == nil {
            let pipeline = ChunkPipeline(threads: settings.threads, chunkCapacity: chunkCapacity)
            let outputs = UnsafeMutableBufferPointer<ChunkOutput?>.allocate(capacity: pipeline.buffers)
            outputs.initialize(repeating: nil)
            parallel = (pipeline, outputs)
        }
        let (pipeline, outputs) = parallel!
        // Each buffer's own rendering of line numbers, a cache line apart:
        // chunks that wrote to one line would slow each other down.
        let scratch = Position.allocateScratch(count: pipeline.buffers)
        defer { scratch.deallocate() }
        let out = out
        var counts = Counts()
        defer {
            reportedCounts += counts
            foundCount += counts.total
        }
        try pipeline.run(
            descriptor,
            summary: { chunk in
                LineFeeds(in: chunk.owned, at: chunk.range.lowerBound)
            }, initial: LineFeeds(), combine: +,
            work: { chunk, before in
                // Where the chunk starts: after the line feeds of those before it.
                var position = start
                position.scratch = scratch + Position.scratchSize * chunk.buffer
                position.line = 1 + before.count
                position.lineStart = before.lineStart
                position.record(lineStart: before.lineStart)
                position.counted = chunk.range.lowerBound
                // Made by the thread that fills it, so that the allocator puts
                // it apart from the others'.
                if outputs[chunk.buffer] == nil { outputs[chunk.buffer] = ChunkOutput() }
                let output = outputs[chunk.buffer]!.buffer
                let origin = chunk.scannedOffset
                let range = chunk.range
                let scanned = UnsafeRawBufferPointer(chunk.scanned)
                withUnsafeMutablePointer(to: &position) { position in
                    // One scan, made for each scanner: CPFs alone run CPFScanner's matches straight to their report.
                    func scan<Scanner: TaxpayerIDScanning>(
                        with scanner: Scanner, report: (Scanner.Match, Int, inout Position) -> Void
                    ) {
                        var scanner = scanner
                        let take = { (match: Scanner.Match) in
                            // The scanner counts from the first byte read.
                            let start = origin + match.range.lowerBound
                            guard range.contains(start) else { return }
                            position.pointee.countLines(scanned.baseAddress!, origin: origin, upTo: start)
                            report(match, start, &position.pointee)
                        }
                        scanner.feed(scanned, onMatch: take)
                        if chunk.reachesEnd { scanner.finish(onMatch: take) }
                    }
                    if self.settings.accepted == .cpf {
                        scan(with: CPFScanner()) { self.report($0, startingAt: $1, at: &$2, to: output) }
                    } else {
                        scan(with: TaxpayerScanner(accepting: self.settings.accepted)) {
                            self.report($0, startingAt: $1, at: &$2, to: output)
                        }
                    }
                }
                return position.counts
            },
            emit: { chunk, found in
                outputs[chunk.buffer]!.drain(into: out)
                counts += found
            })
    }

    /// The line feeds among some bytes of an input, for a chunk's first
    /// line: how many, and the input offset after the last.
    struct LineFeeds {
        var count = 0
        var lineStart = 0

        init() {}

        /// The line feeds of `bytes`, which start at the input offset `offset`:
        /// counted eight bytes at a time with no branch, each byte's count in
        /// its own lane (summed every 254 words, before a lane could
        /// overflow); the last one looked for from the end, where it
        /// usually is near.
        init(in bytes: UnsafeRawBufferPointer, at offset: Int) {
            let base = bytes.baseAddress!
            let ones: UInt64 = 0x0101_0101_0101_0101
            var index = 0
            while bytes.count - index >= 8 {
                var lanes: UInt64 = 0
                let stop = Swift.min(bytes.count - 8, index + 8 * 253)
                while index <= stop {
                    let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x0A)
                    // The high bit of each byte that was a line feed (now zero), as 1.
                    lanes &+= (~(((word & (ones &* 0x7F)) &+ ones &* 0x7F) | word) & (ones &* 0x80)) >> 7
                    index += 8
                }
                // Eight lanes of at most 254, summed in four of 16 bits.
                let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ (lanes >> 8 & 0x00FF_00FF_00FF_00FF)
                count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
            }
            while index < bytes.count {
                if bytes[index] == 0x0A { count += 1 }
                index += 1
            }
            guard count > 0 else { return }
            var last = bytes.count - 1
            while bytes[last] != 0x0A { last -= 1 }
            lineStart = offset + last + 1
        }

        /// The line feeds of `first` then those of `second`.
        static func + (first: LineFeeds, second: LineFeeds) -> LineFeeds {
            var both = first
            both.count += second.count
            if second.count > 0 { both.lineStart = second.lineStart }
            return both
        }
    }
}
