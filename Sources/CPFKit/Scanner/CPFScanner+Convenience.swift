// Whole inputs at once: the matches of a byte sequence, a redacted copy, and
// the same for strings.

extension CPFScanner {
    /// Every match in `bytes` of at least `minimumConfidence`, in order; the
    /// mistyped CPFs too with `includeInvalid` (as `cpf find --confidence
    /// LEVEL --include-invalid`).
    ///
    /// ```swift
    /// CPFScanner.matches(in: "a 390.533.447-05 b 1.390.533.447-05".utf8).map(\.text)    // ["390.533.447-05"]
    /// CPFScanner.matches(in: "tel 11987654374".utf8).count                              // 0: confidence low
    /// CPFScanner.matches(in: "tel 11987654374".utf8, minimumConfidence: .low).count     // 1
    /// CPFScanner.matches(in: "CPF 231.002.999-00".utf8, includeInvalid: true)[0].isValid   // false
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func matches(
        in bytes: some Sequence<UInt8>, minimumConfidence: Confidence = .medium, includeInvalid: Bool = false
    ) -> [Match] {
        var scanner = CPFScanner()
        return scanner.wholeInputMatches(
            in: bytes, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
    }

    /// `bytes` with the digits of every match of at least `minimumConfidence`
    /// hidden as `*` as `style` says (the mistyped CPFs too unless
    /// `includeInvalid` is false); every other byte is kept as it is, the
    /// separators, line breaks and invisible characters inside a match too.
    ///
    /// ```swift
    /// CPFScanner.redacting(Array("CPF 39053344705\n".utf8))                    // "CPF ***********\n" as bytes
    /// CPFScanner.redacting(Array("tel 11987654374".utf8), minimumConfidence: .medium)   // unchanged
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func redacting(
        _ bytes: some Sequence<UInt8>, style: RedactionStyle = .full, minimumConfidence: Confidence = .low,
        includeInvalid: Bool = true
    ) -> [UInt8] {
        var scanner = CPFScanner()
        return scanner.wholeInputRedacting(
            bytes, style: style, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
    }
}

extension StringProtocol {
    /// This text with the digits of every CPF in it (as ``CPFScanner`` finds
    /// them, of any confidence, mistyped ones included) hidden as `*`,
    /// separators and everything else kept.
    ///
    /// ```swift
    /// "Cliente 390.533.447-05, tel 11 98765-4321".redactingCPFs()
    /// // "Cliente ***.***.***-**, tel 11 98765-4321"
    /// "cpf=39053344705".redactingCPFs(style: .lgpd)   // "cpf=***533447**"
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public func redactingCPFs(style: CPFScanner.RedactionStyle = .full) -> String {
        String(decoding: CPFScanner.redacting(utf8, style: style), as: UTF8.self)
    }
}
