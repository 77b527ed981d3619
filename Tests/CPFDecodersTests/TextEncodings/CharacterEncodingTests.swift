import CPFDecoders
import Testing

@Suite("CharacterEncoding")
struct CharacterEncodingTests {
    /// iconv's names; `UTF-16` and `UTF-32` alone make iconv write a byte
    /// order mark (in the machine's order), the others write none.
    @Test(
        "detects the encodings iconv writes",
        arguments: [
            ("UTF-16LE", CharacterEncoding.utf16LittleEndian, 0), ("UTF-16BE", .utf16BigEndian, 0),
            ("UTF-8", .utf8, 0), ("CP1252", .windows1252, 0), ("ISO-8859-1", .windows1252, 0),
        ])
    func detectsIconvOutput(name: String, expected: CharacterEncoding, markLength: Int) throws {
        let text = try toolOutput(
            "iconv -f UTF-8 -t \(name)", input: Array("CPF do cliente: 390.533.447-05, São Paulo\n".utf8))
        #expect(
            CharacterEncoding.detect(text, isComplete: true)
                == .init(encoding: expected, byteOrderMarkLength: markLength))
    }

    @Test(
        "detects every byte order mark, UTF-32 before UTF-16",
        arguments: [
            ("UTF-16", "little", CharacterEncoding.utf16LittleEndian, 2), ("UTF-32", "little", .utf32LittleEndian, 4),
            ("UTF-16BE", "big", .utf16BigEndian, 2), ("UTF-32BE", "big", .utf32BigEndian, 4),
            ("UTF-8", "utf8", .utf8, 3),
        ])
    func detectsByteOrderMarks(name: String, order: String, expected: CharacterEncoding, markLength: Int) throws {
        // Python writes the mark for UTF-8 ("utf-8-sig") and the big-endian
        // ones explicitly; iconv's UTF-16/UTF-32 write it in the machine's order.
        let text: [UInt8]
        switch order {
        case "little": text = try toolOutput("iconv -f UTF-8 -t \(name)", input: Array("Física".utf8))
        case "big":
            text = try python("import sys; sys.stdout.buffer.write(\"\\ufeffFísica\".encode(\"\(name.lowercased())\"))")
        default: text = try python("import sys; sys.stdout.buffer.write(\"Física\".encode(\"utf-8-sig\"))")
        }
        if order == "little" { try #require(text.first == 0xFF, "this machine's iconv writes little-endian marks") }
        #expect(CharacterEncoding.detect(text) == .init(encoding: expected, byteOrderMarkLength: markLength))
    }

    @Test("a sample cut inside a UTF-8 character is still UTF-8 unless it is the whole text")
    func cutSample() {
        let text = Array("Física".utf8)
        #expect(CharacterEncoding.detect(text.prefix(2)).encoding == .utf8)
        #expect(CharacterEncoding.detect(text.prefix(2), isComplete: true).encoding == .windows1252)
    }

    @Test(
        "does not take UTF-8 text, binary data or UTF-32 for UTF-16",
        arguments: [
            [0x00, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00, 0x42] as [UInt8],
            Array("plain ASCII text with no NUL at all".utf8),
            [0x41, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00, 0x43, 0x00, 0x00, 0x00],
        ])
    func notUTF16(bytes: [UInt8]) {
        let encoding = CharacterEncoding.detect(bytes).encoding
        #expect(encoding != .utf16LittleEndian && encoding != .utf16BigEndian)
    }

    @Test("detects random Latin text iconv wrote in UTF-16 without a mark")
    func randomUTF16() throws {
        var random = SeededRandom(seed: 17)
        for round in 0..<20 {
            let count = Int.random(in: 8...3000, using: &random)
            let text = String(decoding: SampleData.text(count, seed: UInt64(round)), as: UTF8.self)
            let order = round % 2 == 0 ? "LE" : "BE"
            let encoded = try toolOutput("iconv -f UTF-8 -t UTF-16\(order)", input: Array(text.utf8))
            #expect(
                CharacterEncoding.detect(encoded).encoding == (order == "LE" ? .utf16LittleEndian : .utf16BigEndian))
        }
    }

    @Test(
        "MIME charset names give the encodings the transcoders know, in any case",
        arguments: [
            ("UTF-8", CharacterEncoding?.some(.utf8)), ("us-ascii", .windows1252), ("ISO-8859-1", .windows1252),
            ("latin1", .windows1252), ("windows-1252", .windows1252), ("utf-16", .utf16BigEndian),
            ("UTF-16LE", .utf16LittleEndian), ("utf-32", .utf32BigEndian), ("utf-32le", .utf32LittleEndian),
            ("iso-8859-15", .singleByte(.iso885915)), ("cp1251", .singleByte(.windows1251)), ("koi8-r", nil),
            ("", nil),
        ])
    func charsetNames(name: String, encoding: CharacterEncoding?) {
        #expect(CharacterEncoding(charset: name) == encoding)
    }

    @Test("every encoding is among allCases once, the code pages named as iconv names them")
    func allCases() {
        #expect(CharacterEncoding.allCases.count == 6 + SingleByteCodePage.allCases.count)
        #expect(Set(CharacterEncoding.allCases).count == CharacterEncoding.allCases.count)
        #expect(CharacterEncoding.singleByte(.iso885915).description == "ISO-8859-15")
        #expect(CharacterEncoding.singleByte(.iso885915).byteOrderMark.isEmpty)
    }
}
