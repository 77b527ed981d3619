import Testing

@testable import CPFKit

@Suite("FF1")
struct FF1Tests {
    static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")
    static func numerals(_ text: String) -> [Int] { text.map { alphabet.firstIndex(of: $0)! } }
    static func text(_ numerals: [Int]) -> String { String(numerals.map { alphabet[$0] }) }

    static let key128 = "2B7E151628AED2A6ABF7158809CF4F3C"
    static let key192 = key128 + "EF4359D8D580AA4F"
    static let key256 = key192 + "7F036D6F04FC6A94"

    /// NIST's FF1 examples (samples 1–9), for AES-128, -192 and -256.
    static let samples: [(sample: Int, key: String, radix: Int, tweak: String, plaintext: String, ciphertext: String)] =
        [
            (1, key128, 10, "", "0123456789", "2433477484"),
            (2, key128, 10, "39383736353433323130", "0123456789", "6124200773"),
            (3, key128, 36, "3737373770717273373737", "0123456789abcdefghi", "a9tv40mll9kdu509eum"),
            (4, key192, 10, "", "0123456789", "2830668132"),
            (5, key192, 10, "39383736353433323130", "0123456789", "2496655549"),
            (6, key192, 36, "3737373770717273373737", "0123456789abcdefghi", "xbj3kv35jrawxv32ysr"),
            (7, key256, 10, "", "0123456789", "6657667009"),
            (8, key256, 10, "39383736353433323130", "0123456789", "1001623463"),
            (9, key256, 36, "3737373770717273373737", "0123456789abcdefghi", "xs8a0azh2avyalyzuwd"),
        ]

    @Test("encrypts and decrypts every NIST FF1 sample", arguments: samples)
    func nistSample(sample: Int, key: String, radix: Int, tweak: String, plaintext: String, ciphertext: String) {
        let ff1 = FF1(key: bytes(hex: key), radix: radix)!
        let encrypted = ff1.encrypt(Self.numerals(plaintext), tweak: bytes(hex: tweak))
        #expect(encrypted.map(Self.text) == ciphertext, "sample \(sample)")
        #expect(
            ff1.decrypt(Self.numerals(ciphertext), tweak: bytes(hex: tweak)).map(Self.text) == plaintext,
            "sample \(sample)")
    }

    @Test("decrypting undoes encrypting for random keys, tweaks, radixes and lengths")
    func roundTrip() {
        var random = SplitMix64(seed: 14)
        for _ in 0..<2000 {
            let keyLength = [16, 24, 32][Int(random.next() % 3)]
            let key = (0..<keyLength).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let radix = [2, 8, 10, 16, 26, 36, 256, 1000][Int(random.next() % 8)]
            let ff1 = FF1(key: key, radix: radix)!
            let tweak = (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // From the shortest length with a domain of a million to the
            // longest whose halves fit in 64 bits.
            var minimum = 2
            while ff1.prepare(length: minimum, tweak: tweak) == nil { minimum += 1 }
            var maximum = minimum
            while ff1.prepare(length: maximum + 1, tweak: tweak) != nil { maximum += 1 }
            let length = minimum + Int(random.next() % UInt64(maximum - minimum + 1))
            let plaintext = (0..<length).map { _ in Int(random.next() % UInt64(radix)) }
            let ciphertext = ff1.encrypt(plaintext, tweak: tweak)!
            #expect(ciphertext.count == length)
            #expect(ciphertext.allSatisfy { $0 >= 0 && $0 < radix })
            #expect(ff1.decrypt(ciphertext, tweak: tweak) == plaintext)
        }
    }

    @Test("is a permutation: distinct plaintexts never share a ciphertext")
    func permutation() {
        // Six digits, the smallest decimal domain FF1 allows: a sample of it.
        let prepared = FF1(key: bytes(hex: Self.key256), radix: 10)!.prepare(length: 6, tweak: [1, 2, 3])!
        var seen = Set<UInt64>()
        var inRange = true
        for value in stride(from: UInt64(0), to: 1_000_000, by: 7) {
            let (a, b) = prepared.encrypt(value / 1000, value % 1000, modulusU: 1000, modulusV: 1000)
            inRange = inRange && a < 1000 && b < 1000
            seen.insert(a * 1000 + b)
        }
        #expect(inRange)
        #expect(seen.count == (1_000_000 + 6) / 7)
    }

    @Test("the tweak changes the ciphertext")
    func tweakMatters() {
        let ff1 = FF1(key: bytes(hex: Self.key256), radix: 10)!
        let plaintext = [3, 9, 0, 5, 3, 3, 4, 4, 7]
        #expect(ff1.encrypt(plaintext, tweak: []) != ff1.encrypt(plaintext, tweak: [0]))
        #expect(ff1.encrypt(plaintext, tweak: Array("a".utf8)) != ff1.encrypt(plaintext, tweak: Array("b".utf8)))
    }

    @Test("refuses domains below a million and halves above 64 bits")
    func domainLimits() {
        let ff1 = FF1(key: bytes(hex: Self.key128), radix: 10)!
        #expect(ff1.prepare(length: 5, tweak: []) == nil)
        #expect(ff1.prepare(length: 6, tweak: []) != nil)
        #expect(ff1.prepare(length: 38, tweak: []) != nil)
        #expect(ff1.prepare(length: 40, tweak: []) == nil)
        #expect(ff1.encrypt([1, 2, 3], tweak: []) == nil)
        #expect(ff1.encrypt([1, 2, 3, 4, 5, 10], tweak: []) == nil)
        #expect(FF1(key: bytes(hex: Self.key128), radix: 1) == nil)
        #expect(FF1(key: bytes(hex: Self.key128), radix: 65_537) == nil)
    }
}
