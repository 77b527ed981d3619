import CPFDecoders
import Testing

@Suite("Inflater")
struct InflaterTests {
    /// Raw DEFLATE streams from zlib's own coverage test (test/infcover.c),
    /// with the output Python's zlib gives for them: its length and CRC-32.
    @Test(
        "decodes zlib's hand-made streams as zlib does",
        arguments: [
            ("3 0", 0, 0x0000_0000 as UInt32),  // empty fixed block
            ("1 1 0 fe ff 0", 1, 0xD202_EF8D),  // stored block of one NUL
            ("2 8 20 80 0 3 0", 0, 0x0000_0000),  // dynamic block, then fixed
            ("63 18 5 40 c 0", 262, 0xB8EA_39F0),  // long match in a fixed block
            ("ed c0 1 1 0 0 0 40 20 ff 57 1b 42 2c 4f", 516, 0xAC72_7B17),  // dynamic, long codes
            ("ed cf c1 b1 2c 47 10 c4 30 fa 6f 35 1d 1 82 59 3d fb be 2e 2a fc f c", 518, 0x838D_92AF),
        ])
    func zlibCoverageStreams(hex: String, count: Int, crc: UInt32) throws {
        let output = try Inflater.inflate(bytes(hex: hex))
        #expect(output.count == count)
        #expect(CRC32.checksum(of: output) == crc)
    }

    /// zlib's coverage test's invalid streams, each with the error zlib
    /// reports (in the comment) and the case that says the same here.
    @Test(
        "rejects zlib's invalid streams with the precise error",
        arguments: [
            ("6", InflateError.invalidBlockType),  // invalid block type
            ("0 0 0 0 0", .storedLengthMismatch(length: 0, complement: 0)),  // invalid stored block lengths
            // too many length or distance symbols
            ("fc 0 0", .invalidCodeLengths(.tooManyCodes(literalLength: 288, distance: 1))),
            ("4 0 fe ff", .invalidCodeLengths(.incomplete)),  // invalid code lengths set
            ("4 0 24 49 0", .invalidCodeLengths(.repeatWithoutPrevious)),  // invalid bit length repeat
            ("4 0 24 e9 ff ff", .invalidCodeLengths(.repeatPastEnd)),  // invalid bit length repeat
            ("4 0 24 e9 ff 6d", .invalidCodeLengths(.missingEndOfBlock)),  // invalid code -- missing end-of-block
            (
                """
                4 80 49 92 24 49 92 24 71 ff ff 93 11 0
                """, .invalidCodeLengths(.oversubscribed)
            ),  // invalid literal/lengths set
            ("4 80 49 92 24 49 92 24 f b4 ff ff c3 84", .invalidCodeLengths(.incomplete)),  // invalid distances set
            ("4 c0 81 8 0 0 0 0 20 7f eb b 0 0", .invalidCode),  // invalid literal/length code
            ("2 7e ff ff", .invalidDistanceSymbol(31)),  // invalid distance code
            (
                """
                c c0 81 0 0 0 0 0 90 ff 6b 4 0
                """, .distanceTooFarBack(distance: 1, available: 0)
            ),  // invalid distance too far back
        ])
    func zlibInvalidStreams(hex: String, expected: InflateError) {
        #expect(throws: expected) { try Inflater.inflate(bytes(hex: hex)) }
    }

    @Test(
        "decodes what zlib makes at every level and strategy",
        arguments: [
            ("text", 0, "Z_DEFAULT_STRATEGY"), ("text", 1, "Z_DEFAULT_STRATEGY"), ("text", 6, "Z_DEFAULT_STRATEGY"),
            ("text", 9, "Z_DEFAULT_STRATEGY"), ("text", 6, "Z_FIXED"), ("text", 6, "Z_HUFFMAN_ONLY"),
            ("text", 6, "Z_RLE"),
            ("random", 6, "Z_DEFAULT_STRATEGY"), ("random", 0, "Z_DEFAULT_STRATEGY"), ("random", 6, "Z_FIXED"),
            ("runs", 9, "Z_DEFAULT_STRATEGY"), ("runs", 6, "Z_FIXED"), ("zeros", 9, "Z_DEFAULT_STRATEGY"),
        ])
    func decodesZlib(kind: String, level: Int, strategy: String) throws {
        for (index, size) in [0, 1, 100, 40_000, 700_000].enumerated() {
            let data = SampleData.make(kind, size, seed: UInt64(index))
            let compressed = try zlibDeflate(data, level: level, strategy: strategy)
            let output = try Inflater.inflate(compressed)
            #expect(output == data, "\(kind) \(size) bytes at level \(level), \(strategy)")
        }
    }

    @Test("gives the same output whatever the pieces the input comes in")
    func piecesDoNotMatter() throws {
        let data = SampleData.text(300_000, seed: 11) + SampleData.random(50_000, seed: 12)
        let compressed = try zlibDeflate(data, level: 6)
        var random = SeededRandom(seed: 5)
        for maximumPiece in [1, 2, 3, 7, 64, 5000] {
            let inflater = Inflater()
            var output: [UInt8] = []
            var at = 0
            while at < compressed.count {
                let size = min(Int.random(in: 0...maximumPiece, using: &random), compressed.count - at)
                try inflater.decompress(compressed[at..<at + size]) { output.append(contentsOf: $0) }
                at += size
            }
            try inflater.finish()
            #expect(output == data, "pieces of at most \(maximumPiece) bytes")
        }
    }

