// How CPFScanner hands over the matches it decides: to a closure, each
// built as a match, or to the redaction of a buffer in place
// (CPFScanner+Hiding), which builds none.

/// What receives the matches ``CPFScanner`` decides, in order: a closure
/// given each ``CPFScanner/Match`` (``MatchClosure``), or the redaction of a
/// buffer in place, which needs no match built.
internal protocol MatchSink {
    /// Takes the match `candidate` is, written from `first` to
    /// `candidate.end` in `text` (whose index 0 is the input's offset
    /// `origin`), with its confidence, validity and keyword.
    mutating func take(
        _ text: CPFScanner.Text, _ candidate: CPFScanner.Candidate, at first: Int, origin: Int,
        confidence: CPFScanner.Confidence, isValid: Bool, keyword: CPFScanner.Keyword?)
}

/// Gives each match, built as a ``CPFScanner/Match``, to a closure.
internal struct MatchClosure: MatchSink {
    let onMatch: (CPFScanner.Match) -> Void

    @inline(__always)
    mutating func take(
        _ text: CPFScanner.Text, _ candidate: CPFScanner.Candidate, at first: Int, origin: Int,
        confidence: CPFScanner.Confidence, isValid: Bool, keyword: CPFScanner.Keyword?
    ) {
        onMatch(
            CPFScanner.Match(
                range: origin + first..<origin + candidate.end, candidate: candidate, confidence: confidence,
                isValid: isValid, keyword: keyword, bytes: text.base + first, readable: text.count - first))
    }
}
