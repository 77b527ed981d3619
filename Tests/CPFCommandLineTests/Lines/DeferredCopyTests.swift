// Tests of Lines/DeferredCopy.swift: the pieces of a long line wait in a
// spill file until it is known whether the line is wanted.

@testable import CPFCommandLine
import CPFTestSupport
import CPFSystem
import Testing

@Suite("DeferredCopy")
struct DeferredCopyTests {
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
}
