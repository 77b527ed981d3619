// Tests of CPF+StreamingParser.swift: the parser fed an input in pieces.
// It uses SplitMix64, CPFInputGenerator, allParsingOptions and parseBytes
// from CPF+BytesTests.swift.

import CPFKit
import Testing

/// Feeds `pieces` (as text) to a new parser and returns its result.
private func streamed(_ pieces: [[UInt8]], options: CPF.ParsingOptions = .lenient) -> Result<CPF, CPFValidationError> {
    var parser = CPF.StreamingParser(options: options)
    for piece in pieces {
        piece.withUnsafeBytes { parser.consume($0) }
    }
    return parser.result
}

private func pieces(_ texts: String...) -> [[UInt8]] { texts.map { Array($0.utf8) } }

/// Feeds `bytes` to a new parser cut into random pieces: empty pieces, 1-byte
/// pieces, single bytes through `consume(_: UInt8)` and longer pieces up to
/// `maxPiece` bytes. When `checkEveryPrefix` is set, also checks after every
/// piece that the result so far is `CPF.parse` of the bytes consumed so far.
private func streamedInRandomPieces(
    _ bytes: [UInt8], options: CPF.ParsingOptions, rng: inout SplitMix64, maxPiece: Int, checkEveryPrefix: Bool,
    prefixMismatches: inout Int
) -> Result<CPF, CPFValidationError> {
    var parser = CPF.StreamingParser(options: options)
    bytes.withUnsafeBytes { all in
        var offset = 0
        while offset < all.count {
            let length: Int
            switch Int.random(in: 0...9, using: &rng) {
            case 0: length = 0
            case 1...4: length = 1
            default: length = Int.random(in: 1...min(maxPiece, all.count - offset), using: &rng)
            }
            if length == 1, Bool.random(using: &rng) {
                parser.consume(all[offset])
            } else if length == 0, Bool.random(using: &rng) {
                parser.consume(UnsafeRawBufferPointer(start: nil, count: 0))
            } else {
                parser.consume(UnsafeRawBufferPointer(rebasing: all[offset..<offset + length]))
            }
            offset += length
            if checkEveryPrefix,
                parser.result != CPF.parse(UnsafeRawBufferPointer(rebasing: all[..<offset]), options: options)
            {
                prefixMismatches += 1
                if prefixMismatches <= 10 {
                    Issue.record(
                        """
                        after \(offset) bytes of \(show(bytes)): \(parser.result) but parse says \
                        \(CPF.parse(UnsafeRawBufferPointer(rebasing: all[..<offset]), options: options))
                        """
                    )
                }
            }
        }
    }
    return parser.result
}

@Suite("StreamingParser: examples")
struct StreamingParserExampleTests {
    @Test("the documented example: 390.533. then 447-05 is 390.533.447-05")
    func documentedExample() {
        #expect(streamed(pieces("390.533.", "447-05")).map(\.formatted) == .success("390.533.447-05"))
    }

    @Test("a parser that has consumed nothing, or only space/tab/CR, says empty")
    func empty() {
        #expect(CPF.StreamingParser().result == .failure(.empty))
        #expect(streamed(pieces("", " \t", "", "\r ")) == .failure(.empty))
    }

    @Test("the parser keeps its options")
    func options() {
        #expect(CPF.StreamingParser().options == .lenient)
        #expect(CPF.StreamingParser(options: .strict).options == .strict)
        #expect(streamed(pieces("390 533 ", "447 05"), options: .strict) == .failure(.format))
    }

    @Test(
        "positions count every byte consumed, across pieces",
        arguments: [
            (pieces("  ", "39", "a"), CPFValidationError.invalidCharacter("a", position: 5)),
            (pieces("390", "\t", "533447-05"), .invalidCharacter("\t", position: 4)),
            (pieces("390 ", "\r", " 533447-05"), .invalidCharacter("\r", position: 5)),
            (pieces("39053344705", "\r", "\n"), .invalidCharacter("\r", position: 12)),
            ([Array("39".utf8), [0xEF], [0xBC, 0x93]], .invalidCharacter("\u{FF13}", position: 3)),
            ([Array("39".utf8), [0xE2, 0x82], [0x20]], .invalidCharacter("\u{FFFD}", position: 3)),
            ([[0xF0], [0x9F], [0x91], [0x8D]], .invalidCharacter("\u{1F44D}", position: 1)),
            (pieces("39053344705", "\t", "", " \r"), nil),
        ] as [([[UInt8]], CPFValidationError?)])
    func positions(input: [[UInt8]], error: CPFValidationError?) {  // nil: a valid CPF
        if let error {
            #expect(streamed(input) == .failure(error))
        } else {
            #expect(streamed(input).map(\.digits) == .success("39053344705"))
        }
    }

