import Testing

@testable import CPFDecoders

@Suite("PDFToUnicodeMap")
struct PDFToUnicodeMapTests {
    static let cmap = """
        /CIDInit /ProcSet findresource begin 12 dict begin begincmap
        /CMapName /Adobe-Identity-UCS def
        1 begincodespacerange <0000> <FFFF> endcodespacerange
        3 beginbfchar <0003> <0041> <0004> <D835DC00> <0005> /ccedilla endbfchar
        2 beginbfrange <0010> <0019> <0030> <0020> <0022> [<0061> <00620063> <D83DDE00>] endbfrange
        1 beginbfrange <00FF> <0100> <D83DDEFF> endbfrange
        endcmap CMapName currentdict /CMap defineresource pop end end
        """

    @Test(
        "maps codes by bfchar, counting and array bfranges, with surrogate pairs",
        arguments: [
            (3 as UInt32, "A" as String?), (4, "𝐀"), (5, "ç"), (0x10, "0"), (0x19, "9"), (0x20, "a"), (0x21, "bc"),
            (0x22, "😀"), (0xFF, "\u{1F6FF}"), (0x100, "\u{1F700}"), (0x1A, nil), (0, nil),
        ])
    func lookups(code: UInt32, expected: String?) {
        let map = PDFToUnicodeMap(parsing: Array(Self.cmap.utf8))
        #expect(map.text(for: code).map { String(String.UnicodeScalarView($0)) } == expected)
        #expect(map.codeLengths == [2])
    }

    @Test("finds codes in many ranges given in any order")
    func manyRanges() {
        let entries = (0..<2000).reversed().map { "<\(hex($0 * 4))> <\(hex($0 * 4 + 1))> <\(hex($0 + 0x4E00))>" }
        let map = PDFToUnicodeMap(parsing: Array("2000 beginbfrange \(entries.joined(separator: " ")) endbfrange".utf8))
        for block in [0, 1, 999, 1999] {
            #expect(map.text(for: UInt32(block * 4)) == [Unicode.Scalar(UInt32(block + 0x4E00))!])
            #expect(map.text(for: UInt32(block * 4 + 1)) == [Unicode.Scalar(UInt32(block + 0x4E01))!])
            #expect(map.text(for: UInt32(block * 4 + 2)) == nil)
        }
        #expect(map.text(for: 8000) == nil)
    }

    private func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    @Test("reads UTF-16BE, a lone surrogate as U+FFFD")
    func utf16() {
        #expect(PDFToUnicodeMap.scalars(utf16BE: [0x00, 0x41, 0xD8, 0x3D, 0xDE, 0x00]) == ["A", "😀"])
        #expect(PDFToUnicodeMap.scalars(utf16BE: [0xDC, 0x00, 0x00, 0x41]) == ["\u{FFFD}", "A"])
        #expect(PDFToUnicodeMap.scalars(utf16BE: [0x41]) == ["A"])
    }

    @Test("ignores a range past 65,536 codes, and junk, without crashing")
    func bounds() {
        let map = PDFToUnicodeMap(parsing: Array("1 beginbfrange <000000> <FFFFFF> <0041> endbfrange".utf8))
        #expect(map.isEmpty)
        for seed in 0..<100 as Range<UInt64> {
            _ = PDFToUnicodeMap(parsing: Array("beginbfrange beginbfchar ".utf8) + SampleData.random(200, seed: seed))
        }
    }
}
