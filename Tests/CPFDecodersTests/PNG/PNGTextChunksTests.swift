import Testing

@testable import CPFDecoders

@Suite("PNGTextChunks")
struct PNGTextChunksTests {
    /// A chunk as the format lays it out: length, type, data, CRC-32 of
    /// type and data (computed by Python's zlib, not by the code under test).
    static func chunk(_ type: String, _ data: [UInt8]) throws -> [UInt8] {
        let crc = try python(
            "import sys, zlib; sys.stdout.write(\"%08x\" % zlib.crc32(sys.stdin.buffer.read()))",
            input: Array(type.utf8) + data)
        let value = UInt32(String(decoding: crc, as: UTF8.self), radix: 16)!
        return bigEndian(UInt32(data.count)) + Array(type.utf8) + data + bigEndian(value)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `text` zlib-compressed by Python.
    static func zlib(_ text: [UInt8]) throws -> [UInt8] {
        try python("import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read()))", input: text)
    }

    /// A 1×1 PNG with a tEXt (Latin-1), a zTXt, an iTXt and a compressed
    /// iTXt chunk, an eXIf chunk, and `after` following IEND.
    static func sample(after: [UInt8] = []) throws -> [UInt8] {
        let header = bigEndian(1) + bigEndian(1) + [8, 0, 0, 0, 0]
        var png = PNGTextChunks.signature
        png += try chunk("IHDR", header)
        png += try chunk("tEXt", Array("Author\u{0}Jos".utf8) + [0xE9] + Array(" 390.533.447-05".utf8))
        png += try chunk("zTXt", Array("Comment\u{0}\u{0}".utf8) + zlib(Array("CPF 529.982.247-25".utf8)))
        png += try chunk("iTXt", Array("Title\u{0}\u{0}\u{0}pt\u{0}Título\u{0}a\nCPF 111.444.777-35".utf8))
        png += try chunk("iTXt", Array("Source\u{0}\u{1}\u{0}\u{0}\u{0}".utf8) + zlib(Array("z 390.533.447-05".utf8)))
        png += try chunk("eXIf", Array("exif".utf8))
        png += try chunk("IDAT", zlib([0, 0x80]))
        png += try chunk("IEND", [])
        return png + after
    }

    @Test("tells a PNG by its 8-byte signature")
    func signature() {
        #expect(PNGTextChunks.isPNG([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]))
        #expect(!PNGTextChunks.isPNG([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]))
        #expect(!PNGTextChunks.isPNG(Array("GIF89a..".utf8)))
    }

    @Test("reads the text of tEXt, zTXt and iTXt chunks, compressed or not, in UTF-8")
    func readsTexts() throws {
        let png = try PNGTextChunks(Self.sample())
        #expect(png.chunks.map(\.typeName) == ["IHDR", "tEXt", "zTXt", "iTXt", "iTXt", "eXIf", "IDAT", "IEND"])
        #expect(png.texts.map(\.kind) == [.tEXt, .zTXt, .iTXt, .iTXt])
        #expect(png.texts.map(\.isCompressed) == [false, true, false, true])
        #expect(
            png.texts.map { String(decoding: $0.text, as: UTF8.self) } == [
                "José 390.533.447-05", "CPF 529.982.247-25", "a\nCPF 111.444.777-35", "z 390.533.447-05",
            ])
        #expect(
            png.texts.map { String(decoding: $0.name, as: UTF8.self) } == [
                "tEXt:Author", "zTXt:Comment", "iTXt:Title:pt:Título", "iTXt:Source",
            ])
        #expect(
            png.pieces.map { String(decoding: $0.name, as: UTF8.self) } == [
                "tEXt:Author", "zTXt:Comment", "iTXt:Title:pt:Título", "iTXt:Source", "eXIf",
            ])
        #expect(png.pieces.map(\.text) == [0, 1, 2, 3, nil])
        #expect(png.trailing.isEmpty)
        let after = try PNGTextChunks(Self.sample(after: Array("tail".utf8)))
        #expect(
            after.pieces.last == PNGTextChunks.Piece(name: Array("IEND+".utf8), bytes: Array("tail".utf8), text: nil))
    }

    @Test("writes changed texts with their length and CRC anew, compressed again, every other byte kept")
    func rewrites() throws {
        let original = try Self.sample()
        let png = try PNGTextChunks(original)
        let rewritten = try png.replacingTexts([
            0: Array("José ***.***.***-**".utf8), 1: Array("CPF ***.***.***-**".utf8),
            3: Array("z ***.***.***-** longer".utf8),
        ])
        // Python checks every CRC and reads the texts back.
        let report = try python(
            """
            import struct, sys, zlib
            b = sys.stdin.buffer.read(); o = 8
            while o < len(b):
                n, t = struct.unpack(">I4s", b[o:o + 8]); d = b[o + 8:o + 8 + n]
                ok = zlib.crc32(t + d) == struct.unpack(">I", b[o + 8 + n:o + 12 + n])[0]
                if t == b"zTXt": d = d[:d.index(b"\\0") + 2] + zlib.decompress(d[d.index(b"\\0") + 2:])
                if t == b"iTXt":
                    k = d.index(b"\\0")
                    if d[k + 1] == 1: d = d[:k] + zlib.decompress(d[k + 5:])
                print(t.decode(), ok, repr(d))
                o += 12 + n
            """, input: rewritten)
        let lines = String(decoding: report, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.contains(" True ") })
        #expect(lines[1] == #"tEXt True b'Author\x00Jos\xe9 ***.***.***-**'"#)
        #expect(lines[2] == #"zTXt True b'Comment\x00\x00CPF ***.***.***-**'"#)
        #expect(lines[4] == #"iTXt True b'Sourcez ***.***.***-** longer'"#)
        // The chunks not replaced, the image data above all, are the original's bytes.
        let again = try PNGTextChunks(rewritten)
        for index in [0, 3, 5, 6, 7] {
            #expect(
                rewritten[again.chunks[index].start..<again.chunks[index].end]
                    == original[png.chunks[index].start..<png.chunks[index].end])
        }
        #expect(try png.replacingTexts([:]) == original)
    }

    @Test("refuses a Latin-1 text that cannot be written in Latin-1")
    func notLatin1() throws {
        let png = try PNGTextChunks(Self.sample())
        #expect(throws: PNGError.notLatin1(.tEXt)) { try png.replacingTexts([0: Array("€".utf8)]) }
        #expect(PNGTextChunks.latin1(fromUTF8: Array("Título ÿ".utf8)) == [0x54, 0xED] + Array("tulo ".utf8) + [0xFF])
        #expect(PNGTextChunks.utf8(fromLatin1: [0x41, 0xE9, 0xA0]) == Array("Aé\u{A0}".utf8))
    }

    @Test("a damaged file is an error, never a partial reading")
    func errors() throws {
        let sample = try Self.sample()
        #expect(throws: PNGError.notPNG) { try PNGTextChunks(Array("not a png".utf8)) }
        #expect(throws: PNGError.truncated) { try PNGTextChunks(Array(sample.prefix(60))) }
        let badMethod = PNGTextChunks.signature + (try Self.chunk("zTXt", Array("k\u{0}\u{1}x".utf8)))
        #expect(throws: PNGError.unknownCompression(.zTXt, 1)) { try PNGTextChunks(badMethod) }
        let noKeyword = PNGTextChunks.signature + (try Self.chunk("tEXt", Array("\u{0}x".utf8)))
        #expect(throws: PNGError.malformed(.tEXt, "no keyword")) { try PNGTextChunks(noKeyword) }
        let damaged = PNGTextChunks.signature + (try Self.chunk("zTXt", Array("k\u{0}\u{0}".utf8) + [0x78, 0x9C, 1]))
        #expect(throws: PNGError.self) { try PNGTextChunks(damaged) }
        let bomb =
            PNGTextChunks.signature
            + (try Self.chunk("zTXt", Array("k\u{0}\u{0}".utf8) + Self.zlib([UInt8](repeating: 0, count: 100_000))))
        let limits = DecompressionLimits(maximumOutputSize: 1000, maximumRatio: 10, ratioAllowance: 100)
        #expect(throws: PNGError.self) { try PNGTextChunks(bomb, limits: limits) }
    }
}
