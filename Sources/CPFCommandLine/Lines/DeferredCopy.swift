import CPFSystem

/// Copies a long line, piece by piece, to the output once it is known
/// whether it is wanted; until then its pieces wait in a ``SpillFile``.
struct DeferredCopy {
    private var decision: Bool?
    private let spill = SpillFile()

    /// Starts a new line.
    mutating func reset() {
        decision = nil
        spill.discard()
    }

    /// Adds the next piece; `decided` is whether the line is wanted, or `nil`
    /// while that is not known yet.
    mutating func add(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer) throws(Errno) {
        if decision == nil, let decided {
            decision = decided
            if decided { try spill.replay(to: out) } else { spill.discard() }
        }
        switch decision {
        case nil: try spill.append(bytes)
        case true?: out.write(bytes)
        case false?: break
        }
    }
}
