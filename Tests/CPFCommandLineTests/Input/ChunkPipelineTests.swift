// Tests of Input/ChunkPipeline.swift: the chunks cover the input once and are
// emitted in order whatever the threads; each chunk's bytes are the input's,
// with the context on each side; each chunk gets the summaries of those
// before it; the run reads from the descriptor's offset and leaves it at the
// end; a read error ends the run after the chunks before it.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("ChunkPipeline")
struct ChunkPipelineTests {
    @Test(
        "chunks cover every byte once, emitted in order, each read with its context",
        arguments: [(1, 256), (2, 256), (3, 300), (4, 1000)])
    func chunks(threads: Int, chunkCapacity: Int) throws {
        var random = SplitMix64(seed: UInt64(threads * 7919 + chunkCapacity))
        let pipeline = ChunkPipeline(threads: threads, chunkCapacity: chunkCapacity)
        for size in [0, 1, 255, 256, 257, 511, 512, 2000, 5003, 20_000, 100_000] {
            let input = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            var emitted: [Int] = []
            var next = 0
            var lastReachesEnd = false
            try withFileDescriptor(containing: input) { descriptor in
                try pipeline.run(
                    descriptor,
                    work: { chunk in
                        // What the chunk read, checked on its thread, reported with it.
                        let scanned = Array(chunk.scanned)
                        let offset = chunk.scannedOffset
                        var good =
                            offset + scanned.count <= size && scanned == Array(input[offset..<offset + scanned.count])
                        good = good && offset == Swift.max(0, chunk.range.lowerBound - ChunkPipeline.context)
                        good =
                            good
                            && (chunk.reachesEnd
                                ? offset + scanned.count == size
                                : offset + scanned.count == chunk.range.upperBound + ChunkPipeline.context)
                        return good
                    },
                    emit: { chunk, good in
                        #expect(good, "chunk \(chunk.index) of \(size) bytes")
                        #expect(chunk.range.lowerBound == next)
                        #expect(Array(chunk.owned) == Array(input[chunk.range]))
                        next = chunk.range.upperBound
                        emitted.append(chunk.index)
                        lastReachesEnd = chunk.reachesEnd
                    })
            }
            #expect(next == size)
            #expect(emitted == Array(emitted.indices))
            #expect(lastReachesEnd)
        }
    }

    @Test("each chunk gets the summaries of the chunks before it, folded in order", arguments: [1, 2, 3])
    func summaries(threads: Int) throws {
        let pipeline = ChunkPipeline(threads: threads, chunkCapacity: 300)
        let input = [UInt8](repeating: 0x61, count: 10_000)
        var befores: [[Int]] = []
        try withFileDescriptor(containing: input) { descriptor in
            try pipeline.run(
                descriptor, summary: { [$0.index] }, initial: [], combine: +,
                work: { chunk, before in
                    before
                },
                emit: { chunk, before in
                    befores.append(before)
                })
        }
        #expect(befores.count == 34)
        for (index, before) in befores.enumerated() {
            #expect(before == Array(0..<index))
        }
    }

    @Test("a run starts at the descriptor's offset and leaves it at the end", arguments: [1, 2])
    func offsets(threads: Int) throws {
        let pipeline = ChunkPipeline(threads: threads, chunkCapacity: 256)
        let input = (0..<3000).map { UInt8(truncatingIfNeeded: $0) }
        var seen: [UInt8] = []
        try withFileDescriptor(containing: input) { descriptor in
            try descriptor.seek(to: 1000)
            try pipeline.run(descriptor, work: { _ in () }, emit: { chunk, _ in seen += Array(chunk.owned) })
            #expect(try descriptor.currentOffset() == 3000)
        }
        #expect(seen == Array(input[1000...]))
    }

    @Test("work may rewrite a chunk's bytes; emit sees them", arguments: [1, 2, 3])
    func rewriting(threads: Int) throws {
        let pipeline = ChunkPipeline(threads: threads, chunkCapacity: 256)
        let input = Array(String(repeating: "abc ", count: 2000).utf8)
        var seen: [UInt8] = []
        try withFileDescriptor(containing: input) { descriptor in
            try pipeline.run(
                descriptor,
                work: { chunk in
                    for index in chunk.scanned.indices where chunk.scanned[index] == 0x62 {
                        chunk.scanned[index] = 0x42
                    }
                }, emit: { chunk, _ in seen += Array(chunk.owned) })
        }
        #expect(seen.count == input.count)
        #expect(seen == Array(String(repeating: "aBc ", count: 2000).utf8))
    }

    @Test("a read error ends the run, with the error", arguments: [1, 2])
    func readError(threads: Int) throws {
        let pipeline = ChunkPipeline(threads: threads, chunkCapacity: 256)
        let descriptor = try FileDescriptor.openForReading("/")
        defer { descriptor.close() }
        var emitted = 0
        #expect(throws: Errno.isDirectory) {
            try pipeline.run(descriptor, work: { _ in () }, emit: { chunk, _ in emitted += chunk.range.count })
        }
        #expect(emitted == 0)
        // The pipeline is ready for the next input.
        try withFileDescriptor(containing: Array("abc".utf8)) { descriptor in
            try pipeline.run(descriptor, work: { _ in () }, emit: { chunk, _ in emitted += chunk.range.count })
        }
        #expect(emitted == 3)
    }
}
