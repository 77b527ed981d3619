// Tests of Input/DecodingReader.swift: plain UTF-8 handed over as read,
// other encodings and gzip decoded to UTF-8 whatever the block size, the
// layers found announced once, what cannot be read reported.

import CPFDecoders
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// What a decoding reader with blocks of `capacity` hands over for `input`:
/// the text, the layers announced, the failure.
private func decode(
    _ input: [UInt8], capacity: Int = 1 << 20, limits: DecompressionLimits = DecodingReader.defaultLimits
)
    throws -> (text: [UInt8], layers: [InputLayers], failure: String?)
{
    let reader = DecodingReader(reader: BlockReader(capacity: capacity), limits: limits, capacity: capacity)
    var text: [UInt8] = []
    var layers: [InputLayers] = []
    var starts: Set<UnsafeMutableRawPointer> = []
    let failure = try withFileDescriptor(containing: input) { descriptor in
        try reader.forEachBlock(of: descriptor, layers: { layers.append($0) }) { block in
            #expect(layers.count == 1)
            starts.insert(block.baseAddress!)
            text += block
        }
    }
    #expect(starts.count <= 1, "every block of an input starts at the same address")
    return (text, layers, failure)
}

@Suite("DecodingReader")
struct DecodingReaderTests {
    static let text = Array("Pessoa física\nCPF 390.533.447-05\n".utf8)

    @Test("plain UTF-8, with or without a byte order mark, comes as it is", arguments: [1, 5, 1 << 20])
    func plain(capacity: Int) throws {
        for input in [Self.text, [0xEF, 0xBB, 0xBF] + Self.text] {
            let result = try decode(input, capacity: capacity)
            #expect(result.text == input)
            // Decided on the first block: a mark cut by its end is not seen.
            #expect(result.layers == [InputLayers(byteOrderMark: input.first == 0xEF && capacity >= 3)])
            #expect(result.failure == nil)
        }
    }

    @Test(
        "other encodings come as UTF-8, their byte order mark left out",
        arguments: [
            (CharacterEncoding.utf16LittleEndian, true), (.utf16BigEndian, true), (.utf16LittleEndian, false),
            (.utf16BigEndian, false), (.utf32LittleEndian, true), (.utf32BigEndian, true), (.windows1252, false),
        ], [64, 1 << 20])
    func encodings(layer: (encoding: CharacterEncoding, mark: Bool), capacity: Int) throws {
        let (encoding, mark) = layer
        let input = UTF8ToTextTranscoder.transcode(Self.text, to: encoding, writesByteOrderMark: mark)
        let result = try decode(input, capacity: capacity)
        #expect(result.text == Self.text)
        #expect(result.layers == [InputLayers(encoding: encoding, byteOrderMark: mark)])
    }

    @Test("gzip comes decompressed, every member, the text inside decoded too", arguments: [3, 1 << 20])
    func gzip(capacity: Int) throws {
        let twice = GzipWriter.compress(Self.text) + GzipWriter.compress(Self.text)
        #expect(try decode(twice, capacity: capacity).text == Self.text + Self.text)
        let utf16 = GzipWriter.compress(
            UTF8ToTextTranscoder.transcode(Self.text, to: .utf16BigEndian, writesByteOrderMark: true))
        let result = try decode(utf16, capacity: capacity)
        #expect(result.text == Self.text)
        #expect(result.layers == [InputLayers(gzip: true, encoding: .utf16BigEndian, byteOrderMark: true)])
    }

    @Test("a tar inside gzip is not searched: its headers are no text, never scanned nor rewritten")
    func tarInsideGzip() throws {
        var header = [UInt8](repeating: 0, count: 512)
        for (index, byte) in Array("a.txt".utf8).enumerated() { header[index] = byte }
        for (index, byte) in Array("00000000023".utf8).enumerated() { header[124 + index] = byte }
        header[156] = UInt8(ascii: "0")
        for (index, byte) in Array("ustar\u{0}00        ".utf8).enumerated() { header[257 + index] = byte }
        for index in 148..<156 { header[index] = 0x20 }
        let sum = String(header.reduce(0) { $0 + Int($1) }, radix: 8)
        for (index, byte) in Array((String(repeating: "0", count: 6 - sum.count) + sum).utf8).enumerated() {
            header[148 + index] = byte
        }
        header[154] = 0
        let tar = header + Array("CPF 390.533.447-05\n".utf8) + [UInt8](repeating: 0, count: 1024 + 493)
        let result = try decode(GzipWriter.compress(tar))
        #expect(result.failure == "gzip holding a tar archive, which cpf reads only from a file")
        #expect(result.text.isEmpty)
    }

