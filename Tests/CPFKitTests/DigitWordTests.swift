// Tests of DigitWord.swift: every bit-level primitive of the fast paths,
// for each of the 256 byte values at each of the eight positions of a word,
// against the readable rule.

import Testing

@testable import CPFKit

@Suite("DigitWord")
struct DigitWordTests {
    /// Bytes to surround the byte under test with: the edges of every class.
    static let backgrounds: [UInt8] = [0x00, 0x2B, 0x2C, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x7F, 0x80, 0xB0, 0xFF]

    /// The word whose byte `position` is `byte`, every other byte `background`.
    static func word(_ byte: UInt8, at position: Int, in background: UInt8) -> UInt64 {
        var bytes = [UInt8](repeating: background, count: 8)
        bytes[position] = byte
        return bytes.withUnsafeBytes { DigitWord.load($0.baseAddress!) }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    @Test("a word is loaded with its first byte in the low eight bits, on any machine")
    func loadIsLittleEndian() {
        let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]
        bytes.withUnsafeBytes { raw in
            #expect(DigitWord.load(raw.baseAddress!) == 0x0807_0605_0403_0201)
            #expect(DigitWord.load(raw.baseAddress!, at: 1) == 0x0908_0706_0504_0302)
        }
    }

    @Test("areDigits is true exactly when all eight bytes are ASCII digits", arguments: 0..<8)
    func areDigits(position: Int) {
        for byte in UInt8.min...UInt8.max {
            for background in Self.backgrounds {
                let expected = Self.isDigit(byte) && Self.isDigit(background)
                #expect(DigitWord.areDigits(Self.word(byte, at: position, in: background)) == expected)
            }
        }
    }

    @Test("digitBits and joinerBits mark exactly the digits and the bytes , - . /", arguments: 0..<8)
    func byteClasses(position: Int) {
        for byte in UInt8.min...UInt8.max {
            for background in Self.backgrounds {
                let word = Self.word(byte, at: position, in: background)
                var digits: UInt64 = 0
                var joiners: UInt64 = 0
                for index in 0..<8 {
                    let value = index == position ? byte : background
                    if Self.isDigit(value) { digits |= 0x80 << UInt64(8 * index) }
                    if (0x2C...0x2F).contains(value) { joiners |= 0x80 << UInt64(8 * index) }
                }
                #expect(DigitWord.digitBits(word) == digits)
                #expect(DigitWord.joinerBits(word) == joiners)
            }
        }
    }

