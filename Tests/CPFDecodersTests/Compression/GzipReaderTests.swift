import CPFDecoders
import Testing

@Suite("GzipReader")
struct GzipReaderTests {
    @Test("decompresses what gzip makes, at every level", arguments: ["-1", "-6", "-9"])
    func decompressesGzip(level: String) throws {
        for (index, kind) in ["text", "random", "runs", "zeros"].enumerated() {
            for size in [0, 1, 65_536, 500_000] {
                let data = SampleData.make(kind, size, seed: UInt64(index * 7 + size))
                let file = try toolOutput("gzip -c \(level)", input: data)
                #expect(try GzipReader.decompress(file) == data, "\(kind), \(size) bytes, gzip \(level)")
            }
        }
    }

    @Test("reads every member of a multi-member file")
    func multiMember() throws {
        let parts = [SampleData.text(10_000, seed: 1), [], SampleData.random(3000, seed: 2), Array("fim\n".utf8)]
        var file: [UInt8] = []
        for part in parts { file += try toolOutput("gzip -c", input: part) }
        // gzip itself must read the concatenation as the concatenated data.
        #expect(try toolOutput("gzip -dc", input: file) == parts.flatMap { $0 })
        let reader = GzipReader()
        var output: [UInt8] = []
        try reader.decompress(file) { output.append(contentsOf: $0) }
        try reader.finish()
        #expect(output == parts.flatMap { $0 })
        #expect(reader.memberCount == 4)
    }

    @Test("reads the header fields gzip and Python write")
    func headerFields() throws {
        // Python's gzip module writes FNAME and MTIME as given.
        let file = try python(
            """
            import sys, gzip, io
            out = io.BytesIO()
            with gzip.GzipFile(filename="relatório.txt", mode="wb", fileobj=out, mtime=1700000000) as f:
                f.write(b"CPF 390.533.447-05\\n")
            sys.stdout.buffer.write(out.getvalue())
            """)
        let reader = GzipReader()
        var output: [UInt8] = []
        try reader.decompress(file) { output.append(contentsOf: $0) }
        try reader.finish()
        #expect(String(decoding: output, as: UTF8.self) == "CPF 390.533.447-05\n")
        #expect(reader.header?.modificationTime == 1_700_000_000)
        #expect(reader.header?.name == Array("relat\u{F3}rio.txt".unicodeScalars.map { UInt8($0.value) }))
        #expect(reader.header?.comment == nil)
    }

    /// A member with FTEXT, FEXTRA, FNAME, FCOMMENT and FHCRC, put together
    /// by Python from zlib's DEFLATE data; Python's gzip module and GNU gzip
    /// both read it, so it is what RFC 1952 describes.
    static func everyFieldMember(_ data: [UInt8], headerCRC: String = "crc") throws -> [UInt8] {
        try python(
            """
            import sys, zlib, struct, gzip
            data = sys.stdin.buffer.read()
            header = b"\\x1f\\x8b\\x08" + bytes([1 | 2 | 4 | 8 | 16]) + struct.pack("<I", 1234567) + b"\\x00\\x03"
            header += struct.pack("<H", 6) + b"AB\\x02\\x00xy" + b"name.txt\\x00" + "comentário".encode("latin-1") + b"\\x00"
            crc = zlib.crc32(header) & 0xFFFF
            header += struct.pack("<H", \(headerCRC))
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            member = header + c.compress(data) + c.flush() + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)
            assert gzip.decompress(member) == data or "\(headerCRC)" != "crc"
            sys.stdout.buffer.write(member)
            """, input: data)
    }

    @Test("reads FEXTRA, FNAME, FCOMMENT and checks FHCRC")
    func everyField() throws {
        let data = SampleData.text(5000, seed: 4)
        let member = try Self.everyFieldMember(data)
        #expect(try toolOutput("gzip -dc", input: member) == data)
        let reader = GzipReader()
        var output: [UInt8] = []
        try reader.decompress(member) { output.append(contentsOf: $0) }
        try reader.finish()
        #expect(output == data)
        #expect(reader.header?.extra == Array("AB\u{2}\u{0}xy".utf8))
        #expect(reader.header?.name == Array("name.txt".utf8))
        #expect(reader.header?.comment == [0x63, 0x6F, 0x6D, 0x65, 0x6E, 0x74, 0xE1, 0x72, 0x69, 0x6F])
        #expect(reader.header?.hasHeaderCRC == true)
        #expect(reader.header?.isText == true)
        #expect(reader.header?.operatingSystem == 3)
        #expect(reader.headerTexts.map(\.field) == [.name, .comment])
        #expect(reader.headerTexts.map(\.text) == [reader.header?.name, reader.header?.comment])
        reader.removeHeaderTexts()
        #expect(reader.headerTexts.isEmpty)
        let wrong = try Self.everyFieldMember(data, headerCRC: "crc ^ 1")
        #expect(throws: GzipError.self) { try GzipReader.decompress(wrong) }
    }

    @Test("gives the same output whatever the pieces the file comes in")
    func piecesDoNotMatter() throws {
        let data = SampleData.text(200_000, seed: 8)
        let file = try Self.everyFieldMember(data) + toolOutput("gzip -c", input: data)
        var random = SeededRandom(seed: 3)
        for maximumPiece in [1, 3, 17, 4096] {
            let reader = GzipReader()
            var output: [UInt8] = []
            var at = 0
            while at < file.count {
                let size = min(Int.random(in: 0...maximumPiece, using: &random), file.count - at)
                try reader.decompress(file[at..<at + size]) { output.append(contentsOf: $0) }
                at += size
            }
            try reader.finish()
            #expect(output == data + data, "pieces of at most \(maximumPiece)")
            #expect(reader.memberCount == 2)
        }
    }

