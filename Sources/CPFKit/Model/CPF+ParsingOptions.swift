extension CPF {
    /// How text is read as a CPF.
    ///
    /// ```swift
    /// try CPF(validating: "390.533.447-05", options: .strict)
    /// try CPF(validating: "5334403", options: .init(padsLeadingZeros: true))   // 000.053.344-03
    /// try CPF(validating: "111.111.111-11", options: .init(allowsRepeatedDigits: true))
    /// ```
    public struct ParsingOptions: Hashable, Sendable {
        /// Which shapes of text are accepted.
        public enum Format: Hashable, Sendable {
            /// Exactly 11 digits, with any number of `.`, `-` and spaces among
            /// them: `390.533.447-05`, `39053344705`, `390 533 447 05`.
            case lenient
            /// Exactly `DDDDDDDDDDD` or `DDD.DDD.DDD-DD`.
            case strict
        }

        /// Which shapes of text are accepted; `.lenient` by default.
        public var format: Format
        /// Whether a bare run of 1 to 10 digits (a CPF stored as an integer
        /// that lost its leading zeros) is left-padded with zeros to 11.
        ///
        /// With `.lenient`, a whole number of 1 to 11 digits as a spreadsheet
        /// writes it is read as its digits, then padded: `1091905720.0` or
        /// `1.09190572E+09` is `010.919.057-20`. A number that is not whole
        /// (`1.09190572E+07`) is read by the lenient rule (`E` is an invalid
        /// character); a rounded one (`1.09E+09`) is read as written.
        public var padsLeadingZeros: Bool
        /// Whether the ten numbers made of one repeated digit are accepted.
        /// They pass the checksum but are never issued.
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
