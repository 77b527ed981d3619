// Tests of Input/LiveSource.swift: the output is flushed before a read that
// may wait, and not while more input is ready.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@Suite("LiveSource")
struct LiveSourceTests {
    @Test func aFileIsAlwaysReadySoNothingIsFlushed() throws {
        var flushes = 0
        try withFileDescriptor(containing: Array(repeating: 0x41, count: 10_000)) { descriptor in
            var source = LiveSource(descriptor, flush: { flushes += 1 })
            var buffer = [UInt8](repeating: 0, count: 4096)
            while try buffer.withUnsafeMutableBytes({ try source.read(into: $0) }) > 0 {}
        }
        #expect(flushes == 0)
    }

    @Test func anEmptyPipeIsFlushedForBeforeWaiting() throws {
        let (readEnd, writeEnd) = makePipe()
        defer { close(readEnd) }
        var flushes = 0
        var source = LiveSource(
            FileDescriptor(rawValue: readEnd),
            flush: {
                flushes += 1
                // Only now does the writer give the rest.
                _ = write(writeEnd, "b", 1)
                close(writeEnd)
            })
        _ = write(writeEnd, "a", 1)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try source.read(into: $0) } == 1)  // ready: no flush
        #expect(flushes == 0)
        #expect(try buffer.withUnsafeMutableBytes { try source.read(into: $0) } == 1)  // short read before: flush first
        #expect(flushes == 1)
    }

    @Test func readersFlushBeforeWaitingOnAPipe() throws {
        var flushes = 0
        let reader = LineReader(capacity: 64, flush: { flushes += 1 })
        var lines = 0
        try withPipe(feeding: Array("1\n2\n3\n".utf8), inWritesOf: [2], pauseMicroseconds: 20_000) { descriptor in
            try reader.forEachPiece(of: descriptor) { _ in lines += 1 }
        }
        #expect(lines == 3)
        #expect(flushes >= 2)
    }

    @Test func aCancelledRunFindsTheEndOfItsInput() throws {
        let cancellation = Cancellation()
        let counts = try withFileDescriptor(containing: Array(repeating: 0x41, count: 100)) { descriptor in
            var source = LiveSource(descriptor, flush: {}, cancellation: cancellation)
            var buffer = [UInt8](repeating: 0, count: 10)
            let before = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            cancellation.cancel(with: .error)
            let after = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            return (before, after)
        }
        #expect(counts.0 == 10)
        #expect(counts.1 == 0)
    }
}