    @Test("a changed CRC-32 or ISIZE is an error")
    func trailerMismatch() throws {
        let file = try toolOutput("gzip -c", input: Array("390.533.447-05\n".utf8))
        var badCRC = file
        badCRC[file.count - 8] ^= 1
        #expect { try GzipReader.decompress(badCRC) } throws: { error in
            if case GzipError.crcMismatch = error { return true }
            return false
        }
        var badSize = file
        badSize[file.count - 4] ^= 1
        #expect(throws: GzipError.sizeMismatch(stored: 14, computed: 15)) { try GzipReader.decompress(badSize) }
        // gzip agrees that both are broken.
        #expect(try runTool("gzip -t", input: badCRC).status != 0)
        #expect(try runTool("gzip -t", input: badSize).status != 0)
    }

    @Test("reports a file cut at any byte as truncated")
    func truncatedAtEveryCut() throws {
        let file = try Self.everyFieldMember(SampleData.text(2000, seed: 5))
        for cut in 0..<file.count {
            #expect(throws: (any Error).self, "cut at \(cut)") { try GzipReader.decompress(Array(file.prefix(cut))) }
        }
        #expect(throws: GzipError.truncated) { try GzipReader.decompress(Array(file.prefix(file.count - 1))) }
        #expect(throws: GzipError.truncated) { try GzipReader.decompress([]) }
    }

    @Test(
        "applies the trailing data policy after the last member",
        arguments: [
            ([0, 0, 0, 0] as [UInt8], GzipReader.TrailingDataPolicy.allowZeros, true),
            ([0, 0, 7], .allowZeros, false),
            ([0x1F, 0x8C, 0x08], .allowZeros, false),
            ([0], .reject, false),
            ([0x41, 0x42], .ignore, true),
            ([0x1F, 0x00], .ignore, true),
        ])
    func trailingData(trailing: [UInt8], policy: GzipReader.TrailingDataPolicy, accepted: Bool) throws {
        let file = try toolOutput("gzip -c", input: Array("texto".utf8))
        let reader = GzipReader(trailingData: policy)
        var output: [UInt8] = []
        do {
            try reader.decompress(file + trailing) { output.append(contentsOf: $0) }
            try reader.finish()
            #expect(accepted)
            #expect(output == Array("texto".utf8))
        } catch let error as GzipError {
            #expect(!accepted)
            #expect(error == .trailingData(offset: file.count + (trailing.firstIndex { $0 != 0 } ?? 0)))
        }
    }

    @Test(
        "gives trailing data the same offset whether the file comes whole or a byte at a time",
        arguments: [1, 2, 3, 7, 64])
    func trailingDataOffsetInPieces(pieceSize: Int) throws {
        let file = try toolOutput("gzip -c", input: Array("texto texto texto".utf8)) + [0, 0, 0x41]
        var errors: [GzipError] = []
        for size in [file.count, pieceSize] {
            let reader = GzipReader(trailingData: .allowZeros)
            do {
                var start = 0
                while start < file.count {
                    try reader.decompress(file[start..<min(start + size, file.count)]) { _ in }
                    start += size
                }
                try reader.finish()
            } catch let error as GzipError {
                errors.append(error)
            }
        }
        #expect(errors == [.trailingData(offset: file.count - 1), .trailingData(offset: file.count - 1)])
    }

    @Test(
        "rejects headers RFC 1952 does not allow",
        arguments: [
            ([0x1F, 0x8C, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0] as [UInt8], GzipError.notGzip),
            ([0x1F, 0x8B, 7, 0, 0, 0, 0, 0, 0, 3, 3, 0], .unsupportedMethod(7)),
            ([0x1F, 0x8B, 8, 0x20, 0, 0, 0, 0, 0, 3, 3, 0], .reservedFlags(0x20)),
        ])
    func badHeaders(file: [UInt8], expected: GzipError) {
        #expect(throws: expected) { try GzipReader.decompress(file) }
    }

    @Test(
        "recognizes gzip by its magic bytes",
        arguments: [
            ([0x1F, 0x8B, 0x08] as [UInt8], true), ([0x1F, 0x8B, 0x08, 0x08, 0x00], true),
            ([0x1F, 0x8B], false), ([0x1F, 0x8B, 0x09], false), (Array("1f8b08".utf8), false), ([], false),
        ])
    func magic(prefix: [UInt8], isGzip: Bool) {
        #expect(GzipReader.isGzip(prefix) == isGzip)
    }

    @Test("random bytes after a gzip header never crash nor break the limits")
    func randomBytes() {
        var random = SeededRandom(seed: 77)
        let limits = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 2000, ratioAllowance: 1 << 16)
        for _ in 0..<2000 {
            let size = Int.random(in: 0...300, using: &random)
            let flags = UInt8.random(in: 0...31, using: &random)
            let file: [UInt8] =
                [0x1F, 0x8B, 8, flags] + (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            var produced = 0
            do {
                let reader = GzipReader(limits: limits)
                try reader.decompress(file) { produced += $0.count }
                try reader.finish()
            } catch {
                #expect(error is GzipError || error is InflateError || error is DecompressionLimitError)
            }
            #expect(produced <= limits.maximumOutputSize)
        }
    }
}
