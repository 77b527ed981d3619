extension CPF {
    /// The two check digits of a CPF, such as `05` for `390.533.447-05`.
    ///
    /// ```swift
    /// let digits = try CPF.CheckDigits(base: "390533447")
    /// digits.first    // 0
    /// digits.second   // 5
    /// "\(digits)"     // "05"
    /// ```
    public struct CheckDigits: Hashable, Sendable, CustomStringConvertible {
        /// The first check digit (the tenth digit of the CPF), 0 to 9.
        public let first: UInt8
        /// The second check digit (the eleventh digit of the CPF), 0 to 9.
        public let second: UInt8

        /// Makes check digits from two digits, each 0 to 9.
        @inlinable
        public init(first: UInt8, second: UInt8) {
            precondition(first < 10 && second < 10, "a check digit is 0 to 9")
            self.first = first
            self.second = second
        }

        /// Computes the check digits of a 9-digit base.
        ///
        /// - Parameter base: Nine ASCII digits, bare or masked as `DDD.DDD.DDD`
        ///   (dots, dashes and spaces among the digits are ignored).
        /// - Throws: ``CPFValidationError/empty``,
        ///   ``CPFValidationError/invalidCharacter(_:position:)`` or
        ///   ``CPFValidationError/length(digitCount:)``.
        @inlinable
        public init(base: some StringProtocol) throws(CPFValidationError) {
            switch base.cpfCheckDigits() {
            case .success(let digits): self = digits
            case .failure(let error): throw error
            }
        }

        /// The two digits side by side: `"05"`.
        public var description: String {
            String(decoding: [first | 0x30, second | 0x30], as: UTF8.self)
        }
    }
}