    @Test("hands over what it decoded before an error, whatever the pieces")
    func outputBeforeAnError() throws {
        let data = SampleData.text(100_000, seed: 3)
        // zlib's blocks ended by a sync flush, then a block of the reserved type 3.
        let stream = try python(
            """
            import sys, zlib
            c = zlib.compressobj(6, zlib.DEFLATED, -15)
            sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush(zlib.Z_SYNC_FLUSH) + bytes([0x07]))
            """, input: data)
        for pieceSize in [stream.count, 1000, 7] {
            let inflater = Inflater()
            var output: [UInt8] = []
            #expect(throws: InflateError.invalidBlockType) {
                for start in stride(from: 0, to: stream.count, by: pieceSize) {
                    try inflater.decompress(stream[start..<min(start + pieceSize, stream.count)]) {
                        output.append(contentsOf: $0)
                    }
                }
            }
            #expect(output == data, "pieces of \(pieceSize)")
        }
    }

    @Test("keeps the input after the final block for the caller")
    func keepsTrailingBytes() throws {
        let compressed = try zlibDeflate(Array("hello, hello, hello".utf8))
        let inflater = Inflater()
        var output: [UInt8] = []
        try inflater.decompress(compressed + [1, 2, 3]) { output.append(contentsOf: $0) }
        try inflater.decompress([4, 5]) { output.append(contentsOf: $0) }
        #expect(inflater.isFinished)
        #expect(String(decoding: output, as: UTF8.self) == "hello, hello, hello")
        #expect(inflater.takeTrailingBytes() == [1, 2, 3, 4, 5])
    }

    @Test("reports truncated input at every cut of a stream")
    func truncatedAtEveryCut() throws {
        let compressed = try zlibDeflate(SampleData.text(3000, seed: 2), level: 9)
        for cut in 0..<compressed.count {
            #expect(throws: InflateError.truncatedInput) { try Inflater.inflate(Array(compressed.prefix(cut))) }
        }
    }

    @Test("stops a bomb at the size cap and at the ratio")
    func stopsBombs() throws {
        let zeros = [UInt8](repeating: 0, count: 20 << 20)
        let bomb = try zlibDeflate(zeros, level: 9)
        let capped = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: .max, ratioAllowance: .max)
        #expect(throws: DecompressionLimitError.outputTooLarge(limit: 1 << 20)) {
            try Inflater.inflate(bomb, limits: capped)
        }
        let ratio = DecompressionLimits(maximumOutputSize: .max, maximumRatio: 100, ratioAllowance: 1 << 20)
        #expect(throws: DecompressionLimitError.self) { try Inflater.inflate(bomb, limits: ratio) }
        #expect(try Inflater.inflate(bomb, limits: .default) == zeros)
    }

    @Test("hands over no more than the size cap")
    func handsOverNoMoreThanTheCap() throws {
        let bomb = try zlibDeflate([UInt8](repeating: 7, count: 5 << 20), level: 9)
        let inflater = Inflater(limits: .init(maximumOutputSize: 1_000_000, maximumRatio: .max, ratioAllowance: .max))
        var handedOver = 0
        #expect(throws: DecompressionLimitError.self) {
            try inflater.decompress(bomb) { handedOver += $0.count }
        }
        #expect(handedOver > 0 && handedOver <= 1_000_000)
    }

    @Test("random bytes never crash and never break the limits")
    func randomBytes() {
        var random = SeededRandom(seed: 99)
        let limits = DecompressionLimits(maximumOutputSize: 4 << 20, maximumRatio: 2000, ratioAllowance: 1 << 20)
        for round in 0..<3000 {
            let size = Int.random(in: 0...(round < 2000 ? 64 : 4096), using: &random)
            var input = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Most random streams end at their first bytes; half the rounds
            // start with a valid dynamic or fixed header to reach further.
            if round % 2 == 0, !input.isEmpty { input[0] = input[0] & 0xF9 | (round % 4 == 0 ? 0x04 : 0x02) }
            let inflater = Inflater(limits: limits)
            var produced = 0
            do {
                try inflater.decompress(input) { produced += $0.count }
                try inflater.finish()
            } catch {
                #expect(error is InflateError || error is DecompressionLimitError)
            }
            #expect(produced <= limits.maximumOutputSize)
        }
    }

    @Test("starts a new stream after reset")
    func resetStartsANewStream() throws {
        let first = try zlibDeflate(Array("first".utf8))
        let second = try zlibDeflate(Array("second".utf8))
        let inflater = Inflater()
        var output: [UInt8] = []
        try inflater.decompress(first) { output.append(contentsOf: $0) }
        try inflater.finish()
        inflater.reset()
        #expect(!inflater.isFinished)
        try inflater.decompress(second) { output.append(contentsOf: $0) }
        try inflater.finish()
        #expect(String(decoding: output, as: UTF8.self) == "firstsecond")
    }
}
