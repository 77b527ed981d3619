import CPFSystem

/// Copies a long line, piece by piece, to the output once it is known
/// whether it is wanted; until then its pieces wait in a ``SpillFile``.
///
/// When they cannot wait (no temporary file can be made or written: a
/// missing or read-only `$TMPDIR`, a full disk), the line goes on as
/// ``Fallback`` says and ``failure`` tells why; the line's engine reports
/// it, and the run goes on and ends with exit status 2.
struct DeferredCopy {
    /// What becomes of a line whose pieces cannot be held.
    enum Fallback {
        /// Copied out unchanged: what was held, then the rest as it comes
        /// (the filters, `format`, `strip`, `complete`).
        case copy
        /// Left out: nothing more of it is written (`pseudonymize`, which
        /// never copies out what may be a CPF it could not pseudonymize).
        case drop
    }

    let fallback: Fallback
    private var decision: Bool?
    private let spill: SpillFile
    /// Why the current line's pieces could not be held, when they could not.
    private(set) var failure: Errno?

    /// `directory` is where a temporary file is made (`/tmp` by default; the commands give the run's `$TMPDIR`).
    init(fallback: Fallback = .copy, directory: String? = nil) {
        self.fallback = fallback
        spill = SpillFile(directory: directory)
    }

    /// Whether the current line's pieces go to the output (it was decided
    /// so, or they could not be held and the fallback copies them).
    var isCopied: Bool { decision == true }

    /// Starts a new line.
    mutating func reset() {
        decision = nil
        failure = nil
        spill.discard()
    }

    /// Adds the next piece; `decided` is whether the line is wanted, or `nil`
    /// while that is not known yet. The first decision holds for the rest of
    /// the line, as does the fallback's once the pieces could not be held.
    mutating func add(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer) {
        if decision == nil, let decided {
            decision = decided
            if decided { replay(to: out) } else { spill.discard() }
        }
        switch decision {
        case nil:
            do {
                try spill.append(bytes)
            } catch {
                failure = error
                // What the file holds can still be read back, but not all of
                // these bytes may be in it: they go out from here.
                if fallback == .copy {
                    decision = true
                    replay(to: out)
                    out.write(bytes)
                } else {
                    decision = false
                    spill.discard()
                }
            }
        case true?: out.write(bytes)
        case false?: break
        }
    }

    private mutating func replay(to out: OutputBuffer) {
        do {
            try spill.replay(to: out)
        } catch {
            if failure == nil { failure = error }
        }
    }
}
