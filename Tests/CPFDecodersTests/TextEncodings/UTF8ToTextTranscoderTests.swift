import CPFDecoders
import Testing

@Suite("UTF8ToTextTranscoder")
struct UTF8ToTextTranscoderTests {
    @Test(
        "writes what iconv writes",
        arguments: [
            CharacterEncoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian, .windows1252,
            .utf8,
        ])
    func matchesIconv(encoding: CharacterEncoding) throws {
        let text =
            encoding == .windows1252
            ? TextSamples.latin : TextSamples.unicode + TextSamples.randomUnicode(1000, seed: 6)
        let expected = try toolOutput("iconv -f UTF-8 -t \(encoding)", input: Array(text.utf8))
        #expect(UTF8ToTextTranscoder.transcode(Array(text.utf8), to: encoding) == expected)
    }

    @Test(
        "keeps the byte order mark when asked, and round-trips through the decoder",
        arguments: [CharacterEncoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian, .utf8])
    func roundTrip(encoding: CharacterEncoding) {
        let text = Array((TextSamples.unicode + TextSamples.randomUnicode(500, seed: 8)).utf8)
        let encoded = UTF8ToTextTranscoder.transcode(text, to: encoding, writesByteOrderMark: true)
        #expect(encoded.starts(with: encoding.byteOrderMark))
        #expect(CharacterEncoding.detect(encoded).encoding == encoding)
        #expect(TextToUTF8Transcoder.transcode(encoded, from: encoding) == text)
    }

    @Test(
        "replaces what the target cannot hold as Python's 'replace' does",
        arguments: [
            ("utf-16-le", CharacterEncoding.utf16LittleEndian), ("utf-32-be", .utf32BigEndian),
            ("cp1252", .windows1252),
        ])
    func replacesLikePython(codec: String, encoding: CharacterEncoding) throws {
        // Invalid UTF-8 (a lone continuation, an encoded surrogate, a cut
        // sequence) and, for cp1252, characters it lacks.
        let input: [UInt8] = Array("ok ő 😀 ".utf8) + [0x80, 0x20, 0xED, 0xA0, 0x80, 0x20, 0xE2, 0x82]
        let expected = try python(
            """
            import sys
            text = sys.stdin.buffer.read().decode("utf-8", "replace")
            sys.stdout.buffer.write(text.encode("\(codec)", "replace"))
            """, input: input)
        #expect(UTF8ToTextTranscoder.transcode(input, to: encoding) == expected)
    }

    @Test("gives the same bytes whatever the pieces the UTF-8 comes in")
    func piecesDoNotMatter() {
        let text = Array(TextSamples.randomUnicode(1000, seed: 2).utf8)
        let whole = UTF8ToTextTranscoder.transcode(text, to: .utf16BigEndian)
        let transcoder = UTF8ToTextTranscoder(encoding: .utf16BigEndian)
        var pieces: [UInt8] = []
        for index in stride(from: 0, to: text.count, by: 3) {
            transcoder.encode(text[index..<min(index + 3, text.count)]) { pieces.append(contentsOf: $0) }
        }
        transcoder.finish { pieces.append(contentsOf: $0) }
        #expect(pieces == whole)
    }
}
