import CPFKit
import CPFSystem

/// `redact --threads` on a large regular file: its chunks redacted side by
/// side, written in order.
extension RedactEngine {
    /// ``redact(_:)`` for a large regular file: its chunks redacted side by
    /// side, each in its own buffer, and written in order. The output is the
    /// same, byte for byte, as one thread's.
    func redactInChunks(_ descriptor: FileDescriptor, hiding: CPFScanner.RedactionStyle) throws(Errno) {
        if pipeline == nil { pipeline = ChunkPipeline(threads: threads, chunkCapacity: chunkCapacity) }
        let minimumConfidence = minimumConfidence
        let isLineLocal = isLineLocal
        let accepted = accepted
        let out = out
        var hidden = 0
        defer { redactedCount += hidden }
        try pipeline!.run(
            descriptor,
            work: { chunk in
                // Every match that reaches into the chunk's own bytes is hidden
                // where it lies (its bytes in the context are not written);
                // those that start there are counted.
                let origin = chunk.scannedOffset
                let own = chunk.range.lowerBound - origin..<chunk.range.upperBound - origin
                return TaxpayerScanner.hide(
                    in: UnsafeMutableRawBufferPointer(chunk.scanned), reaching: own, accepting: accepted,
                    style: hiding, minimumConfidence: minimumConfidence, keepingLineBreaks: isLineLocal,
                    isFinal: chunk.reachesEnd)
            },
            emit: { chunk, count in
                out.write(chunk.owned)
                hidden += count
            })
    }
}
