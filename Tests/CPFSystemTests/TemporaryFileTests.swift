// Tests of CPFSystem/TemporaryFile.swift: temporary files that leave no
// name behind.

import CPFTestSupport
import Foundation
import Testing

@testable import CPFSystem

@Suite("TemporaryFile")
struct TemporaryFileTests {
    @Test func anUnnamedFileLeavesNothingInItsFolderAndHoldsWhatIsWritten() throws {
        let directory = TemporaryDirectory()
        let file = try TemporaryFile.makeUnnamed(in: directory.url.path)
        defer { file.close() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        let written = try withBytes(Array("abcdef".utf8)) { try file.write($0, at: 0) }
        #expect(written == 6)
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0, at: 2) }
        #expect(Array(buffer[..<count]) == Array("cdef".utf8))
        file.truncate()
        #expect(try buffer.withUnsafeMutableBytes { try file.read(into: $0, at: 0) } == 0)
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: Errno(rawValue: ENOENT)) { try TemporaryFile.makeUnnamed(in: "/nonexistent-cpf-test-folder") }
    }
}
