import CPFKit
import Testing

@Suite("ShufflingPermutation")
struct ShufflingPermutationTests {
    @Test("visits every number of the range exactly once", arguments: [1, 2, 3, 10, 1000, 4096, 5000, 65_537])
    func isAPermutation(size: Int) {
        let permutation = ShufflingPermutation(size: UInt64(size), seed: 9)
        let values = (0..<UInt64(size)).map { permutation[$0] }
        #expect(Set(values).count == size)
        #expect(values.allSatisfy { $0 < UInt64(size) })
    }

    @Test("the seed fixes the order, pinned across versions")
    func seedFixesOrder() {
        let first = ShufflingPermutation(size: 1_000_000_000, seed: 1)
        let again = ShufflingPermutation(size: 1_000_000_000, seed: 1)
        let other = ShufflingPermutation(size: 1_000_000_000, seed: 2)
        let values = (0..<100).map { first[UInt64($0)] }
        #expect(values == (0..<100).map { again[UInt64($0)] })
        #expect(values != (0..<100).map { other[UInt64($0)] })
        #expect(Array(values.prefix(3)) == ShufflingPermutationTests.pinned)
    }

    static let pinned: [UInt64] = [816_489_745, 923_391_946, 962_640_850]

    @Test("shuffles: consecutive indexes land far apart")
    func shuffles() {
        let permutation = ShufflingPermutation(size: 1_000_000, seed: 3)
        let values = (0..<1000).map { permutation[UInt64($0)] }
        #expect(values.filter { $0 < 1000 }.count < 10)
        let low = values.filter { $0 < 500_000 }.count
        #expect(low > 400 && low < 600)
    }
}
