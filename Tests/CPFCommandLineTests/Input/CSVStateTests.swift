// Tests of Input/CSVState.swift: the RFC 4180 state machine that says which
// bytes are the content of which field.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// The content of each field of one record, as CSVState sees it.
private func fields(_ text: String, delimiter: UInt8 = 0x2C, quotes: Bool = true) -> [String] {
    var state = CSVState(delimiter: delimiter, quotes: quotes)
    var fields: [[UInt8]] = [[]]
    for byte in text.utf8 {
        let isContent = state.step(byte)
        while fields.count <= state.fieldIndex { fields.append([]) }
        if isContent { fields[state.fieldIndex].append(byte) }
    }
    return fields.map { String(decoding: $0, as: UTF8.self) }
}

@Suite("CSVState")
struct CSVStateTests {
    @Test(
        "without quotes (--raw), a quote is a byte and only the delimiter separates",
        arguments: [
            ("\"a\tb\"\tc", ["\"a", "b\"", "c"]),
            ("\"\"\t\\N", ["\"\"", "\\N"]),
            ("a\u{1}\"b", ["a\u{1}\"b"]),
        ] as [(String, [String])])
    func withoutQuotes(_ text: String, _ expected: [String]) {
        #expect(fields(text, delimiter: 0x09, quotes: false) == expected)
        // An opening quote opens nothing: a line feed still ends the record.
        var state = CSVState(delimiter: 0x09, quotes: false)
        _ = state.step(0x22)
        #expect(state.endsRecordAtLineFeed)
    }

    @Test(
        "fields and their content",
        arguments: [
            ("a,b,c", ["a", "b", "c"]),
            ("", [""]),
            (",,x", ["", "", "x"]),
            ("a,", ["a", ""]),
            ("\"a,b\",c", ["a,b", "c"]),
            ("\"a\"\"b\",c", ["a\"b", "c"]),
            ("\"\"\"\"", ["\""]),
            ("\"\"", [""]),
            ("\"\",x", ["", "x"]),
            ("a\"b,c", ["a\"b", "c"]),  // a quote inside an unquoted field is a byte
            ("\"a\"b,c", ["ab", "c"]),  // bytes after the closing quote are kept
            ("\"a\" ,c", ["a ", "c"]),
            (" \"a\",c", [" \"a\"", "c"]),  // a field starting with a space is unquoted
            ("\"line\nbreak\",2", ["line\nbreak", "2"]),
            ("\"390.533.447-05\"", ["390.533.447-05"]),
            ("\"unclosed,x", ["unclosed,x"]),
        ] as [(String, [String])])
    func splitsFields(_ line: String, _ expected: [String]) {
        #expect(fields(line) == expected)
    }

    @Test func otherDelimiters() {
        #expect(fields("a\tb,c\t\"d\te\"", delimiter: 0x09) == ["a", "b,c", "d\te"])
        #expect(fields("1;\"2;3\";4", delimiter: 0x3B) == ["1", "2;3", "4"])
    }

    @Test func aLineFeedEndsTheRecordOnlyOutsideQuotes() {
        var state = CSVState(delimiter: 0x2C)
        #expect(state.endsRecordAtLineFeed)
        for (byte, ends) in [
            ("a", true), (",", true), ("\"", false), ("x", false), ("\"", true), ("\"", false), ("\"", true),
            ("y", true),
        ] as [(Character, Bool)] {
            _ = state.step(byte.asciiValue!)
            #expect(state.endsRecordAtLineFeed == ends, "after \(byte)")
        }
    }

    @Test func phasesFollowTheBytes() {
        var state = CSVState(delimiter: 0x2C)
        #expect(state.phase == .fieldStart)
        #expect(state.step(UInt8(ascii: "\"")) == false)
        #expect(state.phase == .quoted)
        #expect(state.step(UInt8(ascii: ",")) == true)
        #expect(state.fieldIndex == 0)
        #expect(state.step(UInt8(ascii: "\"")) == false)
        #expect(state.phase == .quoteInQuoted)
        #expect(state.step(UInt8(ascii: "\"")) == true)
        #expect(state.phase == .quoted)
        #expect(state.step(UInt8(ascii: "\"")) == false)
        #expect(state.step(UInt8(ascii: ",")) == false)
        #expect(state.phase == .fieldStart)
        #expect(state.fieldIndex == 1)
        #expect(state.step(UInt8(ascii: "z")) == true)
        #expect(state.phase == .unquoted)
    }

    @Test func everyByteIsAcceptedWithoutError() {
        var generator = SeededGenerator(seed: 42)
        var state = CSVState(delimiter: 0x2C)
        var delimitersOutsideQuotes = 0
        var inQuotes = false
        for _ in 0..<10_000 {
            let byte = [0x22, 0x2C, 0x61, UInt8.random(in: 0...255, using: &generator)].randomElement(
                using: &generator)!
            let before = state.fieldIndex
            _ = state.step(byte)
            if state.fieldIndex != before { delimitersOutsideQuotes += 1 }
            inQuotes = state.phase == .quoted
            #expect(state.fieldIndex >= before)
        }
        #expect(state.fieldIndex == delimitersOutsideQuotes)
        _ = inQuotes
    }
}
