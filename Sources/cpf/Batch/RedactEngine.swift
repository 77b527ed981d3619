import CPFKit

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
    /// How many threads redact a large regular file, each a part of it
    /// (with `--style full` or `lgpd`; pseudonyms are made on one thread).
    let threads: Int
    /// The bytes of each part of a file redacted on several threads.
    private let partCapacity: Int
    /// The threads, the reader and each part's redacted copy, made for the
    /// first file large enough to be redacted in parts.
    private var parallel: (group: WorkerGroup, reader: RoundReader, copies: [UnsafeMutableRawBufferPointer])?

    /// - Parameters:
    ///   - output: Where to copy to; standard output by default.
    ///   - blockCapacity: The largest block read at once.
    init(
        style: Style, minimumConfidence: CPFScanner.Confidence = .low,
        context: Context, output: OutputBuffer? = nil,
        blockCapacity: Int = BlockReader.defaultCapacity,
        threads: Int = 1, partCapacity: Int = RoundReader.defaultPartCapacity
    ) {
        self.style = style
        self.minimumConfidence = minimumConfidence
        out = output ?? context.output
        reader = BlockReader(capacity: blockCapacity, flush: { [out] in out.flush() })
        self.threads = threads
        self.partCapacity = partCapacity
    }

    deinit {
        for copy in parallel?.copies ?? [] { copy.deallocate() }
    }

    /// Copies one input to the output, redacted. After a read error, the
    /// bytes read so far have all been written (the kept ones unchanged).
    func redact(_ descriptor: FileDescriptor) throws(Errno) {
        if threads > 1, case .hidden(let hiding) = style,
           let size = system_regularFileSize(descriptor.rawValue), size >= 2 * partCapacity {
            return try redactInParts(descriptor, hiding: hiding)
        }
        var scanner = CPFScanner()
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
                memmove(blockStart - keptCount, window + settled, keptCount)
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

    /// ``redact(_:)`` for a large regular file: its parts redacted side by
    /// side, each into its own copy, the copies written in order. The output
    /// is the same, byte for byte, as one thread's.
    private func redactInParts(_ descriptor: FileDescriptor, hiding: CPFScanner.RedactionStyle) throws(Errno) {
        if parallel == nil {
            let group = WorkerGroup(parts: threads)
            parallel = (group, RoundReader(parts: group.parts, partCapacity: partCapacity),
                        (0..<group.parts).map { _ in .allocate(byteCount: partCapacity + 4 * RoundReader.context, alignment: 64) })
        }
        let (group, rounds, copies) = parallel!
        let minimumConfidence = minimumConfidence
        var hidden = [Int](repeating: 0, count: group.parts)
        do {
            try rounds.forEachRound(of: descriptor) { parts in
                hidden.withUnsafeMutableBufferPointer { hidden in
                    group.run { index in
                        let part = parts[index]
                        let range = part.range
                        let copy = copies[index].baseAddress!
                        copy.copyMemory(from: part.bytes(from: range.lowerBound), byteCount: range.count)
                        var scanner = CPFScanner()
                        let origin = part.scannedOffset
                        // Counted here, stored once: neighbouring counters
                        // share a cache line.
                        var count = 0
                        let hide = { (match: CPFScanner.Match, count: inout Int) in
                            guard match.confidence >= minimumConfidence else { return }
                            // The scanner counts from the first byte scanned.
                            let start = origin + match.range.lowerBound, end = origin + match.range.upperBound
                            guard start < range.upperBound, end > range.lowerBound else { return }
                            if start >= range.lowerBound, end <= range.upperBound {
                                match.hideDigits(in: UnsafeMutableRawBufferPointer(start: copy + (start - range.lowerBound), count: match.range.count),
                                                 style: hiding)
                            } else {
                                // A match across the edge of the range: the part inside it.
                                withUnsafeTemporaryAllocation(byteCount: 96, alignment: 8) { text in
                                    match.writeText(to: text, hiding: hiding)
                                    let lower = Swift.max(start, range.lowerBound), upper = Swift.min(end, range.upperBound)
                                    (copy + (lower - range.lowerBound)).copyMemory(from: text.baseAddress! + (lower - start), byteCount: upper - lower)
                                }
                            }
                            if start >= range.lowerBound { count += 1 }
                        }
                        withoutActuallyEscaping(hide) { hide in
                            scanner.feed(part.scanned) { hide($0, &count) }
                            if part.reachesEnd { scanner.finish { hide($0, &count) } }
                        }
                        hidden[index] += count
                    }
                }
                for (index, part) in parts.enumerated() {
                    out.write(UnsafeRawBufferPointer(start: copies[index].baseAddress!, count: part.range.count))
                }
            }
        } catch {
            redactedCount += hidden.reduce(0, +)
            throw error
        }
        redactedCount += hidden.reduce(0, +)
    }

    @inline(__always)
    private func hide(_ match: CPFScanner.Match, in window: UnsafeMutableRawPointer, origin: Int) {
        guard match.confidence >= minimumConfidence else { return }
        let buffer = UnsafeMutableRawBufferPointer(start: window + (match.range.lowerBound - origin), count: match.range.count)
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
