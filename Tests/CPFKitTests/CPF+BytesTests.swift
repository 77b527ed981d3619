// Tests of CPF+Bytes.swift: the byte-level parser `CPF.parse(_:options:)`,
// `CPF(base: Int)` and its check digits.
//
// This file also holds the seeded random generator and the random input
// generator that the other test files of this target use.

import CPFKit
import Testing

// MARK: - Shared test helpers

// The property tests draw their inputs from CPFKit's own seeded SplitMix64,
// so every run draws the same inputs.

/// The eight combinations of format, padding and repeated digits.
let allParsingOptions: [CPF.ParsingOptions] = [CPF.ParsingOptions.Format.lenient, .strict].flatMap { format in
    [false, true].flatMap { pads in
        [false, true].map { CPF.ParsingOptions(format: format, padsLeadingZeros: pads, allowsRepeatedDigits: $0) }
    }
}

/// `CPF.parse` on the bytes of an array.
func parseBytes(_ bytes: [UInt8], options: CPF.ParsingOptions) -> Result<CPF, CPFValidationError> {
    bytes.withUnsafeBytes { CPF.parse($0, options: options) }
}

/// Bytes shown for a failure message: the repaired text and the hex bytes.
func show(_ bytes: [UInt8]) -> String {
    let hex = bytes.prefix(64).map { String($0, radix: 16) }.joined(separator: " ")
    return
        "\(String(decoding: bytes.prefix(64), as: UTF8.self).debugDescription) [\(hex)\(bytes.count > 64 ? " …" : "")]"
}

/// The outcome of a parse as a short key, to tally what the random inputs covered.
func outcome(_ result: Result<CPF, CPFValidationError>) -> String {
    switch result {
    case .success: "success"
    case .failure(let error): error.code
    }
}

