// Tests of CPFSystem/FileDescriptor.swift.

import CPFTestSupport
import Foundation
import Testing

@testable import CPFSystem

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FileDescriptor")
struct FileDescriptorTests {
    @Test func openingAMissingFileThrowsENOENT() {
        #expect(throws: Errno(rawValue: ENOENT)) { _ = try FileDescriptor.openForReading("/nonexistent/cpf-test-file") }
    }

    @Test func readingADirectoryThrowsEISDIR() throws {
        let descriptor = try FileDescriptor.openForReading("/")
        defer { descriptor.close() }
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(throws: Errno.isDirectory) {
            _ = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        }
    }

    @Test func readReturnsZeroAtTheEnd() throws {
        try withFileDescriptor(containing: Array("abc".utf8)) { descriptor in
            var buffer = [UInt8](repeating: 0, count: 16)
            let first = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            #expect(first == 3)
            #expect(Array(buffer[..<3]) == Array("abc".utf8))
            let second = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            #expect(second == 0)
        }
    }

    @Test func readingAtAnOffsetLeavesTheDescriptorsOffsetAlone() throws {
        try withFileDescriptor(containing: Array("abcdefgh".utf8)) { descriptor in
            var buffer = [UInt8](repeating: 0, count: 3)
            let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0, at: 4) }
            #expect(count == 3)
            #expect(buffer == Array("efg".utf8))
            #expect(try descriptor.currentOffset() == 0)
            let atEnd = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0, at: 8) }
            #expect(atEnd == 0)
        }
    }

    @Test func seekMovesWhereTheNextReadStarts() throws {
        try withFileDescriptor(containing: Array("abcdefgh".utf8)) { descriptor in
            try descriptor.seek(to: 6)
            #expect(try descriptor.currentOffset() == 6)
            var buffer = [UInt8](repeating: 0, count: 8)
            let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            #expect(Array(buffer[..<count]) == Array("gh".utf8))
        }
    }

    @Test func aPipeHasNoOffset() throws {
        let ends = makePipe()
        defer {
            close(ends.read)
            close(ends.write)
        }
        #expect(throws: Errno(rawValue: ESPIPE)) { _ = try FileDescriptor(rawValue: ends.read).currentOffset() }
    }

    @Test func writeAllWritesEverythingThroughAPipe() throws {
        let pipeEnds = makePipe()
        let fds = [pipeEnds.read, pipeEnds.write]
        let reader = FileDescriptor(rawValue: fds[0])
        let writer = FileDescriptor(rawValue: fds[1])
        // More than a pipe holds, so the writes are short and must loop.
        let data = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let box = DataBox()
        let group = DispatchGroup()
        let readEnd = fds[0]
        DispatchQueue.global().async(group: group) { box.data = readToEnd(readEnd) }
        try withBytes(data) { try writer.writeAll($0) }
        writer.close()
        group.wait()
        reader.close()
        #expect(Array(box.data) == data)
    }

    @Test func standardDescriptorsHaveTheirNumbers() {
        #expect(FileDescriptor.standardInput.rawValue == 0)
        #expect(FileDescriptor.standardOutput.rawValue == 1)
        #expect(FileDescriptor.standardError.rawValue == 2)
    }
}
