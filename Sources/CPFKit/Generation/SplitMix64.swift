/// A small, fast, seedable random number generator (SplitMix64, by Guy
/// Steele, Doug Lea and Christine Flood), for reproducible test data.
///
/// The same seed gives the same sequence on every platform and with every
/// version of CPFKit: the algorithm is fixed and written out here, unlike
/// `SystemRandomNumberGenerator`, which cannot be seeded.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let generator = CPFGenerator()
/// let cpf = generator.next(using: &random)   // the same CPF on every run
/// ```
///
/// Not for cryptography.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline
    internal var state: UInt64

    /// Makes a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
