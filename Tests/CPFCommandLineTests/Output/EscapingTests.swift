// Tests of Output/Escaping.swift: readable, JSON and CSV forms of raw bytes.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

private func readableEscaped(_ bytes: [UInt8], quote: UInt8? = UInt8(ascii: "'")) -> String {
    String(
        decoding: capturedOutput { out in withBytes(bytes) { Escaping.writeReadable($0, quote: quote, to: out) } },
        as: UTF8.self)
}

private func jsonEscaped(_ bytes: [UInt8]) -> [UInt8] {
    capturedOutput { out in withBytes(bytes) { Escaping.writeJSONString($0, to: out) } }
}

private func csvEscaped(_ bytes: [UInt8]) -> String {
    String(decoding: capturedOutput { out in withBytes(bytes) { Escaping.writeCSVField($0, to: out) } }, as: UTF8.self)
}

/// Decodes the inside of a JSON string with JSONSerialization.
private func decodeJSONString(_ inside: [UInt8]) throws -> String? {
    try JSONSerialization.jsonObject(with: Data([0x22] + inside + [0x22]), options: .fragmentsAllowed) as? String
}

@Suite("Escaping")
struct EscapingTests {
    @Test(
        "length of a UTF-8 sequence",
        arguments: [
            ([0xC3, 0xA9], 2),
            ([0xC2, 0x80], 2),
            ([0xDF, 0xBF], 2),
            ([0xC0, 0x80], 0),  // overlong
            ([0xC1, 0xBF], 0),  // overlong
            ([0xC3], 0),  // cut
            ([0xC3, 0x41], 0),
            ([0xE2, 0x82, 0xAC], 3),  // €
            ([0xE0, 0xA0, 0x80], 3),
            ([0xE0, 0x9F, 0xBF], 0),  // overlong
            ([0xED, 0x9F, 0xBF], 3),
            ([0xED, 0xA0, 0x80], 0),  // surrogate
            ([0xEF, 0xBB, 0xBF], 3),  // BOM
            ([0xE2, 0x82], 0),  // cut
            ([0xE2, 0x82, 0x41], 0),
            ([0xE2, 0x41, 0x82], 0),
            ([0xF0, 0x9F, 0x98, 0x80], 4),  // 😀
            ([0xF0, 0x8F, 0xBF, 0xBF], 0),  // overlong
            ([0xF4, 0x8F, 0xBF, 0xBF], 4),  // U+10FFFF
            ([0xF4, 0x90, 0x80, 0x80], 0),  // beyond U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], 0),
            ([0xF0, 0x9F, 0x98], 0),  // cut
            ([0x80], 0),
            ([0xBF, 0x80], 0),
            ([0xFF], 0),
        ] as [([UInt8], Int)])
    func utf8SequenceLength(_ bytes: [UInt8], _ length: Int) {
        #expect(withBytes(bytes) { Escaping.utf8SequenceLength($0, at: 0) } == length)
        // The same sequence after other bytes.
        #expect(withBytes([0x41] + bytes) { Escaping.utf8SequenceLength($0, at: 1) } == length)
    }

