// Tests of Input/LineReader.swift: splitting a descriptor's bytes into lines or
// CSV records, in pieces no longer than the reader's buffer.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

/// A piece as delivered, copied out of the reader's buffer.
struct CopiedPiece: Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    var terminator: [UInt8]
    var lineNumber: Int
    var isFirst: Bool
    var isLast: Bool

    var description: String {
        "\(show(bytes))+\(show(terminator))@\(lineNumber)\(isFirst ? "F" : "")\(isLast ? "L" : "")"
    }
}

/// A whole line or record: its pieces joined.
struct Line: Equatable, CustomStringConvertible {
    var content: [UInt8]
    var terminator: [UInt8]
    var lineNumber: Int
    var description: String { "\(show(content))+\(show(terminator))@\(lineNumber)" }
}

func pieces(of descriptor: FileDescriptor, capacity: Int, csvDelimiter: UInt8? = nil) throws(Errno) -> [CopiedPiece] {
    let reader = LineReader(capacity: capacity)
    var result: [CopiedPiece] = []
    try reader.forEachPiece(of: descriptor, csvDelimiter: csvDelimiter) { piece in
        result.append(
            CopiedPiece(
                bytes: Array(piece.bytes), terminator: Array(piece.terminator),
                lineNumber: piece.lineNumber, isFirst: piece.isFirst, isLast: piece.isLast))
    }
    return result
}

func pieces(of bytes: [UInt8], capacity: Int, csvDelimiter: UInt8? = nil) throws -> [CopiedPiece] {
    try withFileDescriptor(containing: bytes) { try pieces(of: $0, capacity: capacity, csvDelimiter: csvDelimiter) }
}

/// Joins pieces into lines, recording an issue when the pieces of one line
/// break the rules: the first alone is first, the last alone is last, only
/// the last has a terminator, all have the line's number, none is longer
/// than the capacity.
func joined(_ pieces: [CopiedPiece], capacity: Int, sourceLocation: SourceLocation = #_sourceLocation) -> [Line] {
    var lines: [Line] = []
    var current: Line?
    for piece in pieces {
        if piece.bytes.count > capacity {
            Issue.record(
                "piece of \(piece.bytes.count) bytes, more than the capacity \(capacity)",
                sourceLocation: sourceLocation)
        }
        if current == nil {
            if !piece.isFirst {
                Issue.record("line starts with a piece that is not first: \(piece)", sourceLocation: sourceLocation)
            }
            current = Line(content: [], terminator: [], lineNumber: piece.lineNumber)
        } else {
            if piece.isFirst { Issue.record("a first piece inside a line: \(piece)", sourceLocation: sourceLocation) }
            if piece.lineNumber != current!.lineNumber {
                Issue.record(
                    "piece numbered \(piece.lineNumber) in line \(current!.lineNumber)", sourceLocation: sourceLocation)
            }
        }
        current!.content += piece.bytes
        if piece.isLast {
            current!.terminator = piece.terminator
            lines.append(current!)
            current = nil
        } else if !piece.terminator.isEmpty {
            Issue.record("a piece that is not last has a terminator: \(piece)", sourceLocation: sourceLocation)
        }
    }
    if current != nil { Issue.record("the last line has no last piece", sourceLocation: sourceLocation) }
    return lines
}

