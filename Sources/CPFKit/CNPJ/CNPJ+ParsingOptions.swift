extension CNPJ {
    /// How text is read as a CNPJ.
    ///
    /// ```swift
    /// try CNPJ(validating: "12.ABC.345/01DE-35", options: .strict)
    /// try CNPJ(validating: "12abc34501de35")                                // lenient: 12.ABC.345/01DE-35
    /// try CNPJ(validating: "191", options: .init(padsLeadingZeros: true))   // 00.000.000/0001-91
    /// ```
    public struct ParsingOptions: Hashable, Sendable {
        /// Which shapes of text are accepted.
        public enum Format: Hashable, Sendable {
            /// Exactly 14 characters (12 of `0`–`9`, `A`–`Z`, then two
            /// digits), with any number of `.`, `/`, `-` and spaces among
            /// them; lowercase letters are read as uppercase:
            /// `12.ABC.345/01DE-35`, `12ABC34501DE35`, `12abc34501de35`.
            case lenient
            /// Exactly `XXXXXXXXXXXXDD` or `XX.XXX.XXX/XXXX-DD`, letters in
            /// upper case (a lowercase letter is
            /// ``CNPJValidationError/lowercaseLetter(_:position:)``).
            case strict
        }

        /// Which shapes of text are accepted; `.lenient` by default.
        public var format: Format
        /// Whether a bare run of 1 to 13 digits (a numeric CNPJ stored as an
        /// integer that lost its leading zeros) is left-padded with zeros to 14.
        public var padsLeadingZeros: Bool
        /// Whether the ten numbers made of one repeated digit are accepted.
        /// They pass the checksum but are never issued.
        public var allowsRepeatedDigits: Bool

        /// Makes parsing options; the defaults are lenient, no padding, and
        /// repeated digits rejected.
        public init(format: Format = .lenient, padsLeadingZeros: Bool = false, allowsRepeatedDigits: Bool = false) {
            self.format = format
            self.padsLeadingZeros = padsLeadingZeros
            self.allowsRepeatedDigits = allowsRepeatedDigits
        }

        /// The default: lenient, no padding, repeated digits rejected.
        public static let lenient = ParsingOptions()
        /// Strict shapes only, no padding, repeated digits rejected.
        public static let strict = ParsingOptions(format: .strict)

        /// The same choices for a CPF, so that one setting reads both
        /// documents (``TaxpayerID/init(validating:accepting:options:)``).
        public var cpfOptions: CPF.ParsingOptions {
            CPF.ParsingOptions(
                format: format == .strict ? .strict : .lenient, padsLeadingZeros: padsLeadingZeros,
                allowsRepeatedDigits: allowsRepeatedDigits)
        }

        /// The same choices as `options`, which read a CPF.
        ///
        /// ```swift
        /// CNPJ.ParsingOptions(CPF.ParsingOptions.strict)   // .strict
        /// ```
        public init(_ options: CPF.ParsingOptions) {
            self.init(
                format: options.format == .strict ? .strict : .lenient, padsLeadingZeros: options.padsLeadingZeros,
                allowsRepeatedDigits: options.allowsRepeatedDigits)
        }
    }
}