    @Test("binary data (not UTF-8, a NUL among its first bytes) comes as it is, not as Windows-1252")
    func binaryData() throws {
        // A GIF header: a PNG's would be a document, read from files only (below).
        let binary: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x00, 0x00, 0xFF] + Self.text
        let result = try decode(binary)
        #expect(result.text == binary)
        #expect(result.layers == [InputLayers()])
        let latin = try decode(Array(binary.dropFirst(10)))
        #expect(latin.layers == [InputLayers(encoding: .windows1252)])
        // A PNG image's compressed text chunks are no raw bytes: named, never scanned as such.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0xFF] + Self.text
        let named = try decode(png)
        #expect(named.text.isEmpty)
        #expect(named.failure == "PNG image read as a stream, which cpf reads only from a file")
    }

    @Test func anEmptyInputIsPlain() throws {
        let result = try decode([])
        #expect(result.text.isEmpty && result.layers == [InputLayers()] && result.failure == nil)
    }

    @Test func aFormatItDoesNotReadIsNotSearched() throws {
        let result = try decode([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04] + Self.text)
        #expect(result.text.isEmpty)
        #expect(result.failure == "xz compressed data, which cpf does not read")
    }

    @Test(
        "a gzip file holding a compressed file cpf does not read is not searched",
        arguments: [
            (GzipWriter.compress(Array("CPF 390.533.447-05".utf8)), "gzip"),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x01], "xz"),
            ([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0x41, count: 10_000), "zip"),
        ] as [([UInt8], String)])
    func nestedFormat(inside: [UInt8], name: String) throws {
        let result = try decode(GzipWriter.compress(inside))
        #expect(result.failure == "gzip holding \(name) data, which cpf does not read")
        #expect(result.text.isEmpty)
    }

    @Test("a corrupt or cut gzip file: what came before is handed over, the rest reported")
    func corruptGzip() throws {
        let file = GzipWriter.compress(Self.text)
        #expect(
            try decode(Array(file.dropLast(3))).failure == "corrupt gzip: truncated: the file ends inside a gzip member"
        )
        var flipped = file
        flipped[flipped.count - 6] ^= 0xFF  // the CRC-32
        #expect(try decode(flipped).failure?.hasPrefix("corrupt gzip: ") == true)
    }

    @Test func aBombStopsAtTheLimit() throws {
        let bomb = GzipWriter.compress([UInt8](repeating: 0, count: 1 << 20))
        let limits = DecompressionLimits(maximumOutputSize: .max, maximumRatio: 100, ratioAllowance: 64 << 10)
        let result = try decode(bomb, limits: limits)
        #expect(result.failure?.hasPrefix("decompression limit: output more than 100 times the input") == true)
        #expect(result.text.count < 1 << 20)
    }

    static let message = Array(
        """
        From: a@example.com\r
        Subject: um\r
        MIME-Version: 1.0\r
        Content-Type: multipart/mixed; boundary=b\r
        \r
        --b\r
        Content-Type: text/plain; charset=iso-8859-1\r
        Content-Transfer-Encoding: quoted-printable\r
        \r
        F=EDsica 390.533.4=\r
        47-05\r
        --b\r
        Content-Type: text/plain\r
        Content-Transfer-Encoding: base64\r
        \r
        NTI5Ljk4Mi4yNDctMjU=\r
        --b--\r

        """.utf8)

    /// Decided on the first block, as an encoding is: 256 bytes hold the message's first header block.
    @Test(
        "e-mail comes as its header blocks and decoded parts, a line break after a part that ends without one",
        arguments: [256, 1 << 20])
    func mail(capacity: Int) throws {
        let result = try decode(Self.message, capacity: capacity)
        #expect(result.failure == nil)
        #expect(result.layers == [InputLayers(mail: .message)])
        let text = String(decoding: result.text, as: UTF8.self)
        #expect(text.contains("Física 390.533.447-05"))
        // The base64 part's text has no line break of its own: one is added before the closing boundary.
        #expect(text.contains("529.982.247-25\n"))
        #expect(!text.contains("NTI5"))
    }

    @Test("e-mail inside gzip is decoded too; stopsAtMail only announces it")
    func mailInGzip() throws {
        let result = try decode(GzipWriter.compress(Self.message))
        #expect(result.layers == [InputLayers(gzip: true, mail: .message)])
        #expect(String(decoding: result.text, as: UTF8.self).contains("529.982.247-25"))
        let reader = DecodingReader(reader: BlockReader(), limits: DecodingReader.defaultLimits)
        var announced: [InputLayers] = []
        var handed = 0
        let failure = try withFileDescriptor(containing: Self.message) { descriptor in
            try reader.forEachBlock(of: descriptor, stopsAtMail: true, layers: { announced.append($0) }) {
                handed += $0.count
            }
        }
        #expect(failure == nil && handed == 0 && announced == [InputLayers(mail: .message)])
    }

    @Test func aMailHeaderTooLongIsNotSearched() throws {
        let long =
            Array("From: a@b\nSubject: x\nX-Long: ".utf8) + [UInt8](repeating: 0x61, count: 70_000)
            + Array("\n\nbody\n".utf8)
        let result = try decode(long, capacity: 4096)
        #expect(result.failure == "e-mail: a header block longer than 65536 bytes")
    }

    @Test func aMailHeaderPast4KiBIsToldFromTheSameBytesAsInputFormatLooksAt() throws {
        // A header block past 4 KiB (lines of 73 bytes: the 4096th byte cuts "Received" before its colon):
        // the same 8 KiB are looked at as by forEachBlock.
        let received = Array(
            repeating: "Received: from relay.example.com by mx.example.com; Thu, 26 Nov 2026 +00\n", count: 70
        ).joined()
        let long = Array((received + "Subject: x\n\ncorpo\n").utf8)
        #expect(withFileDescriptor(containing: long) { InputFormat.of($0) } == .mail(.message))
        #expect(try decode(long).layers == [InputLayers(mail: .message)])
    }
}
