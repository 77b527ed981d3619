import CPFKit

/// How `redact` (and `find --hide`) hides a match: its digits turned into
/// `*`, all or some, or a CPF's replaced by those of its pseudonym.
extension RedactEngine {
    /// How a match is hidden.
    enum Style {
        /// Its digits, all or some, turned into `*`.
        case hidden(CPFScanner.RedactionStyle)
        /// A CPF's digits replaced by those of its pseudonym; a mistyped CPF
        /// (which has none) is fully hidden.
        case pseudonym(CachingCPFPseudonymizer)

        /// Hides `match` in `buffer`, which holds it as written (its
        /// `range.count` bytes): the one rule of `redact` and `find --hide`.
        @inline(__always)
        func hide(_ match: CPFScanner.Match, in buffer: UnsafeMutableRawBufferPointer) {
            switch self {
            case .hidden(let hiding):
                match.hideDigits(in: buffer, style: hiding)
            case .pseudonym(let pseudonymizer):
                if let cpf = match.cpf {
                    match.writeText(to: buffer, replacingDigitsWith: pseudonymizer.pseudonym(for: cpf))
                } else {
                    match.writeText(to: buffer, hiding: .full)
                }
            }
        }

        /// Hides a CPF or a CNPJ in `buffer`, which holds it as written.
        @inline(__always)
        func hide(_ match: TaxpayerScanner.Match, in buffer: UnsafeMutableRawBufferPointer) {
            switch (match, self) {
            case (.cpf(let cpf), _): hide(cpf, in: buffer)
            case (.cnpj(let cnpj), .hidden(let hiding)): cnpj.hideCharacters(in: buffer, style: hiding)
            // `--style pseudonym` is refused with CNPJs (RedactCommand); were it not, a CNPJ would be hidden whole.
            case (.cnpj(let cnpj), .pseudonym): cnpj.hideCharacters(in: buffer, style: .full)
            }
        }
    }
}
