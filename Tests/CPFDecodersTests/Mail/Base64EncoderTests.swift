import CPFDecoders
import Testing

@Suite("Base64Encoder")
struct Base64EncoderTests {
    /// RFC 4648, section 10: the test vectors of base64.
    @Test(
        "encodes RFC 4648's test vectors",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ])
    func rfc4648(plain: String, encoded: String) {
        #expect(Base64Encoder.encode(Array(plain.utf8), lineLength: 0) == Array(encoded.utf8))
    }

    @Test("writes what Python's base64.encodebytes writes: 76-character lines")
    func matchesEncodebytes() throws {
        var random = SeededRandom(seed: 12)
        for round in 0..<30 {
            let data = SampleData.random(Int.random(in: 0...3000, using: &random), seed: UInt64(round))
            let expected = try python(
                "import sys, base64; sys.stdout.buffer.write(base64.encodebytes(sys.stdin.buffer.read()))", input: data)
            #expect(Base64Encoder.encode(data, lineBreak: [0x0A]) == expected, "\(data.count) bytes")
        }
    }

    @Test("round-trips random data of random sizes through any line length")
    func roundTrip() throws {
        var random = SeededRandom(seed: 4)
        for _ in 0..<200 {
            let data = (0..<Int.random(in: 0...500, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let lineLength = [0, 4, 64, 76][Int.random(in: 0..<4, using: &random)]
            let encoded = Base64Encoder.encode(data, lineLength: lineLength)
            #expect(try Base64Decoder.decode(encoded) == data)
            if lineLength > 0 {
                for line in encoded.split(separator: 0x0A) { #expect(line.count <= lineLength + 1) }
            }
        }
    }
}