    @Test("the result can be asked for at any time and follows the input so far")
    func resultSoFar() {
        var parser = CPF.StreamingParser()
        Array("390.533.447".utf8).withUnsafeBytes { parser.consume($0) }
        #expect(parser.result == .failure(.length(digitCount: 9)))
        Array("-05".utf8).withUnsafeBytes { parser.consume($0) }
        #expect(parser.result.map(\.digits) == .success("39053344705"))
        parser.consume(UInt8(ascii: "6"))
        #expect(parser.result == .failure(.length(digitCount: 12)))
    }
}

@Suite("StreamingParser: isSettled")
struct StreamingParserSettledTests {
    @Test("the documented example: 12 digits are settled")
    func documentedExample() {
        var parser = CPF.StreamingParser()
        Array("123456789012".utf8).withUnsafeBytes { parser.consume($0) }
        #expect(parser.isSettled)
    }

    @Test(
        "an input that could still become a CPF is not settled",
        arguments: [
            "", "   ", "390.533.447-05", "39053344705", "390.533.447-0", "390.533.447-06", "11111111111", ".....",
            "390 533 ",
            "39053344705\t", "39053344705\r",
        ])
    func notSettled(text: String) {
        for options in allParsingOptions {
            var parser = CPF.StreamingParser(options: options)
            Array(text.utf8).withUnsafeBytes { parser.consume($0) }
            #expect(!parser.isSettled)
        }
    }

    @Test(
        "an invalid character or a twelfth digit settles the input",
        arguments: [
            "x", "  39a", "390.533.447-05x", "390\t5", "39053344705\r5", "\u{FF13}", "123.456.789-012",
            "1234567890123456789",
        ])
    func settled(text: String) {
        var parser = CPF.StreamingParser()
        Array(text.utf8).withUnsafeBytes { parser.consume($0) }
        #expect(parser.isSettled)
        if case .success = parser.result { Issue.record("\(text) settled but valid") }
    }

    @Test("once settled, a parser stays settled and ends invalid, whatever follows (20,000 random inputs)")
    func settledIsFinal() {
        var generator = CPFInputGenerator(seed: 0x5E77_1ED0)
        var failures = 0
        var settledCount = 0
        for _ in 0..<20_000 {
            let bytes = generator.next()
            for options in allParsingOptions {
                var parser = CPF.StreamingParser(options: options)
                var settledAt: Int?
                for (index, byte) in bytes.enumerated() {
                    parser.consume(byte)
                    if parser.isSettled, settledAt == nil { settledAt = index }
                    if settledAt != nil, !parser.isSettled {
                        failures += 1
                        if failures <= 10 { Issue.record("\(show(bytes)) \(options): unsettled after byte \(index)") }
                    }
                }
                if settledAt != nil {
                    settledCount += 1
                    if case .success = parser.result {
                        failures += 1
                        if failures <= 10 { Issue.record("\(show(bytes)) \(options): settled but valid") }
                    }
                }
            }
        }
        #expect(failures == 0)
        #expect(settledCount >= 10_000)
    }
}