/// The straightforward split: a BOM at the start dropped; lines end at LF
/// (CR LF when the line has a CR just before it); a last line without LF
/// counts; in CSV mode a LF inside a quoted field does not end the record.
func referenceLines(_ input: [UInt8], csvDelimiter: UInt8? = nil) -> [Line] {
    var bytes = input[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var lines: [Line] = []
    var lineNumber = 1
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let start = index
        var feedsInside = 0
        if let delimiter = csvDelimiter {
            // One field after another: a field that starts with a quote runs
            // to the quote not followed by another (`""` is a quote); what
            // follows up to the delimiter or line feed is unquoted.
            fields: while true {
                if index < bytes.endIndex, bytes[index] == 0x22 {
                    index += 1
                    while index < bytes.endIndex {
                        if bytes[index] == 0x22 {
                            if index + 1 < bytes.endIndex, bytes[index + 1] == 0x22 {
                                index += 2
                                continue
                            }
                            index += 1
                            break
                        }
                        if bytes[index] == 0x0A { feedsInside += 1 }
                        index += 1
                    }
                }
                while index < bytes.endIndex, bytes[index] != delimiter, bytes[index] != 0x0A { index += 1 }
                if index < bytes.endIndex, bytes[index] == delimiter {
                    index += 1
                    continue fields
                }
                break
            }
        } else {
            while index < bytes.endIndex, bytes[index] != 0x0A { index += 1 }
        }
        var content = Array(bytes[start..<index])
        var terminator: [UInt8] = []
        if index < bytes.endIndex {
            if content.last == 0x0D {
                content.removeLast()
                terminator = [0x0D, 0x0A]
            } else {
                terminator = [0x0A]
            }
            index += 1
        }
        lines.append(Line(content: content, terminator: terminator, lineNumber: lineNumber))
        lineNumber += 1 + feedsInside
    }
    return lines
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("LineReader")
struct LineReaderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let lines: [(String, String, Int)]
        var testDescription: String { show(Array(input.utf8)) }
    }

    @Test(
        "lines, terminators and numbers",
        arguments: [
            Case(input: "", lines: []),
            Case(input: "\n", lines: [("", "\n", 1)]),
            Case(input: "\n\n", lines: [("", "\n", 1), ("", "\n", 2)]),
            Case(input: "a\nbc\n", lines: [("a", "\n", 1), ("bc", "\n", 2)]),
            Case(input: "a\r\nbc\r\n", lines: [("a", "\r\n", 1), ("bc", "\r\n", 2)]),
            Case(input: "a\nlast", lines: [("a", "\n", 1), ("last", "", 2)]),
            Case(input: "\r\n", lines: [("", "\r\n", 1)]),
            Case(input: "a\rb\n", lines: [("a\rb", "\n", 1)]),
            Case(input: "end\r", lines: [("end\r", "", 1)]),
            Case(input: "a\r\r\n", lines: [("a\r", "\r\n", 1)]),
            Case(input: "\u{FEFF}bom\n", lines: [("bom", "\n", 1)]),
            Case(input: "\u{FEFF}", lines: []),
            Case(input: "\u{FEFF}\n", lines: [("", "\n", 1)]),
            Case(input: "a\n\u{FEFF}b\n", lines: [("a", "\n", 1), ("\u{FEFF}b", "\n", 2)]),
        ])
    func splitsLines(_ c: Case) throws {
        let expected = c.lines.map { Line(content: bytes($0.0), terminator: bytes($0.1), lineNumber: $0.2) }
        for capacity in [3, 8, 64, LineReader.defaultCapacity] {
            let lines = joined(try pieces(of: bytes(c.input), capacity: capacity), capacity: capacity)
            #expect(lines == expected, "capacity \(capacity)")
        }
    }

    @Test func aShortLineComesAsOneWholePiece() throws {
        let result = try pieces(of: bytes("390.533.447-05\n"), capacity: 64)
        #expect(
            result == [
                CopiedPiece(
                    bytes: bytes("390.533.447-05"), terminator: [0x0A], lineNumber: 1, isFirst: true, isLast: true)
            ])
    }

    @Test func aLineLongerThanTheBufferComesInPieces() throws {
        let long = String(repeating: "abcdefghij", count: 5)
        let result = try pieces(of: bytes(long + "\nnext\n"), capacity: 8)
        #expect(result.count > 2)
        #expect(result.dropLast().allSatisfy { $0.bytes.count <= 8 })
        #expect(result.first?.isFirst == true)
        #expect(result.first?.isLast == false)
        #expect(
            joined(result, capacity: 8) == [
                Line(content: bytes(long), terminator: [0x0A], lineNumber: 1),
                Line(content: bytes("next"), terminator: [0x0A], lineNumber: 2),
            ])
        #expect(
            result.last
                == CopiedPiece(bytes: bytes("next"), terminator: [0x0A], lineNumber: 2, isFirst: true, isLast: true))
    }

    @Test func aLongLastLineWithoutNewlineEndsWithALastPiece() throws {
        let long = bytes(String(repeating: "x", count: 20))
        let result = try pieces(of: long, capacity: 8)
        #expect(joined(result, capacity: 8) == [Line(content: long, terminator: [], lineNumber: 1)])
        #expect(result.last?.isLast == true)
    }

    @Test("CR LF split across two reads of a full buffer", arguments: 1...9)
    func crlfAcrossReads(prefixLength: Int) throws {
        // The CR falls at every position around the end of an 8-byte buffer.
        let content = bytes(String(repeating: "7", count: prefixLength))
        let input = content + [0x0D, 0x0A] + bytes("abc\n")
        let expected = [
            Line(content: content, terminator: [0x0D, 0x0A], lineNumber: 1),
            Line(content: bytes("abc"), terminator: [0x0A], lineNumber: 2),
        ]
        #expect(joined(try pieces(of: input, capacity: 8), capacity: 8) == expected)
        let viaPipe = try withPipe(feeding: input, inWritesOf: [prefixLength, 1, 1, 100], pauseMicroseconds: 2000) {
            try pieces(of: $0, capacity: 8)
        }
        #expect(joined(viaPipe, capacity: 8) == expected)
    }

    @Test func aCRAtTheEndOfAFullBufferNotFollowedByLFIsContent() throws {
        let input = bytes("1234567\rX\n")
        #expect(
            joined(try pieces(of: input, capacity: 8), capacity: 8) == [
                Line(content: bytes("1234567\rX"), terminator: [0x0A], lineNumber: 1)
            ])
        let crs = [UInt8](repeating: 0x0D, count: 30) + [0x0A]
        #expect(
            joined(try pieces(of: crs, capacity: 8), capacity: 8) == [
                Line(content: [UInt8](repeating: 0x0D, count: 29), terminator: [0x0D, 0x0A], lineNumber: 1)
            ])
    }

    @Test(
        "a byte order mark arriving in several reads is still skipped",
        arguments: [[1, 1, 1, 100], [1, 2, 100], [2, 100], [3, 100]])
    func byteOrderMarkInPieces(writes: [Int]) throws {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes("390.533.447-05\n")
        let result = try withPipe(feeding: input, inWritesOf: writes, pauseMicroseconds: 5000) {
            try pieces(of: $0, capacity: 16)
        }
        #expect(
            joined(result, capacity: 16) == [Line(content: bytes("390.533.447-05"), terminator: [0x0A], lineNumber: 1)])
    }

    @Test func aCutByteOrderMarkIsContent() throws {
        for input: [UInt8] in [[0xEF], [0xEF, 0xBB], [0xEF, 0xBB, 0x0A], [0xEF, 0x0A, 0xBF]] {
            let expected = referenceLines(input)
            #expect(joined(try pieces(of: input, capacity: 8), capacity: 8) == expected)
            let viaPipe = try withPipe(feeding: input, inWritesOf: [1], pauseMicroseconds: 3000) {
                try pieces(of: $0, capacity: 8)
            }
            #expect(joined(viaPipe, capacity: 8) == expected)
        }
        #expect(referenceLines([0xEF, 0xBB]) == [Line(content: [0xEF, 0xBB], terminator: [], lineNumber: 1)])
    }

    @Test func csvRecordsSpanLinesInsideQuotes() throws {
        let input = bytes("a,\"b\nc\",d\ne\n\"x\r\ny\"\r\nz")
        let expected = [
            Line(content: bytes("a,\"b\nc\",d"), terminator: [0x0A], lineNumber: 1),
            Line(content: bytes("e"), terminator: [0x0A], lineNumber: 3),
            Line(content: bytes("\"x\r\ny\""), terminator: [0x0D, 0x0A], lineNumber: 4),
            Line(content: bytes("z"), terminator: [], lineNumber: 6),
        ]
        #expect(referenceLines(input, csvDelimiter: 0x2C) == expected)
        for capacity in [3, 4, 8, 16, 1024] {
            #expect(
                joined(try pieces(of: input, capacity: capacity, csvDelimiter: 0x2C), capacity: capacity) == expected,
                "capacity \(capacity)")
        }
    }

    @Test func csvDoubledQuotesAndQuotesInsideUnquotedFields() throws {
        let input = bytes("\"a\"\"\nb\",c\nx\"y\nq\"\"\n")
        // `"a""⏎b"` is one field over two lines; in `x"y` the quote is an
        // ordinary byte; `q""` too.
        let expected = [
            Line(content: bytes("\"a\"\"\nb\",c"), terminator: [0x0A], lineNumber: 1),
            Line(content: bytes("x\"y"), terminator: [0x0A], lineNumber: 3),
            Line(content: bytes("q\"\""), terminator: [0x0A], lineNumber: 4),
        ]
        #expect(joined(try pieces(of: input, capacity: 8, csvDelimiter: 0x2C), capacity: 8) == expected)
    }

    @Test func csvAnUnclosedQuoteRunsToTheEnd() throws {
        let input = bytes("1,\"open\n2,3\n4\n")
        let expected = [Line(content: bytes("1,\"open\n2,3\n4\n"), terminator: [], lineNumber: 1)]
        #expect(joined(try pieces(of: input, capacity: 8, csvDelimiter: 0x2C), capacity: 8) == expected)
    }

    @Test func csvWithTabDelimiterOnlyQuotesAtFieldStarts() throws {
        let input = bytes("a\t\"b\nc\"\nd,\"e\nf\n")
        let expected = [
            Line(content: bytes("a\t\"b\nc\""), terminator: [0x0A], lineNumber: 1),
            Line(content: bytes("d,\"e"), terminator: [0x0A], lineNumber: 3),
            Line(content: bytes("f"), terminator: [0x0A], lineNumber: 4),
        ]
        #expect(joined(try pieces(of: input, capacity: 5, csvDelimiter: 0x09), capacity: 5) == expected)
    }

    @Test func theReaderCanBeReusedForAnotherInput() throws {
        let reader = LineReader(capacity: 8)
        for input in [bytes("\u{FEFF}one\ntwo"), bytes("\u{FEFF}three\n")] {
            var lines: [CopiedPiece] = []
            try withFileDescriptor(containing: input) { descriptor in
                try reader.forEachPiece(of: descriptor) { piece in
                    lines.append(
                        CopiedPiece(
                            bytes: Array(piece.bytes), terminator: Array(piece.terminator),
                            lineNumber: piece.lineNumber, isFirst: piece.isFirst, isLast: piece.isLast))
                }
            }
            #expect(joined(lines, capacity: 8) == referenceLines(input))
        }
    }

    @Test func aDirectoryCannotBeRead() throws {
        let directory = try FileDescriptor.openForReading("/tmp")
        defer { directory.close() }
        #expect(throws: Errno.isDirectory) { _ = try pieces(of: directory, capacity: 16) }
    }

    // MARK: - Property

    /// Random bytes, most of them line ends, CRs, quotes, commas and tabs.
    static func randomInput(_ generator: inout SeededGenerator) -> [UInt8] {
        let alphabet: [UInt8] = [
            0x0A, 0x0A, 0x0A, 0x0D, 0x0D, 0x22, 0x22, 0x2C, 0x2C, 0x09, 0x61, 0x31, 0x00, 0xFF, 0xEF,
        ]
        let length = Int.random(in: 0...(Bool.random(using: &generator) ? 24 : 200), using: &generator)
        var bytes = (0..<length).map { _ in
            Int.random(in: 0..<8, using: &generator) == 0
                ? UInt8.random(in: 0...255, using: &generator)
                : alphabet.randomElement(using: &generator)!
        }
        if Int.random(in: 0..<6, using: &generator) == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }

    @Test(
        "random inputs split with random small capacities match the reference",
        arguments: [nil, 0x2C, 0x09] as [UInt8?])
    func propertyMatchesReference(csvDelimiter: UInt8?) throws {
        var generator = SeededGenerator(seed: 0x5EED + UInt64(csvDelimiter ?? 0))
        var failures = 0
        for iteration in 0..<600 {
            let input = Self.randomInput(&generator)
            let capacity = Int.random(in: 3...40, using: &generator)
            let expected = referenceLines(input, csvDelimiter: csvDelimiter)
            let actual = joined(
                try pieces(of: input, capacity: capacity, csvDelimiter: csvDelimiter), capacity: capacity)
            if actual != expected {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        """
                        iteration \(iteration), capacity \(capacity), input \(show(input)):\n  got      \
                        \(actual)\n  expected \(expected)
                        """
                    )
                }
            }
        }
        #expect(failures == 0)
    }

    /// Many records per buffer: the CSV reader's quick path (a line feed
    /// with no quote before it ends the record) against the reference.
    @Test("many random inputs joined, in a large buffer, match the reference", arguments: [0x2C, 0x09] as [UInt8])
    func manyRecordsPerBufferMatchTheReference(csvDelimiter: UInt8) throws {
        var generator = SeededGenerator(seed: 0xC5F + UInt64(csvDelimiter))
        for _ in 0..<40 {
            var input: [UInt8] = []
            for _ in 0..<50 { input += Self.randomInput(&generator).drop { $0 == 0xEF } + [0x0A] }
            let expected = referenceLines(input, csvDelimiter: csvDelimiter)
            let capacity = Int.random(in: 64...4096, using: &generator)
            let actual = joined(
                try pieces(of: input, capacity: capacity, csvDelimiter: csvDelimiter), capacity: capacity)
            #expect(actual == expected, "input \(show(input)), capacity \(capacity)")
        }
    }

    @Test("random inputs through a pipe in random writes match the reference", arguments: [nil, 0x2C] as [UInt8?])
    func propertyThroughPipe(csvDelimiter: UInt8?) throws {
        var generator = SeededGenerator(seed: 0xB17E + UInt64(csvDelimiter ?? 0))
        var failures = 0
        for iteration in 0..<80 {
            let input = Self.randomInput(&generator)
            let capacity = Int.random(in: 3...24, using: &generator)
            let writes = (0..<4).map { _ in Int.random(in: 1...9, using: &generator) }
            let expected = referenceLines(input, csvDelimiter: csvDelimiter)
            let result = try withPipe(feeding: input, inWritesOf: writes, pauseMicroseconds: 50) {
                try pieces(of: $0, capacity: capacity, csvDelimiter: csvDelimiter)
            }
            let actual = joined(result, capacity: capacity)
            if actual != expected {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        """
                        iteration \(iteration), capacity \(capacity), writes \(writes), input \(show(input)):\n  \
                        got      \(actual)\n  expected \(expected)
                        """
                    )
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func referenceSplitsLikeTheSpec() {
        #expect(
            referenceLines(bytes("a\r\nb\nc")) == [
                Line(content: bytes("a"), terminator: [0x0D, 0x0A], lineNumber: 1),
                Line(content: bytes("b"), terminator: [0x0A], lineNumber: 2),
                Line(content: bytes("c"), terminator: [], lineNumber: 3),
            ])
        #expect(referenceLines(bytes("\"a\nb\",c\nd"), csvDelimiter: 0x2C).map(\.lineNumber) == [1, 3])
    }
}
