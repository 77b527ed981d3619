/// Makes random valid CNPJs, numeric or alphanumeric, uniformly over every
/// base that is not one repeated digit.
///
/// Each 12-character base has exactly one pair of check digits, so drawing
/// the base uniformly draws the CNPJ uniformly. A numeric generator draws
/// each base character from `0`–`9`; an alphanumeric one from `0`–`9` and
/// `A`–`Z` alike (36 symbols), as the Receita's rule allows in all twelve
/// positions. Inject any `RandomNumberGenerator`: ``SplitMix64`` for
/// reproducible output.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let cnpj = CNPJGenerator(alphanumeric: true).next(using: &random)
/// cnpj.formatted.isValidCNPJ   // always true
/// ```
public struct CNPJGenerator: Sendable {
    /// Whether the base may hold letters.
    public let isAlphanumeric: Bool

    /// Makes a generator of numeric CNPJs, or of alphanumeric ones.
    public init(alphanumeric: Bool = false) {
        isAlphanumeric = alphanumeric
    }

    /// A random valid CNPJ.
    ///
    /// The numbers drawn from `random` depend only on its output, so a seeded
    /// generator gives the same CNPJs on every platform and Swift version.
    public func next(using random: inout some RandomNumberGenerator) -> CNPJ {
        let symbols: UInt64 = isAlphanumeric ? 36 : 10
        while true {
            let base = (0..<12).map { _ in
                let symbol = Int(CPFGenerator.uniform(below: symbols, using: &random))
                // 0–9, then A (value 17) to Z (42).
                return symbol < 10 ? symbol : symbol + 7
            }
            let digits = base.cnpjCheckDigits
            let values = base + [digits.first, digits.second]
            if Set(values).count > 1 { return CNPJ(values: values) }
        }
    }

    /// A random valid CNPJ drawn from the system's random number generator
    /// (`SystemRandomNumberGenerator`): for test data that need not be
    /// reproducible.
    ///
    /// ```swift
    /// let cnpj = CNPJGenerator().next()
    /// cnpj.formatted.isValidCNPJ   // always true
    /// ```
    public func next() -> CNPJ {
        var random = SystemRandomNumberGenerator()
        return next(using: &random)
    }
}