@Suite("StreamingParser: agrees with CPF.parse however the input is cut")
struct StreamingParserPropertyTests {
    @Test(
        """
        random inputs cut into random pieces (empty and 1-byte pieces included) give the Result of CPF.parse, \
        after every piece, under all 8 option combinations
        """
    )
    func randomPieces() {
        var generator = CPFInputGenerator(seed: 0x5EED_0002_B17E_5EED)
        var cutter = SplitMix64(seed: 0xC07_C07_C07)
        var mismatches = 0
        var prefixMismatches = 0
        var invalidUTF8Inputs = 0
        for _ in 0..<20_000 {
            let bytes = generator.next()
            if String(validating: bytes, as: UTF8.self) == nil { invalidUTF8Inputs += 1 }
            for options in allParsingOptions {
                let expected = parseBytes(bytes, options: options)
                let got = streamedInRandomPieces(
                    bytes, options: options, rng: &cutter, maxPiece: 8, checkEveryPrefix: true,
                    prefixMismatches: &prefixMismatches)
                if got != expected {
                    mismatches += 1
                    if mismatches <= 10 {
                        Issue.record("\(show(bytes)) \(options): streamed \(got), parse \(expected)")
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(prefixMismatches == 0)
        #expect(invalidUTF8Inputs >= 1_000)
    }

    /// Long inputs (about 100 KB or more) and what every parser must say about them.
    static let longInputs: [(name: String, bytes: [UInt8], lenient: CPFValidationError?, strict: CPFValidationError?)] =
        {
            let spaces = [UInt8](repeating: 0x20, count: 100_000)
            let dots = [UInt8](repeating: 0x2E, count: 100_000)
            let blanks = Array(String(repeating: " \t\r", count: 35_000).utf8)
            let valid = Array("390.533.447-05".utf8)
            return [
                ("100 KB of spaces around a valid CPF", spaces + valid + spaces, nil, nil),
                ("105 KB of space/tab/CR around a valid CPF", blanks + valid + blanks, nil, nil),
                ("100 KB of dots between two digits", Array("3".utf8) + dots + Array("9053344705".utf8), nil, .format),
                ("100 KB of dots and spaces after a valid CPF", valid + dots + spaces, nil, .format),
                (
                    "a tab after 100 KB of spaces inside a CPF",
                    Array("390".utf8) + spaces + [0x09] + Array("53344705".utf8),
                    .invalidCharacter("\t", position: 100_004), .invalidCharacter("\t", position: 100_004)
                ),
                ("100,000 digits", [UInt8](repeating: 0x37, count: 100_000), .length(digitCount: 100_000), .format),
                (
                    "invalid UTF-8 after 100 KB of spaces", spaces + [0xC3, 0x28] + valid,
                    .invalidCharacter("\u{FFFD}", position: 100_001), .invalidCharacter("\u{FFFD}", position: 100_001)
                ),
                (
                    "a truncated sequence at the end of a 100 KB line", valid + spaces + [0xE2, 0x82],
                    .invalidCharacter("\u{FFFD}", position: 100_015), .invalidCharacter("\u{FFFD}", position: 100_015)
                ),
                (
                    "a fullwidth digit after 100 KB of spaces", spaces + Array("\u{FF13}".utf8),
                    .invalidCharacter("\u{FF13}", position: 100_001), .invalidCharacter("\u{FF13}", position: 100_001)
                ),
                (
                    "a NUL in the middle of 200 KB", spaces + [0x00] + spaces,
                    .invalidCharacter("\0", position: 100_001), .invalidCharacter("\0", position: 100_001)
                ),
                ("200 KB of spaces only", spaces + spaces, .empty, .empty),
            ]
        }()

    @Test(
        """
        long inputs give the same Result streamed in random pieces, streamed byte by byte, parsed whole and read \
        as a String
        """,
        arguments: 0..<longInputs.count)
    func longInput(index: Int) {
        let input = Self.longInputs[index]
        var rng = SplitMix64(seed: 0x10_0000 + UInt64(index))
        var unused = 0
        for options in allParsingOptions {
            let whole = parseBytes(input.bytes, options: options)
            let expected = options.format == .strict ? input.strict : input.lenient
            if let expected {
                #expect(whole == .failure(expected), "\(input.name), \(options)")
            } else {
                #expect(whole.map(\.digits) == .success("39053344705"), "\(input.name), \(options)")
            }
            #expect(
                String(decoding: input.bytes, as: UTF8.self).validatedCPF(options: options) == whole,
                "\(input.name), \(options)")
            let inPieces = streamedInRandomPieces(
                input.bytes, options: options, rng: &rng, maxPiece: 4096, checkEveryPrefix: false,
                prefixMismatches: &unused)
            #expect(inPieces == whole, "\(input.name), \(options)")
            var parser = CPF.StreamingParser(options: options)
            for byte in input.bytes { parser.consume(byte) }
            #expect(parser.result == whole, "\(input.name), \(options), byte by byte")
        }
    }
}
