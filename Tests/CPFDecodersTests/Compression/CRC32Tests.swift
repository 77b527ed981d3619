import CPFDecoders
import Testing

@Suite("CRC32")
struct CRC32Tests {
    /// The catalogue of parametrised CRC algorithms (CRC-32/ISO-HDLC) gives
    /// the check value of "123456789"; the others are Python's zlib.crc32.
    @Test(
        "matches published check values",
        arguments: [
            ("123456789", 0xCBF4_3926 as UInt32),
            ("", 0),
            ("a", 0xE8B7_BE43),
            ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
        ])
    func publishedValues(text: String, expected: UInt32) {
        #expect(CRC32.checksum(of: Array(text.utf8)) == expected)
    }

    @Test("agrees with zlib.crc32 on random data of many sizes")
    func agreesWithZlib() throws {
        let sizes = [1, 7, 8, 9, 15, 16, 17, 255, 4096, 100_003]
        var blob: [UInt8] = []
        for (index, size) in sizes.enumerated() { blob += SampleData.random(size, seed: UInt64(index)) }
        let printed = try python(
            """
            import sys, zlib
            data = sys.stdin.buffer.read()
            sizes = \(sizes)
            at = 0
            for s in sizes:
                print(zlib.crc32(data[at:at + s]))
                at += s
            """, input: blob)
        let expected = String(decoding: printed, as: UTF8.self).split(separator: "\n").map { UInt32($0)! }
        var at = 0
        var computed: [UInt32] = []
        for size in sizes {
            computed.append(CRC32.checksum(of: blob[at..<at + size]))
            at += size
        }
        #expect(computed == expected)
    }

    @Test("gives the same value whatever the pieces the input comes in")
    func piecesDoNotMatter() {
        var random = SeededRandom(seed: 7)
        let data = SampleData.random(10_000, seed: 3)
        let whole = CRC32.checksum(of: data)
        for _ in 0..<50 {
            var crc = CRC32()
            var at = 0
            while at < data.count {
                let size = min(Int.random(in: 0...40, using: &random), data.count - at)
                crc.update(data[at..<at + size])
                at += size
            }
            #expect(crc.value == whole)
        }
    }
}
