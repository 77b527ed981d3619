// Tests of Input/SpillFile.swift: the temporary file that holds the pieces of
// a long line until its verdict is known.

import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

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

    @Test("up to 64 KiB are held in memory; more needs the folder of temporary files")
    func memoryFirstThenTheFolder() throws {
        let spill = SpillFile(directory: "/nonexistent-cpf-test-folder")
        try withBytes(Array(repeating: 0x20, count: SpillFile.memoryLimit)) { try spill.append($0) }
        #expect(throws: Errno(rawValue: ENOENT)) { try withBytes([0x31]) { try spill.append($0) } }
        #expect(spill.count == SpillFile.memoryLimit)
        let output = try capturedOutput { try spill.replay(to: $0) }
        #expect(output == Array(repeating: 0x20, count: SpillFile.memoryLimit))
    }

    @Test("the file is made in the folder given, with no name in it")
    func fileInTheFolderGiven() throws {
        let directory = TemporaryDirectory()
        let spill = SpillFile(directory: directory.url.path)
        try withBytes(Array(repeating: 0x20, count: 200_000)) { try spill.append($0) }
        #expect(spill.count == 200_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        #expect(try capturedOutput { try spill.replay(to: $0) }.count == 200_000)
    }

    @Test("after a long line, a short one is held in memory again, not in the file kept for reuse")
    func shortLinesStayInMemory() throws {
        let spill = SpillFile()
        try withBytes(Array(repeating: 0x20, count: 200_000)) { try spill.append($0) }
        #expect(spill.isInFile)
        spill.discard()
        try withBytes(Array("short".utf8)) { try spill.append($0) }
        #expect(!spill.isInFile)
        #expect(try capturedOutput { try spill.replay(to: $0) } == Array("short".utf8))
    }

    @Test func theDirectoryIsTMPDIRElseTmp() {
        #expect(SpillFile.directory(in: ["TMPDIR": "/var/spool/x"]) == "/var/spool/x")
        #expect(SpillFile.directory(in: ["TMPDIR": ""]) == "/tmp")
        #expect(SpillFile.directory(in: [:]) == "/tmp")
    }
}
