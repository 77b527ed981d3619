/// Makes valid CPFs that never repeat: every valid CPF that is not one
/// repeated digit (of one fiscal region, optionally) comes once, in an order
/// fixed by a seed, in constant memory.
///
/// The bases are walked through a ``ShufflingPermutation`` by a counter,
/// skipping the bases of one repeated digit; so the first ``count(in:)`` CPFs are
/// all distinct, and each is equally likely to be any CPF of the space over
/// the seeds.
///
/// ```swift
/// var unique = UniqueCPFGenerator(region: FiscalRegion(state: "SP"), seed: 7)
/// let first = unique.next()    // a CPF with ninth digit 8
/// UniqueCPFGenerator.count(in: FiscalRegion(state: "SP"))   // 99_999_999
/// ```
public struct UniqueCPFGenerator: Sendable, IteratorProtocol, Sequence {
    /// The region of every CPF made, or `nil` for all regions.
    public let region: FiscalRegion?
    private let permutation: ShufflingPermutation
    private var counter: UInt64 = 0

    /// How many CPFs there are to make: 999,999,990 in all (a billion bases
    /// minus the ten of one repeated digit), 99,999,999 in one region.
    ///
    /// ```swift
    /// UniqueCPFGenerator.count(in: nil)   // 999_999_990
    /// ```
    public static func count(in region: FiscalRegion?) -> Int {
        region == nil ? 999_999_990 : 99_999_999
    }

    /// Makes the sequence fixed by `seed`, the same on every platform and version.
    public init(region: FiscalRegion? = nil, seed: UInt64) {
        self.region = region
        permutation = ShufflingPermutation(size: region == nil ? 1_000_000_000 : 100_000_000, seed: seed)
    }

    /// The next CPF, or `nil` once all ``count(in:)`` have come.
    ///
    /// - Complexity: O(1).
    public mutating func next() -> CPF? {
        while counter < permutation.size {
            var base = Int(permutation[counter])
            counter += 1
            if let region { base = base * 10 + region.digit }
            if base % 111_111_111 != 0 { return CPF(base: base) }
        }
        return nil
    }
}
