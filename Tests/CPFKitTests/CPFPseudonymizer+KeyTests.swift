import CPFKit
import Testing

@Suite("CPFPseudonymizer.Key")
struct CPFPseudonymizerKeyTests {
    static let hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

    @Test("is made from 32 bytes or 64 hexadecimal digits, either case")
    func makes() {
        let fromBytes = CPFPseudonymizer.Key(bytes: (0..<32).map { UInt8($0) })!
        #expect(fromBytes.hexadecimal == Self.hex)
        #expect(CPFPseudonymizer.Key(hexadecimal: Self.hex)?.hexadecimal == Self.hex)
        #expect(CPFPseudonymizer.Key(hexadecimal: Self.hex.uppercased())?.hexadecimal == Self.hex)
    }

    @Test(
        "refuses other lengths and other characters",
        arguments: [
            "", "00", String(hex.dropLast()), hex + "0", hex + "00", hex + " ", " " + hex, "\n",
            String(hex.dropLast()) + "g", String(hex.dropLast(2)) + "é",
        ])
    func refuses(text: String) {
        #expect(CPFPseudonymizer.Key(hexadecimal: text) == nil)
    }

    @Test("refuses byte counts other than 32", arguments: [0, 16, 24, 31, 33])
    func refusesByteCounts(count: Int) {
        #expect(CPFPseudonymizer.Key(bytes: [UInt8](repeating: 1, count: count)) == nil)
    }

    @Test("never shows its bytes in descriptions, debug descriptions or dumps")
    func hidesBytes() {
        let key = CPFPseudonymizer.Key(hexadecimal: String(repeating: "ab", count: 32))!
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, key.debugDescription, "\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains("ab"))
            #expect(!text.contains("171"))
        }
        #expect(key.description == "CPFPseudonymizer.Key(256 bits, hidden)")
    }

    @Test(
        "a key file's trailing line break is accepted, nothing more",
        arguments: [("\n", true), ("\r\n", true), ("", true), ("\n\n", false), (" ", false), ("\r", false)])
    func trailingLineBreak(suffix: String, accepted: Bool) {
        let digits = String(repeating: "0f", count: 32)
        let key = CPFPseudonymizer.Key(hexadecimal: digits + suffix)
        #expect((key != nil) == accepted)
        #expect(key.map(\.hexadecimal) == (accepted ? digits : nil))
    }

    @Test func aRandomKeyComesFromTheGeneratorGiven() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let key = CPFPseudonymizer.Key.random(using: &first)
        #expect(key.hexadecimal == CPFPseudonymizer.Key.random(using: &second).hexadecimal)
        #expect(key.hexadecimal.count == 64)
        // The system's: two keys in a row differ (a chance of 2^-256 that they do not).
        #expect(CPFPseudonymizer.Key.random().hexadecimal != CPFPseudonymizer.Key.random().hexadecimal)
    }
}
