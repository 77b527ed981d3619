import CPFDecoders
import Testing

@Suite("TextToUTF8Transcoder")
struct TextToUTF8TranscoderTests {
    @Test(
        "reads what iconv writes back into the same text",
        arguments: [
            ("UTF-16LE", CharacterEncoding.utf16LittleEndian, true), ("UTF-16BE", .utf16BigEndian, true),
            ("UTF-32LE", .utf32LittleEndian, true), ("UTF-32BE", .utf32BigEndian, true),
            ("UTF-16", .utf16LittleEndian, true), ("UTF-32", .utf32LittleEndian, true),
            ("CP1252", .windows1252, false), ("UTF-8", .utf8, true),
        ])
    func readsIconv(name: String, encoding: CharacterEncoding, unicode: Bool) throws {
        let text = unicode ? TextSamples.unicode + TextSamples.randomUnicode(500, seed: 3) : TextSamples.latin
        let encoded = try toolOutput("iconv -f UTF-8 -t \(name)", input: Array(text.utf8))
        #expect(TextToUTF8Transcoder.transcode(encoded, from: encoding) == Array(text.utf8))
    }

    @Test(
        "replaces unpaired surrogates and cut units as Python's 'replace' does",
        arguments: [
            ([0x00, 0xD8, 0x41, 0x00] as [UInt8], "utf-16-le"),  // lone high surrogate, then A
            ([0x00, 0xDC, 0x41, 0x00], "utf-16-le"),  // lone low surrogate
            ([0x41, 0x00, 0x3D, 0xD8], "utf-16-le"),  // high surrogate at the end
            ([0xD8, 0x3D, 0xDE, 0x00, 0x00], "utf-16-be"),  // a pair, then half a unit
            ([0x00, 0x00, 0x11, 0x00, 0x41, 0x00, 0x00, 0x00], "utf-32-le"),  // above U+10FFFF
            ([0x00, 0xD8, 0x00, 0x00], "utf-32-le"),  // a surrogate as UTF-32
        ])
    func replacesLikePython(bytes: [UInt8], codec: String) throws {
        let expected = try python(
            "import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().decode(\"\(codec)\", \"replace\").encode())",
            input: bytes)
        let encoding: CharacterEncoding =
            codec == "utf-16-le" ? .utf16LittleEndian : codec == "utf-16-be" ? .utf16BigEndian : .utf32LittleEndian
        #expect(TextToUTF8Transcoder.transcode(bytes, from: encoding) == expected)
    }

    @Test("reads the bytes of broken UTF-8 as Windows-1252, keeping valid sequences")
    func brokenUTF8() {
        // "Física" in Latin-1, then "é" in UTF-8, then a cut sequence.
        let bytes: [UInt8] = [0x46, 0xED, 0x73, 0x69, 0x63, 0x61, 0x20, 0xC3, 0xA9, 0x20, 0x80, 0xE2, 0x82]
        #expect(String(decoding: TextToUTF8Transcoder.transcode(bytes, from: .utf8), as: UTF8.self) == "Física é €â‚")
    }

    @Test(
        "maps every output character to the input bytes it came from, in every encoding",
        arguments: [
            CharacterEncoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian, .utf8,
            .windows1252,
        ])
    func offsetMap(encoding: CharacterEncoding) throws {
        let text =
            encoding == .windows1252 ? TextSamples.latin : TextSamples.unicode + TextSamples.randomUnicode(300, seed: 4)
        let encoded =
            encoding.byteOrderMark + (try toolOutput("iconv -f UTF-8 -t \(encoding)", input: Array(text.utf8)))
        let transcoder = TextToUTF8Transcoder(encoding: encoding)
        var utf8: [UInt8] = []
        var maps: [TranscodingOffsetMap] = []
        var random = SeededRandom(seed: 1)
        var at = 0
        while at < encoded.count {
            let size = min(Int.random(in: 0...9, using: &random), encoded.count - at)
            transcoder.decode(encoded[at..<at + size]) { piece, map in
                utf8.append(contentsOf: piece)
                maps.append(map)
            }
            at += size
        }
        transcoder.finish { piece, map in
            utf8.append(contentsOf: piece)
            maps.append(map)
        }
        #expect(utf8 == Array(text.utf8))
        // Every character's first output byte maps to the input offset where
        // the character starts (counted from the lengths Swift gives it in
        // that encoding) and, but in UTF-8 whose map is byte for byte, to
        // input bytes that decode alone to that character.
        var offset = 0
        var inputOffset = encoding.byteOrderMark.count
        for scalar in text.unicodeScalars {
            let range = maps.lazy.compactMap { $0.inputRange(ofOutputOffset: offset) }.first
            guard let range else {
                Issue.record("no input for output offset \(offset)")
                return
            }
            #expect(range.lowerBound == inputOffset, "\(scalar) at \(offset)")
            if encoding != .utf8 && scalar != "\u{FEFF}" {
                let alone = TextToUTF8Transcoder.transcode(Array(encoded[range]), from: encoding)
                #expect(String(decoding: alone, as: UTF8.self).unicodeScalars.first == scalar, "\(scalar) at \(offset)")
            }
            offset += String(scalar).utf8.count
            switch encoding {
            case .utf16LittleEndian, .utf16BigEndian: inputOffset += 2 * String(scalar).utf16.count
            case .utf32LittleEndian, .utf32BigEndian: inputOffset += 4
            case .windows1252, .singleByte: inputOffset += 1
            case .utf8: inputOffset += String(scalar).utf8.count
            }
        }
        #expect(maps.flatMap(\.runs).first?.inputStart == encoding.byteOrderMark.count)
    }

    @Test("gives the same text whatever the pieces the input comes in")
    func piecesDoNotMatter() throws {
        let text = TextSamples.randomUnicode(2000, seed: 9)
        for encoding in [CharacterEncoding.utf16BigEndian, .utf32LittleEndian, .utf8] {
            let encoded = try toolOutput("iconv -f UTF-8 -t \(encoding)", input: Array(text.utf8))
            for pieceSize in [1, 2, 3, 5] {
                let transcoder = TextToUTF8Transcoder(encoding: encoding)
                var utf8: [UInt8] = []
                var at = 0
                while at < encoded.count {
                    transcoder.decode(encoded[at..<min(at + pieceSize, encoded.count)]) { piece, _ in
                        utf8.append(contentsOf: piece)
                    }
                    at += pieceSize
                }
                transcoder.finish { piece, _ in utf8.append(contentsOf: piece) }
                #expect(utf8 == Array(text.utf8), "\(encoding) in pieces of \(pieceSize)")
            }
        }
    }

    @Test("random bytes never crash and always give valid UTF-8", arguments: CharacterEncoding.allCases)
    func randomBytes(encoding: CharacterEncoding) {
        var random = SeededRandom(seed: 5)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let utf8 = TextToUTF8Transcoder.transcode(bytes, from: encoding)
            #expect(String(validating: utf8, as: UTF8.self) != nil)
        }
    }
}
