// Whole inputs at once, for every scanner: the one loop behind
// `CPFScanner.matches(in:)`, `CNPJScanner.matches(in:)`,
// `TaxpayerScanner.matches(in:accepting:)` and the `redacting` of each.

/// A match that can hide itself where it stands: the digits or characters
/// its style hides in a buffer holding the match as written.
protocol SelfHidingMatch: TaxpayerIDMatch {
    /// Writes `*` over what `style` hides in `buffer`, which holds the match
    /// as written (its first `range.count` bytes).
    func hide(in buffer: UnsafeMutableRawBufferPointer, style: CPFScanner.RedactionStyle)
}

extension CPFScanner.Match: SelfHidingMatch {
    func hide(in buffer: UnsafeMutableRawBufferPointer, style: CPFScanner.RedactionStyle) {
        hideDigits(in: buffer, style: style)
    }
}

extension CNPJScanner.Match: SelfHidingMatch {
    func hide(in buffer: UnsafeMutableRawBufferPointer, style: CPFScanner.RedactionStyle) {
        hideCharacters(in: buffer, style: style)
    }
}

extension TaxpayerIDScanning {
    /// Feeds all of `bytes` to this scanner, finishes it, and returns every
    /// match of at least `minimumConfidence`, in order; the mistyped ones
    /// too with `includeInvalid`.
    ///
    /// ```swift
    /// var scanner = CNPJScanner()
    /// scanner.wholeInputMatches(in: "CNPJ 11.222.333/0001-81".utf8, minimumConfidence: .medium, includeInvalid: false)
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    mutating func wholeInputMatches(
        in bytes: some Sequence<UInt8>, minimumConfidence: CPFScanner.Confidence, includeInvalid: Bool
    ) -> [Match] {
        var found: [Match] = []
        let keep = { (match: Match) in
            if match.confidence >= minimumConfidence, match.isValid || includeInvalid { found.append(match) }
        }
        let fed: Void? = bytes.withContiguousStorageIfAvailable { feed(UnsafeRawBufferPointer($0), onMatch: keep) }
        if fed == nil {
            Array(bytes).withUnsafeBytes { feed($0, onMatch: keep) }
        }
        finish(onMatch: keep)
        return found
    }
}

extension TaxpayerIDScanning where Match: SelfHidingMatch {
    /// `bytes` with every match of ``wholeInputMatches(in:minimumConfidence:includeInvalid:)``
    /// hidden where it stands as `style` says; every other byte kept.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// scanner.wholeInputRedacting(
    ///     Array("CPF 39053344705".utf8), style: .full, minimumConfidence: .low, includeInvalid: true)
    /// // "CPF ***********" as bytes
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    mutating func wholeInputRedacting(
        _ bytes: some Sequence<UInt8>, style: CPFScanner.RedactionStyle, minimumConfidence: CPFScanner.Confidence,
        includeInvalid: Bool
    ) -> [UInt8] {
        var result = Array(bytes)
        let found = wholeInputMatches(in: result, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
        result.withUnsafeMutableBytes { buffer in
            for match in found {
                match.hide(in: UnsafeMutableRawBufferPointer(rebasing: buffer[match.range]), style: style)
            }
        }
        return result
    }
}