    @Test func utf8SequenceLengthAgreesWithTheStandardLibrary() {
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<20_000 {
            let bytes = (0..<4).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) }
            let length = withBytes(bytes) { Escaping.utf8SequenceLength($0, at: 0) }
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            let expected: Int
            if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
                expected = encoded.count
            } else {
                expected = 0
            }
            #expect(length == expected, "\(show(bytes))")
        }
    }

    @Test(
        "readable form",
        arguments: [
            ("abc", "'", "abc"),
            ("390.533.447-05", "'", "390.533.447-05"),
            ("it's", "'", "it\\'s"),
            ("it's", nil, "it's"),
            ("a\\b", "'", "a\\\\b"),
            ("a\tb\rc\nd", "'", "a\\tb\\rc\\nd"),
            ("\u{0}\u{1}\u{1F}\u{7F}", "'", "\\x00\\x01\\x1f\\x7f"),
            ("é€😀", "'", "é€😀"),
            ("\"", "'", "\""),
        ] as [(String, String?, String)])
    func readableForm(_ input: String, _ quote: String?, _ expected: String) {
        #expect(readableEscaped(Array(input.utf8), quote: quote.map { UInt8(ascii: Unicode.Scalar($0)!) }) == expected)
    }

    @Test func readableFormEscapesInvalidUTF8ByteByByte() {
        #expect(readableEscaped([0xFF, 0xC3, 0x41, 0xE2, 0x82, 0xC3, 0xA9]) == "\\xff\\xc3A\\xe2\\x82é")
    }

    @Test(
        "JSON string",
        arguments: [
            ("abc", "abc"),
            ("a\"b", "a\\\"b"),
            ("a\\b", "a\\\\b"),
            ("\n\r\t", "\\n\\r\\t"),
            ("\u{0}\u{1F}", "\\u0000\\u001f"),
            // DEL, C1 controls and format characters are escaped too, as the report escapes them.
            ("\u{7F}", "\\u007f"),
            ("\u{1B}[2J\u{9B}31m", "\\u001b[2J\\u009b31m"),
            ("a\u{202E}b\u{2066}c\u{200B}\u{FEFF}\u{2028}", "a\\u202eb\\u2066c\\u200b\\ufeff\\u2028"),
            ("\u{E0001}", "\\udb40\\udc01"),
            ("é😀", "é😀"),
            ("/", "/"),
        ])
    func jsonString(_ input: String, _ expected: String) {
        #expect(String(decoding: jsonEscaped(Array(input.utf8)), as: UTF8.self) == expected)
    }

    @Test("every Unicode scalar: a JSON string holds it raw only when the report would, and reads back to it")
    func jsonStringOfEveryScalar() throws {
        // All scalars in one output (one temporary file, not a million), each
        // followed by a `|` written directly: no UTF-8 sequence holds 0x7C.
        let scalars = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter { $0 != "|" }
        let output = capturedOutput(capacity: 1 << 20) { out in
            for scalar in scalars {
                withBytes(Array(String(scalar).utf8)) { Escaping.writeJSONString($0, to: out) }
                out.write(byte: UInt8(ascii: "|"))
            }
        }
        let pieces = output.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).dropLast()
        try #require(pieces.count == scalars.count)
        var disagreements: [String] = []
        for (scalar, piece) in zip(scalars, pieces) {
            let value = scalar.value
            let isRaw = Array(piece) == Array(String(scalar).utf8)
            let shownAsIs =
                value >= 0x20 && value != 0x7F && value != 0x22 && value != 0x5C
                && !Escaping.isHiddenOnTerminal(value)
            if isRaw != shownAsIs { disagreements.append(String(value, radix: 16)) }
            if !isRaw, try decodeJSONString(Array(piece)) != String(scalar) {
                disagreements.append("decoded " + String(value, radix: 16))
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(40))")
    }

    @Test func jsonStringReplacesEachInvalidByte() {
        #expect(
            String(decoding: jsonEscaped([0x41, 0xFF, 0xE2, 0x82, 0x42]), as: UTF8.self) == "A\\ufffd\\ufffd\\ufffdB")
    }

    @Test func jsonStringIsValidJSONForAnyBytes() throws {
        var generator = SeededGenerator(seed: 1234)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0...0x7F, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            let decoded = try #require(try decodeJSONString(jsonEscaped(bytes)), "\(show(bytes))")
            // The text comes back, with U+FFFD where the bytes were not UTF-8.
            let original = String(decoding: bytes, as: UTF8.self)
            #expect(
                decoded.unicodeScalars.filter { $0 != "\u{FFFD}" }.map(\.value)
                    == original.unicodeScalars.filter { $0 != "\u{FFFD}" }.map(\.value), "\(show(bytes))")
            if String(validating: bytes, as: UTF8.self) != nil {
                #expect(decoded == original)
            }
        }
    }

    @Test(
        "CSV field",
        arguments: [
            ("abc", "abc"),
            ("", ""),
            ("a,b", "\"a,b\""),
            ("a\"b", "\"a\"\"b\""),
            ("\"", "\"\"\"\""),
            ("a\nb", "\"a\nb\""),
            ("a\rb", "\"a\rb\""),
            ("a b\t;", "a b\t;"),
            ("é", "é"),
        ])
    func csvField(_ input: String, _ expected: String) {
        #expect(csvEscaped(Array(input.utf8)) == expected)
    }

    @Test func csvFieldParsesBackToItsBytes() {
        var generator = SeededGenerator(seed: 77)
        let alphabet = Array("ab,\"\n\r x".utf8)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let text = csvEscaped(bytes) + "\n"
            #expect(
                parseCSV(text) == [[String(decoding: bytes, as: UTF8.self)]]
                    || (bytes.isEmpty && parseCSV(text) == [[""]]),
                "\(show(bytes)) -> \(text.debugDescription)")
        }
    }
}

@Suite("Escaping: what a terminal must never receive")
struct EscapingTerminalSafetyTests {
    @Test(
        "C1 controls, bidi overrides and isolates, format characters and separators are shown as \\u{…}",
        arguments: [
            ("\u{9B}31m", "\\u{009b}31m"),
            ("a\u{202E}b", "a\\u{202e}b"),
            ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
            ("\u{200B}\u{FEFF}\u{AD}", "\\u{200b}\\u{feff}\\u{00ad}"),
            ("\u{2028}\u{2029}", "\\u{2028}\\u{2029}"),
            ("\u{E0001}", "\\u{e0001}"),
            ("\u{1B}]0;title\u{07}", "\\x1b]0;title\\x07"),
            ("é€😀名", "é€😀名"),
        ])
    func hiddenCharacters(_ input: String, _ expected: String) {
        #expect(readableEscaped(Array(input.utf8), quote: nil) == expected)
    }

    @Test(
        """
        every Unicode scalar: escaped exactly when the standard library's data calls it a control, a format \
        character or a separator
        """
    )
    func everyScalarAgreesWithUnicodeData() {
        var disagreements: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(Character(scalar)).utf8)
            var sink = ByteArraySink()
            bytes.withUnsafeBytes { Escaping.writeReadable($0, quote: nil, into: &sink) }
            let escaped = sink.bytes != bytes
            let hidden: Bool
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: hidden = true
            default: hidden = false
            }
            if escaped != hidden { disagreements.append(String(value, radix: 16)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(40))")
    }

    @Test("readable text of arguments is cut at 64 KiB, then …")
    func cut() {
        #expect(
            Escaping.readable(RawText(String(repeating: "a", count: 70_000))) == String(repeating: "a", count: 1 << 16)
                + "…")
        #expect(Escaping.readable("a\u{1B}", quote: UInt8(ascii: "'")) == "a\\x1b")
        #expect(Escaping.isPlain("Seu CPF: a\\b"))
        #expect(!Escaping.isPlain("a\u{202E}"))
        #expect(!Escaping.isPlain(RawText([0x61, 0xFF])))
    }
}
