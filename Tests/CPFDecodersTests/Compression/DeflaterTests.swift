import CPFDecoders
import Testing

@Suite("Deflater")
struct DeflaterTests {
    @Test("zlib decompresses what it makes", arguments: ["text", "random", "runs", "zeros"])
    func zlibReadsIt(kind: String) throws {
        for (index, size) in [0, 1, 2, 3, 258, 259, 40_000, 65_536, 300_001].enumerated() {
            let data = SampleData.make(kind, size, seed: UInt64(100 + index))
            let stream = Deflater.deflate(data)
            let decoded = try python(
                """
                import sys, zlib
                d = zlib.decompressobj(-15)
                out = d.decompress(sys.stdin.buffer.read())
                assert d.eof and not d.unused_data
                sys.stdout.buffer.write(out)
                """, input: stream)
            #expect(decoded == data, "\(kind), \(size) bytes")
        }
    }

    @Test("round-trips through the Inflater over random sizes, kinds and chain lengths")
    func roundTrip() throws {
        var random = SeededRandom(seed: 2024)
        for round in 0..<60 {
            let kind = ["text", "random", "runs", "zeros"][round % 4]
            let size = Int.random(in: 0...(round < 40 ? 5000 : 400_000), using: &random)
            let data = SampleData.make(kind, size, seed: UInt64(round))
            let chain = [1, 4, 16, 128][Int.random(in: 0..<4, using: &random)]
            #expect(
                try Inflater.inflate(Deflater.deflate(data, maximumChainLength: chain)) == data,
                "\(kind), \(size) bytes, chain \(chain)")
        }
    }

    @Test("gives the same stream whatever the pieces the data comes in")
    func piecesDoNotMatter() {
        let data = SampleData.text(200_000, seed: 5)
        let whole = Deflater.deflate(data)
        var random = SeededRandom(seed: 9)
        for maximumPiece in [1, 100, 70_000] {
            let deflater = Deflater()
            var stream: [UInt8] = []
            var at = 0
            while at < data.count {
                let size = min(Int.random(in: 0...maximumPiece, using: &random), data.count - at)
                deflater.compress(data[at..<at + size]) { stream.append(contentsOf: $0) }
                at += size
            }
            deflater.finish { stream.append(contentsOf: $0) }
            #expect(stream == whole, "pieces of at most \(maximumPiece)")
        }
    }

    @Test("compresses text about as well as gzip -1 and never expands random data much")
    func ratio() throws {
        let text = SampleData.text(1 << 20, seed: 6)
        let ours = Deflater.deflate(text).count
        let gzipFast = try toolOutput("gzip -1 -c", input: text).count - 18
        #expect(Double(ours) < Double(gzipFast) * 1.15, "ours \(ours), gzip -1 \(gzipFast)")
        let noise = SampleData.random(1 << 20, seed: 7)
        #expect(Deflater.deflate(noise).count < noise.count + noise.count / 1000 + 64)
    }

    @Test("hands output over as it goes, not only at the end")
    func streamsOutput() {
        let deflater = Deflater()
        var handedOver = 0
        let data = SampleData.random(1 << 20, seed: 8)
        deflater.compress(data) { handedOver += $0.count }
        #expect(handedOver > data.count / 2)
    }
}