/// Random inputs, as UTF-8 bytes, for the property tests: valid CPFs (computed
/// with the readable rule of StringProtocol+CPF), masked, bare or with random
/// separators; repeated-digit numbers; digit runs of any length; junk ASCII;
/// random bytes (mostly invalid UTF-8); non-ASCII digits; then, for half of
/// them, one to three mutations (a digit changed, bytes swapped, a separator
/// inserted, a byte removed, space/tab/CR added around, a tab/CR/NUL/LF
/// inserted, a non-ASCII character or invalid UTF-8 inserted, a byte replaced).
struct CPFInputGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    static let separators = Array(".- ".utf8)
    static let surrounding = Array(" \t\r".utf8)
    static let controls: [UInt8] = [0x09, 0x0D, 0x00, 0x0A]
    static let junkAlphabet = Array("0123456789012345678901234567890123456789.-.-    \t\rabxX/,_+=\0\n".utf8)
    static let oddCharacters: [[UInt8]] = [
        Array("\u{FF13}".utf8), Array("\u{663}".utf8), Array("\u{B3}".utf8), Array("\u{301}".utf8),
        Array("\u{1F44D}".utf8),
        Array("\u{A0}".utf8), Array("\u{2013}".utf8), Array("\u{FFFD}".utf8), Array("\u{FEFF}".utf8),
        [0x80], [0xBF], [0xC3], [0xFF], [0xFE], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xE2, 0x82], [0xC0, 0xAF],
        [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE0, 0x80, 0x80],
        [0x00], [0x0A], [0x0B], [0x0C], [0x7F],
    ]

    /// The scalar values of non-ASCII forms of digit `d`.
    static func nonASCIIDigits(_ d: Int) -> [UInt32] {
        let superscript: UInt32 = d == 1 ? 0xB9 : d == 2 ? 0xB2 : d == 3 ? 0xB3 : 0x2070 + UInt32(d)
        return [0xFF10, 0x0660, 0x06F0, 0x0966, 0x1D7CE, 0x2080].map { $0 + UInt32(d) } + [superscript]
    }

    /// The 11 digits (0–9) of a valid CPF, computed with the readable rule.
    mutating func validDigits() -> [UInt8] {
        let base = (0..<9).map { _ in UInt8(int(0...9)) }
        let text = String(decoding: base.map { $0 | 0x30 }, as: UTF8.self)
        guard case .success(let check) = text.checkDigitsOfBase() else {
            preconditionFailure("nine digits have check digits")
        }
        return base + [UInt8(check.first), UInt8(check.second)]
    }

    /// Digits (0–9) written as ASCII in one of the shapes people use.
    mutating func written(_ digits: [UInt8]) -> [UInt8] {
        let ascii = digits.map { $0 | 0x30 }
        switch int(0...5) {
        case 0, 1:
            return ascii
        case 2, 3:
            return Self.grouped(ascii, separators: [0x2E, 0x2E, 0x2D])
        case 4:
            return Self.grouped(ascii, separators: [0x20, 0x20, 0x20])
        default:
            var out: [UInt8] = []
            for digit in ascii {
                if chance(30) { for _ in 0..<int(1...2) { out.append(pick(Self.separators)) } }
                out.append(digit)
            }
            if chance(20) { out.append(pick(Self.separators)) }
            return out
        }
    }

    /// Eleven digits as DDD?DDD?DDD?DD with the three given separators; other counts unchanged.
    static func grouped(_ ascii: [UInt8], separators: [UInt8]) -> [UInt8] {
        guard ascii.count == 11 else { return ascii }
        var out: [UInt8] = []
        for (index, digit) in ascii.enumerated() {
            if index == 3 { out.append(separators[0]) }
            if index == 6 { out.append(separators[1]) }
            if index == 9 { out.append(separators[2]) }
            out.append(digit)
        }
        return out
    }

    mutating func next() -> [UInt8] {
        var bytes: [UInt8]
        var mutations = chance(50) ? 0 : int(1...3)
        switch int(0...21) {
        case 0...7:
            bytes = written(validDigits())
        case 8:
            bytes = written(Array(repeating: UInt8(int(0...9)), count: 11))
        case 9, 10:
            let count = int(0...14)
            bytes = written((0..<count).map { _ in UInt8(int(0...9)) })
        case 11, 12:
            let count = int(0...24)
            bytes = (0..<count).map { _ in pick(Self.junkAlphabet) }
        case 13, 14:
            let count = int(0...16)
            bytes = (0..<count).map { _ in UInt8(int(0...255)) }
        case 15, 16:
            bytes = written(validDigits())
            let digitIndices = bytes.indices.filter { bytes[$0] &- 0x30 < 10 }
            let index = pick(digitIndices)
            if chance(70) {
                let scalar = Unicode.Scalar(pick(Self.nonASCIIDigits(Int(bytes[index] - 0x30))))!
                bytes.replaceSubrange(index...index, with: Array(String(scalar).utf8))
            } else {
                bytes.insert(contentsOf: Array(pick(["\u{301}", "\u{FE0F}\u{20E3}", "\u{308}"]).utf8), at: index + 1)
            }
        case 17...19:
            bytes = written(validDigits())
            mutations = int(1...3)
        default:
            bytes = spreadsheetNumber()
        }
        for _ in 0..<mutations { mutate(&bytes) }
        return bytes
    }

    /// A number of 1 to 12 digits (a valid CPF without its leading zeros, most
    /// often) as a spreadsheet writes it: `1091905720.0`, `1.09190572E+09`,
    /// or one of their near misses (a fraction that is not zero, digits lost to
    /// rounding, another exponent, a sign, lowercase).
    mutating func spreadsheetNumber() -> [UInt8] {
        var digits = chance(80) ? validDigits() : (0..<int(1...12)).map { _ in UInt8(int(0...9)) }
        while digits.count > 1, digits[0] == 0, chance(90) { digits.removeFirst() }
        let ascii = digits.map { $0 | 0x30 }
        if chance(40) {
            let fraction = (0..<int(0...3)).map { _ in chance(85) ? UInt8(ascii: "0") : UInt8(int(0x30...0x39)) }
            return ascii + (chance(95) ? [UInt8(ascii: ".")] : []) + fraction
        }
        var significant = Array(ascii.dropFirst())
        while significant.last == UInt8(ascii: "0"), chance(80) { significant.removeLast() }
        if chance(20) { significant.removeLast(min(significant.count, int(1...3))) }
        if chance(20) { significant += Array(repeating: UInt8(ascii: "0"), count: int(1...14)) }
        let mantissa = [ascii[0]] + (significant.isEmpty && chance(70) ? [] : [UInt8(ascii: ".")] + significant)
        let exponent = ascii.count - 1 + (chance(85) ? 0 : int(-2...2))
        let exponentText = chance(80) ? (exponent < 10 ? "0" : "") + String(exponent) : String(exponent)
        let sign = pick(["+", "+", "+", "", "-", "++"])
        return mantissa + Array((chance(80) ? "E" : "e").utf8) + Array((sign + exponentText).utf8)
    }

    mutating func mutate(_ bytes: inout [UInt8]) {
        switch int(0...8) {
        case 0:
            let digitIndices = bytes.indices.filter { bytes[$0] &- 0x30 < 10 }
            guard !digitIndices.isEmpty else { return }
            let index = pick(digitIndices)
            bytes[index] = 0x30 | UInt8((Int(bytes[index] - 0x30) + int(1...9)) % 10)
        case 1:
            guard bytes.count >= 2 else { return }
            let first = int(0...bytes.count - 2)
            let second = chance(50) ? first + 1 : int(0...bytes.count - 1)
            bytes.swapAt(first, second)
        case 2:
            bytes.insert(pick(Self.separators), at: int(0...bytes.count))
        case 3:
            guard !bytes.isEmpty else { return }
            bytes.remove(at: int(0...bytes.count - 1))
        case 4:
            let run = (0..<int(1...3)).map { _ in pick(Self.surrounding) }
            if chance(50) { bytes.insert(contentsOf: run, at: 0) } else { bytes.append(contentsOf: run) }
        case 5:
            bytes.insert(pick(Self.controls), at: int(0...bytes.count))
        case 6:
            bytes.insert(contentsOf: pick(Self.oddCharacters), at: int(0...bytes.count))
        case 7:
            guard !bytes.isEmpty else { return }
            bytes[int(0...bytes.count - 1)] = UInt8(int(0...255))
        default:
            let run = (0..<int(1...3)).map { _ in pick(Self.surrounding) }
            bytes.insert(contentsOf: run, at: 0)
            bytes.append(contentsOf: run.reversed())
        }
    }
}

