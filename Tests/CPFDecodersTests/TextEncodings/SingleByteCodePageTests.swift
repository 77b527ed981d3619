import CPFDecoders
import Testing

@Suite("SingleByteCodePage")
struct SingleByteCodePageTests {
    @Test(
        "every byte of every code page reads as Python's codec reads it, and is written back to the same byte",
        arguments: SingleByteCodePage.allCases)
    func agreesWithPython(page: SingleByteCodePage) throws {
        let bytes = (0...255).map { UInt8($0) }
        // Python's own decoding; an undefined byte 80-9F as its C1 control, another as U+FFFD.
        let script = """
            import sys
            out = []
            for b in range(256):
                try: out.append(bytes([b]).decode('\(page.description)'))
                except UnicodeDecodeError: out.append(chr(b) if 0x80 <= b < 0xA0 else '\\ufffd')
            sys.stdout.buffer.write(''.join(out).encode('utf-8'))
            """
        let expected = try toolOutput("python3 -", input: Array(script.utf8))
        let ours = bytes.map { String(page.scalar(for: $0)) }.joined()
        #expect(Array(ours.utf8) == expected)
        for byte in bytes where page.scalar(for: byte) != "\u{FFFD}" {
            #expect(page.byte(for: page.scalar(for: byte)) == byte, "\(byte)")
        }
    }

    @Test(
        "charset names, in any case and spelling, name their code page; others none",
        arguments: [
            ("ISO-8859-15", SingleByteCodePage?.some(.iso885915)), ("iso8859-15", .iso885915),
            ("iso_8859-15", .iso885915), ("latin9", .iso885915), ("Latin-9", .iso885915),
            ("iso-8859-2", .iso88592), ("iso-8859-16", .iso885916), ("iso-8859-11", .iso885911),
            ("windows-1250", .windows1250), ("cp1251", .windows1251), ("WINDOWS-1258", .windows1258),
            ("iso-8859-12", nil), ("iso-8859-1", nil), ("windows-1252", nil), ("iso-8859-", nil), ("koi8-r", nil),
            ("windows-1259", nil), ("", nil),
        ])
    func names(charset: String, page: SingleByteCodePage?) {
        #expect(SingleByteCodePage(charset: charset) == page)
    }

    @Test("ISO-8859-15 differs from Latin-1 in its eight places: € Š š Ž ž Œ œ Ÿ")
    func latin9() {
        let changed = (0xA0...0xFF).map { UInt8($0) }.filter {
            SingleByteCodePage.iso885915.scalar(for: $0) != Unicode.Scalar($0)
        }
        #expect(changed == [0xA4, 0xA6, 0xA8, 0xB4, 0xB8, 0xBC, 0xBD, 0xBE])
        #expect(String(changed.map { Character(SingleByteCodePage.iso885915.scalar(for: $0)) }) == "€ŠšŽžŒœŸ")
        #expect(SingleByteCodePage.iso885915.byte(for: "¤") == nil)
    }
}
