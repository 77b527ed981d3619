// Tests of CPFSystem/TemporaryFile.swift: the anonymous temporary file.

@testable import CPFSystem
import CPFTestSupport
import Testing

@Suite("TemporaryFile")
struct TemporaryFileTests {
    @Test func whatIsAppendedReadsBackFromTheStart() throws {
        let file = try TemporaryFile()
        try withBytes(Array("first ".utf8)) { try file.append($0) }
        try withBytes(Array("second".utf8)) { try file.append($0) }
        try file.moveToStart()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
        #expect(Array(buffer[..<count]) == Array("first second".utf8))
    }

    @Test func writingAfterMovingToTheStartWritesOverTheStart() throws {
        let file = try TemporaryFile()
        try withBytes(Array("abcdef".utf8)) { try file.append($0) }
        try file.moveToStart()
        try withBytes(Array("XY".utf8)) { try file.append($0) }
        try file.moveToStart()
        var buffer = [UInt8](repeating: 0, count: 4)
        let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
        #expect(Array(buffer[..<count]) == Array("XYcd".utf8))
    }
}