// MARK: - CPF.parse

@Suite("CPF.parse: reading bytes")
struct ByteParserExampleTests {
    @Test("the documented example: a line ending in CR is a CPF")
    func documentedExample() {
        #expect(
            parseBytes(Array("390.533.447-05\r".utf8), options: .lenient).map(\.formatted) == .success("390.533.447-05")
        )
    }

    @Test("an empty buffer, with or without a base address, is empty")
    func emptyBuffer() {
        #expect(CPF.parse(UnsafeRawBufferPointer(start: nil, count: 0)) == .failure(.empty))
        let bytes: [UInt8] = [0x33, 0x39]
        bytes.withUnsafeBytes { all in
            #expect(CPF.parse(UnsafeRawBufferPointer(rebasing: all[1..<1])) == .failure(.empty))
        }
        #expect(parseBytes(Array(" \t\r \r".utf8), options: .strict) == .failure(.empty))
    }

    @Test("only the bytes of the buffer are read")
    func bufferBounds() {
        let bytes = Array("x390.533.447-05x".utf8)
        bytes.withUnsafeBytes { all in
            #expect(CPF.parse(UnsafeRawBufferPointer(rebasing: all[1..<15])).map(\.digits) == .success("39053344705"))
            #expect(CPF.parse(UnsafeRawBufferPointer(rebasing: all[1..<14])) == .failure(.length(digitCount: 10)))
        }
    }

    @Test(
        "bytes that are not valid UTF-8 are an invalid character U+FFFD at their byte position",
        arguments: [
            ([0x33, 0x39, 0xFF], 3), ([0x20, 0x20, 0x80, 0x33], 3), ([0xC3], 1), ([0x33, 0xC3, 0x20], 2),
            ([0x33, 0xE2, 0x82], 2), ([0xED, 0xA0, 0x80], 1), ([0xC0, 0xAF], 1), ([0xF4, 0x90, 0x80, 0x80], 1),
            (Array("390.533.447-05".utf8) + [0xFE], 15), (Array("\t390".utf8) + [0xF0, 0x9F, 0x91], 5),
        ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], position: Int) {
        for options in allParsingOptions {
            #expect(parseBytes(bytes, options: options) == .failure(.invalidCharacter("\u{FFFD}", position: position)))
        }
    }

    @Test(
        "a valid multi-byte character is decoded and reported at the byte position where it starts",
        arguments: [
            ("\u{FF13}\u{FF19}\u{FF10}.533.447-05", "\u{FF13}" as Unicode.Scalar, 1),
            ("390.533.447-0\u{2075}", "\u{2075}", 14),
            ("3\u{301}9053344705", "\u{301}", 2), ("390.533.447-05\u{1F44D}", "\u{1F44D}", 15),
            ("  \u{663}", "\u{663}", 3),
            ("\u{A0}39053344705", "\u{A0}", 1), ("39053344705\u{0}", "\u{0}", 12),
        ])
    func multiByte(text: String, scalar: Unicode.Scalar, position: Int) {
        #expect(
            parseBytes(Array(text.utf8), options: .lenient) == .failure(.invalidCharacter(scalar, position: position)))
    }

    @Test(
        "the byte parser gives the same Result as the readable rule on hand-picked inputs",
        arguments: [
            "390.533.447-05", "39053344705", "390 533 447 05", "  39a", "231.002.999-00", "111.111.111-11", "0", "191",
            "5334403",
            "390.533.447", "390533447-05", "390.533.447-05\r\n", "\t390.533.447-05\r", "390\t533", "", "   ", "...",
            "049.628.441-05", "000.000.000-00", "\u{FF13}90", "-39053344705-",
        ])
    func handPicked(text: String) {
        for options in allParsingOptions {
            #expect(parseBytes(Array(text.utf8), options: options) == text.validatedCPF(options: options))
        }
    }
}

