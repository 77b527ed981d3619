/// A seeded permutation of `0 ..< size`, computed one value at a time in
/// constant memory: walking a counter through it visits every number of the
/// range exactly once, in an order fixed by the seed.
///
/// A balanced Feistel network over the smallest even number of bits that
/// holds `size`, with a multiply-and-xorshift round function keyed from
/// ``SplitMix64``, is a permutation of those bits' range; values at or
/// above `size` are sent through it again (cycle walking) until they fall in
/// the range, which keeps it a permutation of `0 ..< size`. It shuffles test
/// data; it is not cryptography.
///
/// ```swift
/// let shuffle = ShufflingPermutation(size: 1_000, seed: 42)
/// (0..<1_000).map { shuffle[$0] }   // 0 … 999, each once, in a shuffled order
/// ```
///
/// - Complexity: O(1) per value: six rounds, repeated fewer than four
///   times on average (the range holds more than a quarter of the bits').
public struct ShufflingPermutation: Sendable {
    /// The numbers permuted, `0 ..< size`.
    public let size: UInt64
    /// Bits of each half of the Feistel network.
    private let halfBits: UInt64
    private let keys: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Makes the permutation of `0 ..< size` fixed by `seed`, the same on
    /// every platform and version.
    ///
    /// - Parameters:
    ///   - size: 1 … 2^62.
    ///   - seed: Any number; the same seed gives the same permutation.
    public init(size: UInt64, seed: UInt64) {
        precondition(size >= 1 && size <= 1 << 62, "a permutation of 1 to 2^62 numbers")
        self.size = size
        var bits: UInt64 = 2
        while UInt64(1) << bits < size { bits += 2 }
        halfBits = bits / 2
        var random = SplitMix64(seed: seed)
        keys = (random.next(), random.next(), random.next(), random.next(), random.next(), random.next())
    }

    /// The number `index` is sent to.
    ///
    /// - Parameter index: `0 ..< size`.
    public subscript(index: UInt64) -> UInt64 {
        precondition(index < size, "index out of the permuted range")
        var value = index
        repeat {
            value = feistel(value)
        } while value >= size
        return value
    }

    @inline(__always)
    private func feistel(_ value: UInt64) -> UInt64 {
        let mask = UInt64(1) << halfBits - 1
        var left = value >> halfBits
        var right = value & mask
        @inline(__always) func round(_ key: UInt64) {
            var mixed = (right ^ key) &* 0x9E37_79B9_7F4A_7C15
            mixed ^= mixed >> 29
            mixed = mixed &* 0xBF58_476D_1CE4_E5B9
            mixed ^= mixed >> 32
            (left, right) = (right, left ^ (mixed & mask))
        }
        round(keys.0)
        round(keys.1)
        round(keys.2)
        round(keys.3)
        round(keys.4)
        round(keys.5)
        return left << halfBits | right
    }
}
