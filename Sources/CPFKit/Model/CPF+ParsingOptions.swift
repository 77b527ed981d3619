extension CPF {
    /// How text is read as a CPF, or as a CNPJ: one type for both numbers
    /// (``CNPJ/ParsingOptions`` names it too), so that one setting reads
    /// either (``TaxpayerID/init(validating:accepting:options:)``).
    ///
    /// ```swift
    /// try CPF(validating: "390.533.447-05", options: .strict)
    /// try CPF(validating: "5334403", options: .init(padsLeadingZeros: true))   // 000.053.344-03
    /// try CPF(validating: "111.111.111-11", options: .init(allowsRepeatedDigits: true))
    /// try CNPJ(validating: "191", options: .init(padsLeadingZeros: true))      // 00.000.000/0001-91
    /// ```
    public struct ParsingOptions: Hashable, Sendable {
        /// Which shapes of text are accepted.
        public enum Format: Hashable, Sendable {
            /// A CPF: exactly 11 digits, with any number of `.`, `-` and
            /// spaces among them: `390.533.447-05`, `39053344705`,
            /// `390 533 447 05`. A CNPJ: exactly 14 characters (12 of
            /// `0`–`9`, `A`–`Z`, then two digits), with any number of `.`,
            /// `/`, `-` and spaces among them; lowercase letters are read as
            /// uppercase: `12.ABC.345/01DE-35`, `12ABC34501DE35`,
            /// `12abc34501de35`.
            case lenient
            /// A CPF: exactly `DDDDDDDDDDD` or `DDD.DDD.DDD-DD`. A CNPJ:
            /// exactly `XXXXXXXXXXXXDD` or `XX.XXX.XXX/XXXX-DD`, letters in
            /// upper case (a lowercase letter is
            /// ``CNPJValidationError/lowercaseLetter(_:position:)``).
            case strict
        }

        /// Which shapes of text are accepted; `.lenient` by default.
        public var format: Format
        /// Whether a bare run of digits too short for the number (1 to 10
        /// for a CPF, 1 to 13 for a numeric CNPJ: a number stored as an
        /// integer that lost its leading zeros) is left-padded with zeros to
        /// 11 or 14.
        ///
        /// With `.lenient`, a whole number of 1 to 11 digits as a spreadsheet
        /// writes it is read as a CPF's digits, then padded: `1091905720.0`
        /// or `1.09190572E+09` is `010.919.057-20`. A number that is not whole
        /// (`1.09190572E+07`) is read by the lenient rule (`E` is an invalid
        /// character); a rounded one (`1.09E+09`) is read as written.
        public var padsLeadingZeros: Bool
        /// Whether the numbers made of one repeated digit are accepted (ten
        /// CPFs, ten CNPJs). They pass the checksum but are never issued.
        public var allowsRepeatedDigits: Bool

        /// Makes parsing options; the defaults are lenient, no padding, and
        /// repeated digits rejected.
        @inlinable
        public init(format: Format = .lenient, padsLeadingZeros: Bool = false, allowsRepeatedDigits: Bool = false) {
            self.format = format
            self.padsLeadingZeros = padsLeadingZeros
            self.allowsRepeatedDigits = allowsRepeatedDigits
        }

        /// The default: lenient, no padding, repeated digits rejected.
        public static let lenient = ParsingOptions()
        /// Strict shapes only, no padding, repeated digits rejected.
        public static let strict = ParsingOptions(format: .strict)
    }
}
