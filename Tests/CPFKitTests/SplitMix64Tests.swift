import CPFKit
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
    /// Outputs of the reference C implementation (Sebastiano Vigna's
    /// splitmix64.c, compiled with gcc), not of this code.
    static let reference: [(UInt64, [UInt64])] = [
        (
            0,
            [
                16_294_208_416_658_607_535, 7_960_286_522_194_355_700, 487_617_019_471_545_679,
                17_909_611_376_780_542_444, 1_961_750_202_426_094_747,
            ]
        ),
        (
            42,
            [
                13_679_457_532_755_275_413, 2_949_826_092_126_892_291, 5_139_283_748_462_763_858,
                6_349_198_060_258_255_764, 701_532_786_141_963_250,
            ]
        ),
        (
            1_234_567,
            [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
            ]
        ),
    ]

    @Test("matches the reference implementation's first outputs", arguments: reference)
    func matchesReference(seed: UInt64, expected: [UInt64]) {
        var random = SplitMix64(seed: seed)
        #expect((0..<5).map { _ in random.next() } == expected)
    }

    @Test("the same seed gives the same sequence; another seed another")
    func seedDeterminesSequence() {
        var first = SplitMix64(seed: 99)
        var second = SplitMix64(seed: 99)
        var other = SplitMix64(seed: 100)
        let a = (0..<100).map { _ in first.next() }
        #expect(a == (0..<100).map { _ in second.next() })
        #expect(a != (0..<100).map { _ in other.next() })
    }
}