    @Test(
        "asciiLetterBits marks exactly the ASCII letters, and bytesEqual exactly the bytes asked for", arguments: 0..<8)
    func lettersAndEqualBytes(position: Int) {
        let backgrounds = Self.backgrounds + [0x0A, 0x0D, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0xC1, 0xE1]
        for byte in UInt8.min...UInt8.max {
            for background in backgrounds {
                let word = Self.word(byte, at: position, in: background)
                var letters: UInt64 = 0
                var lineFeeds: UInt64 = 0
                var same: UInt64 = 0
                for index in 0..<8 {
                    let value = index == position ? byte : background
                    if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) {
                        letters |= 0x80 << UInt64(8 * index)
                    }
                    if value == 0x0A { lineFeeds |= 0x80 << UInt64(8 * index) }
                    if value == byte { same |= 0x80 << UInt64(8 * index) }
                }
                #expect(DigitWord.asciiLetterBits(word) == letters)
                #expect(DigitWord.bytesEqual(word, 0x0A) == lineFeeds)
                #expect(DigitWord.bytesEqual(word, byte) == same)
            }
        }
    }

    @Test("gatherHighBits puts the high bit of byte i in bit i, for all 256 patterns")
    func gatherHighBits() {
        for pattern in 0..<256 {
            var word: UInt64 = 0
            for index in 0..<8 where pattern >> index & 1 == 1 { word |= 0x80 << UInt64(8 * index) }
            #expect(DigitWord.gatherHighBits(word) == UInt64(pattern))
        }
    }

    @Test("packedDigits and asciiDigits turn each digit at each position into its nibble and back", arguments: 0..<8)
    func packing(position: Int) {
        for digit in UInt8(0)...9 {
            for background in UInt8(0)...9 {
                let word = Self.word(0x30 | digit, at: position, in: 0x30 | background)
                var expected: UInt64 = 0
                for index in 0..<8 { expected = expected << 4 | UInt64(index == position ? digit : background) }
                #expect(DigitWord.packedDigits(word) == expected)
                #expect(DigitWord.asciiDigits(UInt32(expected)) == word)
            }
        }
    }

    @Test("weightedSum weighs each digit at each position with the weight of its lane", arguments: 0..<8)
    func weightedSum(position: Int) {
        let weights = [10, 9, 8, 7, 6, 5, 4, 3]  // the weights of the first eight digits of a base
        for digit in 0...9 {
            let word = UInt64(digit) << UInt64(8 * position)
            #expect(
                DigitWord.weightedSum(word, 0xA_0008_0006_0004, 0x9_0007_0005_0003) == UInt32(digit * weights[position])
            )
            #expect(DigitWord.weightedSum(word, 0x1_0001_0001_0001, 0x1_0001_0001_0001) == UInt32(digit))
        }
        #expect(DigitWord.weightedSum(0x0909_0909_0909_0909, 0xA_0008_0006_0004, 0x9_0007_0005_0003) == 9 * 52)
    }

    @Test("the check digits of packed bases agree with the readable rule")
    func checkDigitsOfPacked() {
        var random = SplitMix64(seed: 7)
        var bases = (0..<2000).map { _ in Int(random.next() % 1_000_000_000) }
        for position in 0..<9 {
            for digit in 1...9 { bases.append(digit * (0..<position).reduce(1) { p, _ in p * 10 }) }
        }
        for base in bases {
            let text = String(repeating: "0", count: 9 - String(base).count) + String(base)
            let (first, second) = DigitWord.checkDigits(ofPacked: CPF.packedDigits(of: base))
            let expected = try? CPF.CheckDigits(base: text)
            #expect(CPF.CheckDigits(first: Int(first), second: Int(second)) == expected, "\(text)")
        }
    }

    @Test("the check digits of packed bases are those of the digits weighed one by one")
    func checkDigitsOfPackedOneByOne() {
        var random = SplitMix64(seed: 27)
        for _ in 0..<200_000 {
            var base: UInt64 = 0
            var weighted: UInt32 = 0
            var plain: UInt32 = 0
            for index in 0..<9 {
                let digit = UInt32(random.next() % 10)
                base = base << 4 | UInt64(digit)
                weighted += UInt32(10 - index) * digit
                plain += digit
            }
            let (first, second) = DigitWord.checkDigits(weighted: weighted, plain: plain)
            let found = DigitWord.checkDigits(ofPacked: base)
            #expect(UInt32(found.0) == first && UInt32(found.1) == second, "\(String(base, radix: 16))")
        }
    }

    @Test("isRepeated is true for the ten repeated numbers and no other")
    func isRepeated() {
        for digit in UInt64(0)...9 { #expect(DigitWord.isRepeated(packed: digit * 0x111_1111_1111)) }
        var random = SplitMix64(seed: 11)
        for _ in 0..<5000 {
            var packed: UInt64 = 0
            var digits: [UInt64] = []
            for _ in 0..<11 {
                let digit = random.next() % (random.next() % 2 == 0 ? 2 : 10)
                digits.append(digit)
                packed = packed << 4 | digit
            }
            #expect(DigitWord.isRepeated(packed: packed) == (Set(digits).count == 1))
        }
    }

    @Test("isValidEleven and packedEleven agree with the readable rule on 11 ASCII digits")
    func eleven() {
        var random = SplitMix64(seed: 13)
        var texts = (0...9).map { String(repeating: String($0), count: 11) }
        for _ in 0..<5000 {
            let base = String((0..<9).map { _ in Character(String(random.next() % 10)) })
            let digits = (try? CPF.CheckDigits(base: base))!
            let other = String(String(random.next() % 100 + 100).suffix(2))
            let ending: String = random.next() % 2 == 0 ? digits.description : other
            texts.append(base + ending)
        }
        for text in texts {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { raw in
                let front = DigitWord.load(raw.baseAddress!)
                let back = DigitWord.load(raw.baseAddress!, at: 3)
                #expect(DigitWord.isValidEleven(front: front, back: back) == text.isValidCPF, "\(text)")
                let repeated = DigitWord.isValidEleven(front: front, back: back, allowsRepeatedDigits: true)
                #expect(repeated == (text.cpfError(options: .init(allowsRepeatedDigits: true)) == nil), "\(text)")
                let packed = text.utf8.reduce(UInt64(0)) { $0 << 4 | UInt64($1 - 0x30) }
                #expect(DigitWord.packedEleven(front: front, back: back) == packed)
            }
        }
    }
}
