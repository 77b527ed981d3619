// Redaction in place of CPFs and CNPJs, the way `cpf redact` hides them in a
// buffer it is about to write (a chunk of a large file on one of several
// threads): CPFScanner's own when only CPFs are hidden.

extension TaxpayerScanner {
    /// Hides, in place, the CPFs and CNPJs of the kinds `accepted` written
    /// in `buffer` that `redact` hides at `minimumConfidence` (mistyped ones
    /// included: they are `.high`) and that reach into `own`, a range of
    /// offsets into `buffer` (the bytes around it are context: a number
    /// written across its edges is found); returns how many of them start in
    /// `own`. The buffer is scanned as a whole input when `isFinal`,
    /// otherwise as the start of one whose next bytes are not given. With
    /// `keepingLineBreaks`, a number written across a line break is left
    /// alone. With `.cpf`, this is
    /// ``CPFScanner/hideCPFs(in:reaching:style:minimumConfidence:keepingLineBreaks:isFinal:)``.
    ///
    /// ```swift
    /// var bytes = Array("CNPJ 11.222.333/0001-81, CPF 390.533.447-05".utf8)
    /// let hidden = bytes.withUnsafeMutableBytes {
    ///     TaxpayerScanner.hide(
    ///         in: $0, reaching: 0..<$0.count, accepting: .any, style: .full, minimumConfidence: .medium)
    /// }
    /// hidden                                   // 2
    /// String(decoding: bytes, as: UTF8.self)   // "CNPJ **.***.***/****-**, CPF ***.***.***-**"
    /// ```
    ///
    /// - Complexity: O(*n*) in `buffer.count`, O(1) memory.
    package static func hide(
        in buffer: UnsafeMutableRawBufferPointer, reaching own: Range<Int>, accepting accepted: TaxpayerID.Accepted,
        style: CPFScanner.RedactionStyle, minimumConfidence: CPFScanner.Confidence, keepingLineBreaks: Bool = false,
        isFinal: Bool = true
    ) -> Int {
        if accepted == .cpf {
            return CPFScanner.hideCPFs(
                in: buffer, reaching: own, style: style, minimumConfidence: minimumConfidence,
                keepingLineBreaks: keepingLineBreaks, isFinal: isFinal)
        }
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        let hide = { (match: Match) in
            let range = match.range
            guard range.lowerBound < own.upperBound, range.upperBound > own.lowerBound else { return }
            let written = UnsafeMutableRawBufferPointer(start: base + range.lowerBound, count: range.count)
            if keepingLineBreaks, match.spansLineBreak { return }
            match.hide(in: written, style: style)
            if range.lowerBound >= own.lowerBound { count += 1 }
        }
        scanner.feed(UnsafeRawBufferPointer(buffer), onMatch: hide)
        if isFinal { scanner.finish(onMatch: hide) }
        return count
    }
}

extension TaxpayerScanner.Match {
    /// Writes `*` over the digits or characters that `style` hides in
    /// `buffer`, which holds the match as written (its first ``range``.count
    /// bytes): how `cpf redact` hides a CPF or a CNPJ where it stands.
    ///
    /// ```swift
    /// var bytes = Array("CNPJ 12.ABC.345/01DE-35".utf8)
    /// let match = TaxpayerScanner.matches(in: bytes, accepting: .any)[0]
    /// bytes.withUnsafeMutableBytes {
    ///     match.hide(in: UnsafeMutableRawBufferPointer(rebasing: $0[match.range]), style: .lgpd)
    /// }
    /// String(decoding: bytes, as: UTF8.self)   // "CNPJ **.***.345/01DE-**"
    /// ```
    public func hide(in buffer: UnsafeMutableRawBufferPointer, style: CPFScanner.RedactionStyle) {
        switch self {
        case .cpf(let match): match.hideDigits(in: buffer, style: style)
        case .cnpj(let match): match.hideCharacters(in: buffer, style: style)
        }
    }
}
