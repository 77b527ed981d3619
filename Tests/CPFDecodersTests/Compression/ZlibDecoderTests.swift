import CPFDecoders
import Testing

@Suite("ZlibDecoder")
struct ZlibDecoderTests {
    /// Streams Python's zlib wrote, at every level, with their text.
    @Test("decodes what zlib writes, checking the header and the Adler-32", arguments: [0, 1, 6, 9])
    func decodesZlib(level: Int) throws {
        for kind in ["text", "random", "runs"] {
            let data = SampleData.make(kind, 70_000, seed: UInt64(level))
            let stream = try python(
                "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), \(level)))",
                input: data)
            #expect(try ZlibDecoder.decompress(stream) == data, "\(kind)")
            let lenient = stream.withUnsafeBytes { raw in
                Result { () throws(DecompressionLimitError) in
                    try ZlibDecoder.decompressLeniently(raw, limits: .default)
                }
            }
            #expect(try lenient.get() == data)
        }
    }

    @Test(
        "rejects a bad header, a preset dictionary, a wrong checksum and a short stream",
        arguments: [
            ([0x78, 0x9D, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], ZlibError.invalidHeader(cmf: 0x78, flg: 0x9D)),
            ([0x79, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], .invalidHeader(cmf: 0x79, flg: 0x9C)),
            ([0x78, 0xBB, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00], .presetDictionary),
            ([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x02], .checksumMismatch(expected: 2, actual: 1)),
            ([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00], .truncated),
            ([0x78], .truncated),
        ] as [([UInt8], ZlibError)])
    func rejects(stream: [UInt8], error: ZlibError) {
        #expect(throws: error) { try ZlibDecoder.decompress(stream) }
    }

    @Test("decodes leniently what PDF readers accept: raw DEFLATE, a damaged end, a wrong checksum")
    func lenient() throws {
        func lenient(_ bytes: [UInt8]) throws -> [UInt8] {
            try bytes.withUnsafeBytes { raw in try ZlibDecoder.decompressLeniently(raw, limits: .default) }
        }
        let abc: [UInt8] = [0x78, 0x9C, 0x4B, 0x4C, 0x4A, 0x06, 0x00, 0x02, 0x4D, 0x01, 0x27]
        #expect(try lenient(abc) == Array("abc".utf8))
        #expect(try lenient(Array(abc[2...])) == Array("abc".utf8))  // no header
        #expect(try lenient(Array(abc[..<9]) + [0, 0]) == Array("abc".utf8))  // wrong checksum
        #expect(try lenient([0x78, 0x9C, 0x07]) == [])  // invalid block: nothing decoded
        let limits = DecompressionLimits(maximumOutputSize: 10, maximumRatio: 100, ratioAllowance: 5)
        let zeros = try python(
            "import sys, zlib; sys.stdout.buffer.write(zlib.compress(bytes(1000)))")
        #expect(throws: DecompressionLimitError.self) {
            try zeros.withUnsafeBytes { raw in try ZlibDecoder.decompressLeniently(raw, limits: limits) }
        }
    }

    @Test(
        "computes Adler-32 as zlib does",
        arguments: [("", 1 as UInt32), ("a", 0x0062_0062), ("abc", 0x024D_0127), ("Wikipedia", 0x11E6_0398)])
    func adler32(text: String, expected: UInt32) {
        var adler = Adler32()
        adler.update(Array(text.utf8))
        #expect(adler.value == expected)
    }

    @Test("computes Adler-32 of long input in pieces as Python's zlib does")
    func adler32Long() throws {
        let data = SampleData.random(100_000, seed: 7)
        let expected = String(
            decoding: try python("import sys, zlib; print(zlib.adler32(sys.stdin.buffer.read()))", input: data),
            as: UTF8.self)
        var adler = Adler32()
        adler.update(Array(data[..<33333]))
        adler.update(Array(data[33333...]))
        #expect("\(adler.value)\n" == expected)
    }

    @Test(
        "describes its errors",
        arguments: [
            (ZlibError.invalidHeader(cmf: 0, flg: 0x1F), "invalid zlib header 00 1f"),
            (.presetDictionary, "zlib stream with a preset dictionary (not supported)"),
            (.checksumMismatch(expected: 0xAB, actual: 1), "zlib checksum mismatch (stream says ab, data has 1)"),
            (.truncated, "zlib stream cut short"),
        ])
    func descriptions(error: ZlibError, text: String) {
        #expect(error.description == text)
    }
}
