// Redaction in place, the way `cpf redact` hides CPFs in a buffer it is
// about to write: the scanner's matches hidden where they stand, none of
// them built as a ``CPFScanner/Match``.

extension CPFScanner {
    /// Hides, in place, the CPFs written in `buffer` that `redact` hides at
    /// `minimumConfidence` (mistyped CPFs included: they are `.high`) and
    /// that reach into `own`, a range of offsets into `buffer` (bytes around
    /// it are context: a CPF written across its edges is found, and only
    /// its digits inside `buffer` are written); returns how many of them
    /// start in `own`. The buffer is scanned as a whole input when `isFinal`
    /// (a CPF may end at its end), otherwise as the start of one whose next
    /// bytes are not given (a CPF that may go on past the end is left
    /// alone). With `keepingLineBreaks`, a CPF written across a line break
    /// is left alone.
    ///
    /// ```swift
    /// var bytes = Array("CPF 390.533.447-05 e 231.002.999-00".utf8)
    /// let hidden = bytes.withUnsafeMutableBytes {
    ///     CPFScanner.hideCPFs(in: $0, reaching: 0..<$0.count, style: .full, minimumConfidence: .medium)
    /// }
    /// hidden                                   // 2: a mistyped CPF is hidden too
    /// String(decoding: bytes, as: UTF8.self)   // "CPF ***.***.***-** e ***.***.***-**"
    /// ```
    ///
    /// - Complexity: O(*n*) in `buffer.count`, O(1) memory.
    package static func hideCPFs(
        in buffer: UnsafeMutableRawBufferPointer, reaching own: Range<Int>, style: RedactionStyle,
        minimumConfidence: Confidence, keepingLineBreaks: Bool = false, isFinal: Bool = true
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var sink = HidingSink(base: base, own: own, style: style, keepingLineBreaks: keepingLineBreaks)
        var scanner = CPFScanner(hidingFrom: minimumConfidence)
        scanner.feed(UnsafeRawBufferPointer(buffer), into: &sink)
        if isFinal { scanner.finish(into: &sink) }
        return sink.count
    }
}

/// Hides each match where it stands in a buffer the scanner reads from its
/// first byte (``CPFScanner/hideCPFs(in:reaching:style:minimumConfidence:keepingLineBreaks:isFinal:)``).
internal struct HidingSink: MatchSink {
    let base: UnsafeMutableRawPointer
    let own: Range<Int>
    let style: CPFScanner.RedactionStyle
    let keepingLineBreaks: Bool
    /// The matches hidden that start in `own`.
    var count = 0

    @inline(__always)
    mutating func take(
        _ text: CPFScanner.Text, _ candidate: CPFScanner.Candidate, at first: Int, origin: Int,
        confidence: CPFScanner.Confidence, isValid: Bool, keyword: CPFScanner.Keyword?
    ) {
        // The scanner counts from the buffer's first byte.
        let lower = origin + first
        let upper = origin + candidate.end
        guard lower < own.upperBound, upper > own.lowerBound else { return }
        if keepingLineBreaks, UnsafeRawBufferPointer(start: base + lower, count: upper - lower).contains(0x0A) {
            return
        }
        CPFScanner.Match.hideDigits(
            offsetsLow: candidate.offsetsLow, offsetsHigh: candidate.offsetsHigh,
            hasWideDigits: candidate.hasWideDigits, at: base + lower, style: style)
        if lower >= own.lowerBound { count += 1 }
    }
}
