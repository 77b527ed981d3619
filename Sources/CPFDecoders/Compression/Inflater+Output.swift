// The output of an Inflater: handed over after a check against its
// limits, and the last 32 KiB kept at the front of the buffer, where
// back-references find them.

extension Inflater {
    /// Hands over the output made since the last hand-over, after checking it
    /// against the limits.
    func handOver(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let count = outputPosition - handedOverUpTo
        guard count > 0 else { return }
        try limits.check(output: totalHandedOver + count, input: totalInput)
        try output(UnsafeBufferPointer(start: window + handedOverUpTo, count: count))
        totalHandedOver += count
        outputCount += count
        handedOverUpTo = outputPosition
    }

    /// Hands over the output and moves the last 32 KiB to the front of the
    /// buffer, where back-references find them.
    func slideWindow(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try handOver(output)
        let kept = min(outputPosition, Self.windowSize)
        window.update(from: window + outputPosition - kept, count: kept)
        outputPosition = kept
        handedOverUpTo = kept
    }
}