@Suite("CPF.parse: agrees with the readable rule")
struct ByteParserPropertyTests {
    // The property, for every byte sequence b and every options o:
    //
    //     CPF.parse(b, o) == String(decoding: b, as: UTF8.self).validatedCPF(options: o)
    //
    // with no exception for invalid UTF-8. Why it can hold exactly: the first
    // character either parser rejects is preceded only by ASCII bytes (digits,
    // separators and trimmed white space), which the UTF-8 repair of
    // String(decoding:as:) keeps one for one, so the scalar position and the
    // byte position are the same number. At that position the repair yields
    // U+FFFD exactly when the bytes there do not start a valid scalar, and
    // CPF.parse reports U+FFFD in the same case. Trimming looks only at ASCII
    // space/tab/CR, which are never part of a repaired sequence. Bytes after the
    // first rejected character matter to neither. When the bytes are valid UTF-8,
    // the String is the same text, so the property is plain agreement.
    @Test(
        """
        CPF.parse gives exactly the result of CPF(validating:), for 20,000 random inputs under all 8 option \
        combinations
        """
    )
    func agreesWithReadableRule() {
        var generator = CPFInputGenerator(seed: 0x5EED_0001_B17E_5EED)
        var mismatches = 0
        var tally: [String: Int] = [:]
        var invalidUTF8Inputs = 0
        var invalidUTF8Agreements = 0
        for _ in 0..<20_000 {
            let bytes = generator.next()
            let text = String(decoding: bytes, as: UTF8.self)
            let isValidUTF8 = String(validating: bytes, as: UTF8.self) != nil
            if !isValidUTF8 { invalidUTF8Inputs += 1 }
            for options in allParsingOptions {
                let fast = parseBytes(bytes, options: options)
                let readable = text.validatedCPF(options: options)
                tally[outcome(fast), default: 0] += 1
                if fast != readable {
                    mismatches += 1
                    if mismatches <= 10 { Issue.record("\(show(bytes)) \(options): parse \(fast), String \(readable)") }
                } else if !isValidUTF8 {
                    invalidUTF8Agreements += 1
                }
            }
        }
        #expect(mismatches == 0)
        // The inputs reached every outcome often enough for the agreement to mean something.
        for key in ["success", "empty", "invalid-character", "format", "length", "repeated", "check-digits"] {
            #expect(tally[key, default: 0] >= 500, "only \(tally[key, default: 0]) \(key) outcomes: \(tally)")
        }
        #expect(invalidUTF8Inputs >= 1_000)
        #expect(invalidUTF8Agreements >= 8_000)
    }

