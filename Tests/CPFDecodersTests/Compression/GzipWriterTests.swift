import CPFDecoders
import Testing

@Suite("GzipWriter")
struct GzipWriterTests {
    @Test("gzip -t accepts and gzip -d restores its files, over random sizes and kinds")
    func gzipReadsIt() throws {
        var random = SeededRandom(seed: 31)
        for round in 0..<24 {
            let kind = ["text", "random", "runs", "zeros"][round % 4]
            let size = round < 4 ? round : Int.random(in: 0...(round < 16 ? 70_000 : 2_000_000), using: &random)
            let data = SampleData.make(kind, size, seed: UInt64(round))
            let file = GzipWriter.compress(data)
            let test = try runTool("gzip -t", input: file)
            #expect(test.status == 0, "gzip -t on \(kind), \(size) bytes: \(test.errors)")
            #expect(try toolOutput("gzip -dc", input: file) == data, "\(kind), \(size) bytes")
            #expect(try GzipReader.decompress(file) == data)
        }
    }

    @Test("writes the name gzip -N restores and the modification time Python reads")
    func headerFields() throws {
        let writer = GzipWriter(name: Array("dados.csv".utf8), modificationTime: 1_700_000_000)
        var file: [UInt8] = []
        writer.compress(Array("a;b\n".utf8)) { file.append(contentsOf: $0) }
        writer.finish { file.append(contentsOf: $0) }
        // gzip -dN names the decompressed file after FNAME.
        let listing = try toolOutput(
            "d=$(mktemp -d) && cat > \"$d/x.gz\" && cd \"$d\" && gzip -dN x.gz && ls && cat dados.csv && rm -r \"$d\"",
            input: file)
        #expect(String(decoding: listing, as: UTF8.self) == "dados.csv\na;b\n")
        let mtime = try python(
            """
            import sys, gzip, io
            f = gzip.GzipFile(fileobj=io.BytesIO(sys.stdin.buffer.read()))
            data = f.read()
            print(f.mtime, data == b"a;b\\n")
            """, input: file)
        #expect(String(decoding: mtime, as: UTF8.self) == "1700000000 True\n")
    }
}
