extension CNPJ {
    /// The two check digits of a CNPJ, such as `35` for `12.ABC.345/01DE-35`.
    ///
    /// ``init(base:)`` is the one way to compute them from a base; a `CNPJ`
    /// gives its own as ``CNPJ/checkDigits``. They are always digits, even
    /// when the base holds letters.
    ///
    /// ```swift
    /// let digits = try CNPJ.CheckDigits(base: "12ABC34501DE")
    /// digits.first    // 3
    /// digits.second   // 5
    /// "\(digits)"     // "35"
    /// ```
    public struct CheckDigits: Hashable, Sendable, CustomStringConvertible {
        /// The first check digit (the 13th character of the CNPJ), 0 to 9.
        public let first: Int
        /// The second check digit (the 14th character of the CNPJ), 0 to 9.
        public let second: Int

        /// Makes check digits from two digits, each 0 to 9.
        ///
        /// ```swift
        /// let expected = CNPJ.CheckDigits(first: 3, second: 5)   // 35
        /// ```
        public init(first: Int, second: Int) {
            precondition(first >= 0 && first < 10 && second >= 0 && second < 10, "a check digit is 0 to 9")
            self.first = first
            self.second = second
        }

        /// Computes the check digits of a 12-character base.
        ///
        /// ```swift
        /// try CNPJ.CheckDigits(base: "12.ABC.345/01DE")   // 35
        /// try CNPJ.CheckDigits(base: "11.222.333/0001")   // 81
        /// ```
        ///
        /// - Parameter base: Twelve characters of `0`–`9` and `A`–`Z`
        ///   (lowercase read as uppercase), bare or masked as
        ///   `XX.XXX.XXX/XXXX` (dots, slashes, dashes and spaces among them
        ///   are ignored).
        /// - Throws: ``CNPJValidationError/empty``,
        ///   ``CNPJValidationError/invalidCharacter(_:position:)`` or
        ///   ``CNPJValidationError/length(characterCount:)``.
        public init(base: some StringProtocol) throws(CNPJValidationError) {
            self = try base.cnpjCheckDigitsResult().get()
        }

        /// The two digits side by side: `"35"`.
        public var description: String {
            String(
                decoding: [UInt8(truncatingIfNeeded: first) | 0x30, UInt8(truncatingIfNeeded: second) | 0x30],
                as: UTF8.self)
        }
    }
}
