// Tests of IO/SpillFile.swift: SpillFile, DeferredCopy and EchoCapture, which
// hold the pieces of a long line until its verdict is known.

@testable import cpf
import Testing

@Suite("SpillFile, DeferredCopy and EchoCapture")
struct SpillFileTests {
    @Test func spillFileReplaysWhatWasAppendedThenForgetsIt() throws {
        let spill = SpillFile()
        let output = try capturedOutput(capacity: 16) { out in
            try withBytes(Array("hello, ".utf8)) { try spill.append($0) }
            try withBytes(Array(String(repeating: "w", count: 100_000).utf8)) { try spill.append($0) }
            #expect(spill.count == 100_007)
            try spill.replay(to: out)
            #expect(spill.count == 0)
            try spill.replay(to: out)  // nothing left
        }
        #expect(output == Array("hello, ".utf8) + Array(repeating: UInt8(ascii: "w"), count: 100_000))
    }

    @Test func spillFileCanBeReusedAfterDiscard() throws {
        let spill = SpillFile()
        let output = try capturedOutput { out in
            try withBytes(Array("a long first line".utf8)) { try spill.append($0) }
            spill.discard()
            #expect(spill.count == 0)
            try withBytes(Array("two".utf8)) { try spill.append($0) }
            try spill.replay(to: out)
        }
        #expect(output == Array("two".utf8))
    }

    @Test func anEmptySpillFileReplaysNothing() throws {
        let spill = SpillFile()
        #expect(try capturedOutput { try spill.replay(to: $0) } == [])
    }

    /// Feeds pieces with their decisions to a DeferredCopy; returns the output.
    private func copy(_ steps: [(String, Bool?)], resetFirst: Bool = true) throws -> String {
        var copy = DeferredCopy()
        let output = try capturedOutput { out in
            if resetFirst { copy.reset() }
            for (piece, decided) in steps {
                try withBytes(Array(piece.utf8)) { try copy.add($0, decided: decided, to: out) }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func undecidedPiecesAreCopiedOnceTheLineIsWanted() throws {
        #expect(try copy([("aa", nil), ("bb", nil), ("cc", true), ("dd", true)]) == "aabbccdd")
    }

    @Test func undecidedPiecesAreDroppedWhenTheLineIsNotWanted() throws {
        #expect(try copy([("aa", nil), ("bb", nil), ("cc", false), ("dd", false)]) == "")
    }

    @Test func theFirstDecisionHolds() throws {
        #expect(try copy([("aa", nil), ("bb", true), ("cc", nil), ("dd", false)]) == "aabbccdd")
        #expect(try copy([("aa", false), ("bb", true)]) == "")
        #expect(try copy([("aa", true), ("bb", nil)]) == "aabb")
    }

    @Test func resetStartsANewLine() throws {
        var copy = DeferredCopy()
        let output = try capturedOutput { out in
            try withBytes(Array("old".utf8)) { try copy.add($0, decided: nil, to: out) }
            copy.reset()
            try withBytes(Array("new".utf8)) { try copy.add($0, decided: nil, to: out) }
            try withBytes(Array("!".utf8)) { try copy.add($0, decided: true, to: out) }
            copy.reset()
            try withBytes(Array("gone".utf8)) { try copy.add($0, decided: false, to: out) }
        }
        #expect(String(decoding: output, as: UTF8.self) == "new!")
    }

    @Test func echoCaptureKeepsTheFirstBytesAndSaysWhenItCut() {
        let echo = EchoCapture()
        withBytes(Array("abc".utf8)) { echo.append($0) }
        echo.append(UInt8(ascii: "d"))
        #expect(Array(echo.bytes) == Array("abcd".utf8))
        #expect(!echo.isTruncated)

        let big = [UInt8](repeating: 0x31, count: EchoCapture.limit - 4)
        withBytes(big) { echo.append($0) }
        #expect(echo.count == EchoCapture.limit)
        #expect(!echo.isTruncated)
        echo.append(UInt8(ascii: "x"))
        #expect(echo.isTruncated)
        withBytes(Array("yz".utf8)) { echo.append($0) }
        #expect(echo.count == EchoCapture.limit)
        #expect(Array(echo.bytes) == Array("abcd".utf8) + big)

        echo.reset()
        #expect(echo.count == 0)
        #expect(!echo.isTruncated)
        #expect(Array(echo.bytes) == [])
    }

    @Test func echoCaptureCutsAPieceThatOverflows() {
        let echo = EchoCapture()
        let piece = [UInt8](repeating: 0x41, count: EchoCapture.limit + 10)
        withBytes(piece) { echo.append($0) }
        #expect(echo.count == EchoCapture.limit)
        #expect(echo.isTruncated)
    }
}
