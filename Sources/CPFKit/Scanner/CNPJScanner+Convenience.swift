// Whole inputs at once, for CNPJs: a copy of a text with every CNPJ in it
// hidden, as `CPFScanner.redacting` does for CPFs.

extension CNPJScanner {
    /// `bytes` with the characters of every CNPJ of at least
    /// `minimumConfidence` hidden as `*` as `style` says (the mistyped CNPJs
    /// too unless `includeInvalid` is false); every other byte is kept as it
    /// is, the separators (`.`, `/`, `-`) too, so the result has the same
    /// length. Numeric and alphanumeric CNPJs alike, masked or not.
    ///
    /// What a label, a file name or a message that echoes one goes through
    /// before it is shown: by default anything that could be a CNPJ, bare
    /// digits of low confidence included, is hidden.
    ///
    /// ```swift
    /// CNPJScanner.redacting(Array("nota-11222333000181.pdf".utf8))        // "nota-**************.pdf" as bytes
    /// CNPJScanner.redacting(Array("CNPJ 12.ABC.345/01DE-35".utf8), style: .lgpd)
    /// // "CNPJ **.***.345/01DE-**" as bytes
    /// CNPJScanner.redacting(Array("id 12ABC34501DE35".utf8), minimumConfidence: .medium)   // unchanged
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func redacting(
        _ bytes: some Sequence<UInt8>, style: CPFScanner.RedactionStyle = .full,
        minimumConfidence: CPFScanner.Confidence = .low, includeInvalid: Bool = true
    ) -> [UInt8] {
        var scanner = CNPJScanner()
        return scanner.wholeInputRedacting(
            bytes, style: style, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
    }
}

extension StringProtocol {
    /// This text with the characters of every CNPJ in it (as
    /// ``CNPJScanner`` finds them, of any confidence, mistyped ones
    /// included) hidden as `*`, separators and everything else kept.
    ///
    /// ```swift
    /// "Fornecedor 11.222.333/0001-81, pedido 42".redactingCNPJs()
    /// // "Fornecedor **.***.***/****-**, pedido 42"
    /// "cnpj=12ABC34501DE35".redactingCNPJs(style: .lgpd)   // "cnpj=*****34501DE**"
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public func redactingCNPJs(style: CPFScanner.RedactionStyle = .full) -> String {
        String(decoding: CNPJScanner.redacting(utf8, style: style), as: UTF8.self)
    }
}
