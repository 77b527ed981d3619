import Testing

@testable import CPFDecoders

@Suite("PDFEncodings")
struct PDFEncodingsTests {
    @Test(
        "maps Adobe glyph names to characters",
        arguments: [
            ("A", "A" as Unicode.Scalar?), ("zero", "0"), ("nine", "9"), ("period", "."), ("hyphen", "-"),
            ("space", " "), ("ccedilla", "ç"), ("atilde", "ã"), ("Eacute", "É"), ("quoteright", "\u{2019}"),
            ("Euro", "€"), ("fi", "\u{FB01}"), ("uni00E9", "é"), ("u1F600", "😀"), ("a.sc", "a"), ("f_i", "f"),
            ("g123", nil), ("cid45", nil), ("uniD800", nil), ("", nil),
        ])
    func glyphNames(name: String, expected: Unicode.Scalar?) {
        #expect(PDFEncodings.scalar(forGlyph: name) == expected)
    }

    @Test(
        "holds the standard encodings of Annex D",
        arguments: [
            ("WinAnsiEncoding", 0x41, "A" as Unicode.Scalar?), ("WinAnsiEncoding", 0xE7, "ç"),
            ("WinAnsiEncoding", 0x80, "€"), ("WinAnsiEncoding", 0x96, "\u{2013}"), ("WinAnsiEncoding", 0x0A, nil),
            ("MacRomanEncoding", 0x8D, "ç"), ("MacRomanEncoding", 0x8B, "ã"), ("MacRomanEncoding", 0xDB, "€"),
            ("MacRomanEncoding", 0xD5, "\u{2019}"), ("StandardEncoding", 0x27, "\u{2019}"),
            ("StandardEncoding", 0x60, "\u{2018}"), ("StandardEncoding", 0xE1, "Æ"), ("StandardEncoding", 0xFB, "ß"),
            ("StandardEncoding", 0xA4, "\u{2044}"), ("StandardEncoding", 0xC1, "`"), ("StandardEncoding", 0xE7, nil),
        ])
    func tables(name: String, code: Int, expected: Unicode.Scalar?) throws {
        let table = try #require(PDFEncodings.table(named: name))
        #expect(table.count == 256)
        #expect(table[code] == expected)
    }

    @Test("knows no other encoding name")
    func unknown() {
        #expect(PDFEncodings.table(named: "Identity-H") == nil)
        #expect(PDFEncodings.table(named: "") == nil)
    }

    @Test("agrees with Python's mac_roman codec on every byte from 80 up")
    func macRomanAgainstPython() throws {
        let python = try python(
            "import sys; sys.stdout.write(\",\".join(str(ord(bytes([b]).decode(\"mac_roman\"))) for b in range(128, 256)))"
        )
        let theirs = String(decoding: python, as: UTF8.self).split(separator: ",").map { UInt32($0) }
        let ours = (128..<256).map { PDFEncodings.macRoman[$0]?.value }
        // Python's codec predates the euro sign (DB) and gives the old currency sign.
        for (index, value) in theirs.enumerated() where index + 128 != 0xDB { #expect(ours[index] == value) }
    }
}
