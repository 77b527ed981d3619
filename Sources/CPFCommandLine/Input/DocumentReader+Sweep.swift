import CPFKit

/// What a sweep (of an Office part's XML, a binary part, a legacy Office
/// stream, a PDF) adds to the text already read: the lines holding a CPF
/// or CNPJ that text does not, handed over as the section
/// ``Section/sweep``.
extension DocumentReader {
    /// Hands over what a sweep found that the text did not hold (made by
    /// ``unplaced(_:placed:)``) as the section `named` of `path` (`:sweep`
    /// unless told); nothing when it found nothing.
    func deliverSweep(
        _ unplaced: [UInt8], path: [UInt8], named name: Section = .sweep, begin: ([UInt8]) -> Void,
        text: (UnsafeMutableRawBufferPointer) -> Void, end: ([StoredNumber]) -> Void
    ) {
        guard !unplaced.isEmpty else { return }
        section = name
        defer { section = nil }
        deliver(unplaced, path: path, begin: begin, text: text) { end([]) }
    }

    /// The characters (a CPF's 11 digits, a CNPJ's 14 characters) of every
    /// CPF and CNPJ in `text`, of any confidence, mistyped ones too.
    static func characters(in text: [UInt8]) -> Set<String> {
        Set(
            TaxpayerScanner.matches(in: text, accepting: .any, minimumConfidence: .low, includeInvalid: true)
                .map(\.characters))
    }

    /// The lines of `sweep` holding a CPF or CNPJ (of any confidence,
    /// mistyped too) whose characters are not in `placed`, each with its
    /// line feed: what the sweep adds to the text already read.
    static func unplaced(_ sweep: [UInt8], placed: Set<String>) -> [UInt8] {
        let matches = TaxpayerScanner.matches(
            in: sweep, accepting: .any, minimumConfidence: .low, includeInvalid: true)
        var kept: [UInt8] = []
        var lastLine = -1
        for match in matches where !placed.contains(match.characters) {
            var start = match.range.lowerBound
            while start > 0, sweep[start - 1] != 0x0A { start -= 1 }
            guard start > lastLine else { continue }
            var end = match.range.upperBound
            while end < sweep.count, sweep[end] != 0x0A { end += 1 }
            kept += sweep[start..<min(end + 1, sweep.count)]
            if kept.last != 0x0A { kept.append(0x0A) }
            lastLine = end
        }
        return kept
    }
}
