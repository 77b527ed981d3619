// Tests of Input/DeferredCopy.swift: the pieces of a long line wait in a
// spill file until it is known whether the line is wanted.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DeferredCopy")
struct DeferredCopyTests {
    /// Feeds pieces with their decisions to a DeferredCopy; returns the output.
    private func copy(_ steps: [(String, Bool?)], resetFirst: Bool = true) -> String {
        var copy = DeferredCopy()
        let output = capturedOutput { out in
            if resetFirst { copy.reset() }
            for (piece, decided) in steps {
                withBytes(Array(piece.utf8)) { copy.add($0, decided: decided, to: out) }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func undecidedPiecesAreCopiedOnceTheLineIsWanted() {
        #expect(copy([("aa", nil), ("bb", nil), ("cc", true), ("dd", true)]) == "aabbccdd")
    }

    @Test func undecidedPiecesAreDroppedWhenTheLineIsNotWanted() {
        #expect(copy([("aa", nil), ("bb", nil), ("cc", false), ("dd", false)]) == "")
    }

    @Test func theFirstDecisionHolds() {
        #expect(copy([("aa", nil), ("bb", true), ("cc", nil), ("dd", false)]) == "aabbccdd")
        #expect(copy([("aa", false), ("bb", true)]) == "")
        #expect(copy([("aa", true), ("bb", nil)]) == "aabb")
    }

    @Test func resetStartsANewLine() {
        var copy = DeferredCopy()
        let output = capturedOutput { out in
            withBytes(Array("old".utf8)) { copy.add($0, decided: nil, to: out) }
            copy.reset()
            withBytes(Array("new".utf8)) { copy.add($0, decided: nil, to: out) }
            withBytes(Array("!".utf8)) { copy.add($0, decided: true, to: out) }
            copy.reset()
            withBytes(Array("gone".utf8)) { copy.add($0, decided: false, to: out) }
        }
        #expect(String(decoding: output, as: UTF8.self) == "new!")
    }

    /// Pieces of 40 KiB: the second goes past what is held in memory, so a
    /// temporary file is needed, in a folder that does not exist.
    private func unheld(_ fallback: DeferredCopy.Fallback, _ decisions: [Bool?]) -> (
        output: [UInt8], failure: Errno?, isCopied: Bool
    ) {
        var copy = DeferredCopy(fallback: fallback, directory: "/nonexistent-cpf-test-folder")
        let output = capturedOutput { out in
            for (index, decided) in decisions.enumerated() {
                withBytes(Array(repeating: UInt8(ascii: "a") + UInt8(index), count: 40 << 10)) {
                    copy.add($0, decided: decided, to: out)
                }
            }
        }
        return (output, copy.failure, copy.isCopied)
    }

    @Test("pieces that cannot be held are copied out unchanged with the copy fallback, the first decision ignored")
    func unheldPiecesAreCopied() {
        let (output, failure, isCopied) = unheld(.copy, [nil, nil, false])
        #expect(failure == Errno(rawValue: ENOENT))
        #expect(isCopied)
        #expect(output == (0..<3).flatMap { Array(repeating: UInt8(ascii: "a") + UInt8($0), count: 40 << 10) })
    }

    @Test("pieces that cannot be held are left out with the drop fallback, whatever is decided later")
    func unheldPiecesAreLeftOut() {
        let (output, failure, isCopied) = unheld(.drop, [nil, nil, true])
        #expect(failure == Errno(rawValue: ENOENT))
        #expect(!isCopied)
        #expect(output.isEmpty)
    }

    @Test("a short undecided line is held in memory: no temporary file, so no failure")
    func shortLinesNeedNoFile() {
        let (output, failure, _) = unheld(.copy, [nil, true])
        #expect(failure == nil)
        #expect(output.count == 80 << 10)
    }
}
