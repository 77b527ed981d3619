import CPFKit
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
    /// Outputs of the reference C implementation (Sebastiano Vigna's
    /// splitmix64.c, compiled with gcc), not of this code.
    static let reference: [(UInt64, [UInt64])] = [
        (0, [16294208416658607535, 7960286522194355700, 487617019471545679, 17909611376780542444, 1961750202426094747]),
        (42, [13679457532755275413, 2949826092126892291, 5139283748462763858, 6349198060258255764, 701532786141963250]),
        (1234567, [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821]),
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
