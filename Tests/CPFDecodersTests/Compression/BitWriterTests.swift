import Testing

@testable import CPFDecoders

@Suite("BitWriter")
struct BitWriterTests {
    @Test("packs values least significant bit first, as Python reads them back")
    func packsLikeRFC1951() throws {
        var random = SeededRandom(seed: 3)
        let writer = BitWriter()
        var fields: [(Int, Int)] = []
        for _ in 0..<2000 {
            let width = Int.random(in: 1...16, using: &random)
            let value = Int.random(in: 0..<(1 << width), using: &random)
            fields.append((value, width))
            writer.write(value, count: width)
        }
        writer.alignToByte()
        var bytes: [UInt8] = []
        writer.handOver { bytes.append(contentsOf: $0) }
        // Python reads the fields back from the bytes as one little-endian integer.
        let printed = try python(
            """
            import sys
            n = int.from_bytes(sys.stdin.buffer.read(), "little")
            fields = \(fields.map { [$0.0, $0.1] })
            at = 0
            for value, width in fields:
                assert (n >> at) & ((1 << width) - 1) == value, (at, value, width)
                at += width
            print(at)
            """, input: bytes)
        let total = fields.reduce(0) { $0 + $1.1 }
        #expect(String(decoding: printed, as: UTF8.self) == "\(total)\n")
        #expect(bytes.count == (total + 7) / 8)
    }

    @Test("appends whole bytes after aligning, and hands over nothing twice")
    func storedBytes() {
        let writer = BitWriter()
        writer.write(0b101, count: 3)
        writer.alignToByte()
        let stored: [UInt8] = [0xAB, 0xCD]
        stored.withUnsafeBufferPointer { writer.append($0) }
        var bytes: [UInt8] = []
        writer.handOver { bytes.append(contentsOf: $0) }
        writer.handOver { bytes.append(contentsOf: $0) }
        #expect(bytes == [0b101, 0xAB, 0xCD])
    }
}
