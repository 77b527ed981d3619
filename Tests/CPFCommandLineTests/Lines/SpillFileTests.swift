// Tests of Lines/SpillFile.swift: the temporary file that holds the pieces of
// a long line until its verdict is known.

@testable import CPFCommandLine
import CPFTestSupport
import CPFSystem
import Testing

@Suite("SpillFile")
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
}
