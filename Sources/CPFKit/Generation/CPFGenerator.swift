/// Makes random valid CPFs, uniformly over every valid number that is not
/// made of one repeated digit, optionally only those of one fiscal region.
///
/// Each 9-digit base has exactly one pair of check digits, so drawing the
/// base uniformly draws the CPF uniformly; every base digit, 9 included, is
/// equally likely. Inject any `RandomNumberGenerator`: ``SplitMix64`` for
/// reproducible output, `SystemRandomNumberGenerator` otherwise.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let paulista = CPFGenerator(region: FiscalRegion(state: "SP"))
/// let cpf = paulista.next(using: &random)   // ninth digit 8
/// ```
public struct CPFGenerator: Sendable {
    /// The region every generated CPF belongs to, or `nil` for all regions.
    public let region: FiscalRegion?

    /// Makes a generator for one fiscal region, or for all of them.
    public init(region: FiscalRegion? = nil) {
        self.region = region
    }

    /// A random valid CPF.
    ///
    /// The numbers drawn from `random` depend only on its output, so a seeded
    /// generator gives the same CPFs on every platform and Swift version.
    ///
    /// - Complexity: O(1) expected (a draw is repeated only for the ten
    ///   repeated-digit numbers, about once in a hundred million draws).
    @inlinable
    public func next(using random: inout some RandomNumberGenerator) -> CPF {
        while true {
            let base: Int
            if let region {
                base = Int(Self.uniform(below: 100_000_000, using: &random)) * 10 + region.digit
            } else {
                base = Int(Self.uniform(below: 1_000_000_000, using: &random))
            }
            let cpf = CPF(base: base)
            if !DigitWord.isRepeated(packed: cpf.packed) { return cpf }
        }
    }

    /// A random valid CPF drawn from the system's random number generator
    /// (`SystemRandomNumberGenerator`): for test data that need not be
    /// reproducible.
    ///
    /// ```swift
    /// let cpf = CPFGenerator().next()
    /// cpf.formatted.isValidCPF   // always true
    /// ```
    ///
    /// - Complexity: O(1) expected.
    public func next() -> CPF {
        var random = SystemRandomNumberGenerator()
        return next(using: &random)
    }

    /// A uniform number in `0..<bound` (Lemire's multiply-and-reject method),
    /// written out so that its output cannot change with the standard library.
    @inlinable
    internal static func uniform(below bound: UInt64, using random: inout some RandomNumberGenerator) -> UInt64 {
        var product = random.next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = random.next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}
