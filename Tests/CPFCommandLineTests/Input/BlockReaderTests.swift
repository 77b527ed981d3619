// Tests of Input/BlockReader.swift: every byte of the input, in order, in
// blocks no larger than the capacity, with room in front of each block.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The blocks a reader of `capacity` delivers for `descriptor`.
private func blocks(of descriptor: FileDescriptor, capacity: Int) throws -> [[UInt8]] {
    let reader = BlockReader(capacity: capacity)
    var result: [[UInt8]] = []
    try reader.forEachBlock(of: descriptor) { block in
        #expect(block.baseAddress == reader.blockStart)
        result.append(Array(block))
    }
    return result
}

@Suite("BlockReader")
struct BlockReaderTests {
    static let input: [UInt8] = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }

    @Test("a file comes whole, in order, in blocks of at most the capacity", arguments: [1, 7, 4096, 1 << 20])
    func file(capacity: Int) throws {
        let result = try withFileDescriptor(containing: Self.input) { try blocks(of: $0, capacity: capacity) }
        #expect(result.joined().elementsEqual(Self.input))
        #expect(result.allSatisfy { !$0.isEmpty && $0.count <= capacity })
    }

    @Test("a pipe's short reads come as they are", arguments: [[1], [3, 1000, 17], [64]])
    func pipe(writes: [Int]) throws {
        let result = try withPipe(feeding: Self.input, inWritesOf: writes) { try blocks(of: $0, capacity: 512) }
        #expect(result.joined().elementsEqual(Self.input))
        #expect(result.allSatisfy { !$0.isEmpty && $0.count <= 512 })
    }

    @Test("an empty input gives no block")
    func empty() throws {
        #expect(try withFileDescriptor(containing: []) { try blocks(of: $0, capacity: 16) }.isEmpty)
    }

    @Test("the headroom in front of a block can take the bytes kept from the last one")
    func headroom() throws {
        let reader = BlockReader(capacity: 4)
        var joined: [UInt8] = []
        var kept = 0
        try withFileDescriptor(containing: Array("abcdefghij".utf8)) { descriptor in
            try reader.forEachBlock(of: descriptor) { block in
                // Keep the last byte of each block in front of the next one.
                let window = UnsafeRawBufferPointer(start: reader.blockStart - kept, count: kept + block.count)
                joined += window.dropLast()
                (reader.blockStart - 1).copyMemory(from: block.baseAddress! + block.count - 1, byteCount: 1)
                kept = 1
            }
        }
        joined.append((reader.blockStart - 1).load(as: UInt8.self))
        #expect(String(decoding: joined, as: UTF8.self) == "abcdefghij")
        #expect(BlockReader.headroom >= 16)
    }

    @Test("a read error is thrown")
    func readError() {
        let descriptor = FileDescriptor(rawValue: open("/", O_RDONLY | O_CLOEXEC))
        defer { descriptor.close() }
        #expect(throws: Errno.isDirectory) { try blocks(of: descriptor, capacity: 16) }
    }
}