    @Test(
        """
        CPF.isValidUTF8 is exactly whether the readable rule succeeds, for 20,000 random inputs under all 8 \
        option combinations
        """
    )
    func isValidAgreesWithReadableRule() {
        var generator = CPFInputGenerator(seed: 0x15_FA57)
        var mismatches = 0
        var validCount = 0
        for _ in 0..<20_000 {
            let bytes = generator.next()
            let text = String(decoding: bytes, as: UTF8.self)
            for options in allParsingOptions {
                let fast = bytes.withUnsafeBytes { CPF.isValidUTF8($0, options: options) }
                let readable: Bool
                if case .success = text.validatedCPF(options: options) { readable = true } else { readable = false }
                if fast { validCount += 1 }
                if fast != readable {
                    mismatches += 1
                    if mismatches <= 10 {
                        Issue.record("\(show(bytes)) \(options): isValid \(fast), String \(readable)")
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(validCount >= 10_000)
    }

    @Test(
        "CPF.isValidUTF8 on every shape of every valid number near a random one: bare, masked, one digit off, repeated")
    func isValidOnExactShapes() {
        var random = SplitMix64(seed: 77)
        for _ in 0..<3_000 {
            let cpf = CPFGenerator().next(using: &random)
            var variants = [cpf.digits, cpf.formatted]
            var digits = Array(cpf.digits.utf8)
            let index = Int(random.next() % 11)
            digits[index] = UInt8(ascii: "0") + (digits[index] - UInt8(ascii: "0") + 1 + UInt8(random.next() % 9)) % 10
            let changed = String(decoding: digits, as: UTF8.self)
            variants += [changed, CPFMask.apply(to: changed)]
            let repeated = String(repeating: String(random.next() % 10), count: 11)
            variants += [repeated, CPFMask.apply(to: repeated)]
            for text in variants {
                for options in allParsingOptions {
                    let fast = Array(text.utf8).withUnsafeBytes { CPF.isValidUTF8($0, options: options) }
                    #expect(fast == (text.cpfError(options: options) == nil), "\(text) \(options)")
                }
            }
        }
    }
}

// MARK: - CPF(base: Int) and its check digits

@Suite("CPF(base: Int) and its check digits")
struct IntegerBaseTests {
    @Test(
        "examples: 390533447 gives 390.533.447-05, 0 gives 000.000.000-00",
        arguments: [
            (390_533_447, "390.533.447-05"), (231_002_999, "231.002.999-81"), (111_444_777, "111.444.777-35"),
            (1, "000.000.001-91"), (53344, "000.053.344-03"), (49_628_441, "049.628.441-05"), (0, "000.000.000-00"),
            (999_999_999, "999.999.999-99"),
        ])
    func examples(base: Int, formatted: String) {
        #expect(CPF(base: base).formatted == formatted)
        #expect(CPF(base: base).checkDigits.description == String(formatted.suffix(2)))
    }

    @Test(
        """
        CPF(base: Int) and its check digits agree with CPF.CheckDigits(base:) on text for 20,000 random bases and \
        the edges
        """
    )
    func agreesWithReadableRule() throws {
        var rng = SplitMix64(seed: 0xBA5E_0000_0000_0009)
        let edges = [0, 1, 9, 10, 99_999_999, 100_000_000, 123_456_789, 999_999_998, 999_999_999]
        let bases = edges + (0..<20_000).map { _ in Int.random(in: 0..<1_000_000_000, using: &rng) }
        var failures = 0
        for base in bases {
            let digits = String(base)
            let text = String(repeating: "0", count: 9 - digits.count) + digits
            let readable = try text.checkDigitsOfBase().get()
            let value = CPF(base: base)
            let ok =
                value.digits == text + readable.description
                && value.checkDigits == readable
                && value.base == text
                && (try? CPF(base: text)) == value
            if !ok {
                failures += 1
                if failures <= 10 { Issue.record("base \(text): readable \(readable), CPF \(value)") }
            }
        }
        #expect(failures == 0)
    }

    @Test("a base outside 0…999,999,999 stops the program")
    func outOfRange() async {
        await #expect(processExitsWith: .failure) { _ = CPF(base: -1) }
        await #expect(processExitsWith: .failure) { _ = CPF(base: 1_000_000_000) }
    }
}
