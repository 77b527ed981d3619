import CPFKit
import CPFSystem

/// Copies free text with the digits of every CPF and mistyped CPF of at least
/// the minimum confidence hidden, for `cpf redact`: every other byte goes out
/// unchanged, binary data and invalid UTF-8 included.
///
/// Each block is rewritten in place and written out whole, except its last
/// few bytes while they may still be a CPF that the next block decides (at
/// most 115: a 96-byte candidate and what the scanner looks at after it).
/// Those bytes are moved in front of the next block, so a CPF cut in two by a block boundary is
/// contiguous again and memory stays flat whatever the input (a 1 GB line, a
/// 1 GB run of digits).
final class RedactEngine {
    /// How a match is hidden.
    enum Style {
        /// Its digits, all or some, turned into `*`.
        case hidden(CPFScanner.RedactionStyle)
        /// A CPF's digits replaced by those of its pseudonym; a mistyped CPF
        /// (which has none) is fully hidden.
        case pseudonym(CachingCPFPseudonymizer)
    }

    let style: Style
    /// The lowest confidence hidden; mistyped CPFs (always `high`) are hidden too.
    let minimumConfidence: CPFScanner.Confidence
    private let out: OutputBuffer
    private let reader: BlockReader
    /// CPFs hidden so far, over every input.
    private(set) var redactedCount = 0
    /// How many threads redact a large regular file, a chunk of it each
    /// (with `--style full` or `lgpd`; pseudonyms are made on one thread).
    let threads: Int
    /// The bytes of each chunk of a file redacted on several threads.
    private let chunkCapacity: Int
    /// The threads and their buffers, made for the first file large enough
    /// to be redacted in chunks.
    private var pipeline: ChunkPipeline?

    /// - Parameters:
    ///   - output: Where to copy to; standard output by default.
    ///   - blockCapacity: The largest block read at once.
    init(
        style: Style, minimumConfidence: CPFScanner.Confidence = .low,
        context: Context, output: OutputBuffer? = nil,
        blockCapacity: Int = BlockReader.defaultCapacity,
        threads: Int = 1, chunkCapacity: Int = ChunkPipeline.defaultChunkCapacity
    ) {
        self.style = style
        self.minimumConfidence = minimumConfidence
        out = output ?? context.output
        reader = BlockReader(
            capacity: blockCapacity, flush: { [out] in out.flush() }, cancellation: context.cancellation)
        self.threads = threads
        self.chunkCapacity = chunkCapacity
    }

    /// Copies one input to the output, redacted. After a read error, the
    /// bytes read so far have all been written (the kept ones unchanged).
    func redact(_ descriptor: FileDescriptor) throws(Errno) {
        if threads > 1, case .hidden(let hiding) = style,
            let size = system_regularFileSize(descriptor.rawValue), size >= 2 * chunkCapacity
        {
            return try redactInChunks(descriptor, hiding: hiding)
        }
        var scanner = CPFScanner(hidingFrom: minimumConfidence)
        let blockStart = reader.blockStart
        // Bytes kept back from the previous block, right in front of `blockStart`.
        var keptCount = 0
        do {
            try reader.forEachBlock(of: descriptor) { block in
                let window = blockStart - keptCount
                let origin = scanner.offset - keptCount  // the input offset of `window`
                scanner.feed(UnsafeRawBufferPointer(block)) { match in
                    hide(match, in: window, origin: origin)
                }
                let end = keptCount + block.count
                let settled = scanner.settledOffset - origin
                out.write(UnsafeRawBufferPointer(start: window, count: settled))
                keptCount = end - settled
                precondition(keptCount <= BlockReader.headroom, "a pending CPF is at most 115 bytes")
                system_moveBytes(to: blockStart - keptCount, from: window + settled, count: keptCount)
            }
        } catch {
            out.write(UnsafeRawBufferPointer(start: blockStart - keptCount, count: keptCount))
            throw error
        }
        let window = blockStart - keptCount
        let origin = scanner.offset - keptCount
        scanner.finish { hide($0, in: window, origin: origin) }
        out.write(UnsafeRawBufferPointer(start: window, count: keptCount))
    }

    /// ``redact(_:)`` for a large regular file: its chunks redacted side by
    /// side, each in its own buffer, and written in order. The output is the
    /// same, byte for byte, as one thread's.
    private func redactInChunks(_ descriptor: FileDescriptor, hiding: CPFScanner.RedactionStyle) throws(Errno) {
        if pipeline == nil { pipeline = ChunkPipeline(threads: threads, chunkCapacity: chunkCapacity) }
        let minimumConfidence = minimumConfidence
        let out = out
        var hidden = 0
        defer { redactedCount += hidden }
        try pipeline!.run(
            descriptor,
            work: { chunk in
                let base = chunk.scanned.baseAddress!
                let origin = chunk.scannedOffset
                let range = chunk.range
                var count = 0
                // Every match that reaches into the chunk's own bytes is hidden
                // where it lies (its bytes in the context are not written);
                // those that start there are counted.
                let hide = { (match: CPFScanner.Match, count: inout Int) in
                    // The scanner counts from the first byte read.
                    let start = origin + match.range.lowerBound
                    let end = origin + match.range.upperBound
                    guard start < range.upperBound, end > range.lowerBound else { return }
                    match.hideDigits(
                        in: UnsafeMutableRawBufferPointer(
                            start: base + match.range.lowerBound, count: match.range.count),
                        style: hiding)
                    if start >= range.lowerBound { count += 1 }
                }
                var scanner = CPFScanner(hidingFrom: minimumConfidence)
                withoutActuallyEscaping(hide) { hide in
                    scanner.feed(UnsafeRawBufferPointer(chunk.scanned)) { hide($0, &count) }
                    if chunk.reachesEnd { scanner.finish { hide($0, &count) } }
                }
                return count
            },
            emit: { chunk, count in
                out.write(chunk.owned)
                hidden += count
            })
    }

    @inline(__always)
    private func hide(_ match: CPFScanner.Match, in window: UnsafeMutableRawPointer, origin: Int) {
        let buffer = UnsafeMutableRawBufferPointer(
            start: window + (match.range.lowerBound - origin), count: match.range.count)
        switch style {
        case .hidden(let hiding):
            match.hideDigits(in: buffer, style: hiding)
        case .pseudonym(let pseudonymizer):
            if let cpf = match.cpf {
                match.writeText(to: buffer, replacingDigitsWith: pseudonymizer.pseudonym(for: cpf))
            } else {
                match.writeText(to: buffer, hiding: .full)
            }
        }
        redactedCount += 1
    }
}
