extension CPF {
    /// The two check digits of a CPF, such as `05` for `390.533.447-05`.
    ///
    /// ``init(base:)`` is the one way to compute them from a base; a `CPF`
    /// gives its own as ``CPF/checkDigits``. Digits are `Int`, as everywhere
    /// in CPFKit.
    ///
    /// ```swift
    /// let digits = try CPF.CheckDigits(base: "390533447")
    /// digits.first    // 0
    /// digits.second   // 5
    /// "\(digits)"     // "05"
    /// CPF(base: 390_533_447).checkDigits   // 05, from a base held as a number
    /// ```
    public struct CheckDigits: Hashable, Sendable, CustomStringConvertible {
        /// The first check digit (the tenth digit of the CPF), 0 to 9.
        public let first: Int
        /// The second check digit (the eleventh digit of the CPF), 0 to 9.
        public let second: Int

        /// Makes check digits from two digits, each 0 to 9.
        ///
        /// ```swift
        /// let expected = CPF.CheckDigits(first: 0, second: 5)   // 05
        /// ```
        @inlinable
        public init(first: Int, second: Int) {
            precondition(first >= 0 && first < 10 && second >= 0 && second < 10, "a check digit is 0 to 9")
            self.first = first
            self.second = second
        }

        /// Makes check digits from two digits given as `UInt8`.
        ///
        /// Deprecated: digits are `Int` throughout CPFKit; use
        /// ``init(first:second:)`` with `Int` digits.
        ///
        /// ```swift
        /// CPF.CheckDigits(first: UInt8(0), second: UInt8(5))   // 05
        /// ```
        @available(*, deprecated, message: "digits are Int in CPFKit: use init(first:second:) with Int digits")
        @inlinable
        public init(first: UInt8, second: UInt8) {
            self.init(first: Int(first), second: Int(second))
        }

        /// Computes the check digits of a 9-digit base.
        ///
        /// ```swift
        /// try CPF.CheckDigits(base: "390.533.447")   // 05
        /// ```
        ///
        /// - Parameter base: Nine ASCII digits, bare or masked as `DDD.DDD.DDD`
        ///   (dots, dashes and spaces among the digits are ignored).
        /// - Throws: ``CPFValidationError/empty``,
        ///   ``CPFValidationError/invalidCharacter(_:position:)`` or
        ///   ``CPFValidationError/length(digitCount:)``.
        @inlinable
        public init(base: some StringProtocol) throws(CPFValidationError) {
            self = try base.cpfCheckDigitsResult().get()
        }

        /// The two digits side by side: `"05"`.
        public var description: String {
            String(
                decoding: [UInt8(truncatingIfNeeded: first) | 0x30, UInt8(truncatingIfNeeded: second) | 0x30],
                as: UTF8.self)
        }
    }
}
