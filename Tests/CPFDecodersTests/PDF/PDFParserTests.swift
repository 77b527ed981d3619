import Testing

@testable import CPFDecoders

@Suite("PDFParser")
struct PDFParserTests {
    private func parse(_ text: String) throws(PDFError) -> PDFObject {
        let result = Array(text.utf8).withUnsafeBytes { raw in
            var parser = PDFParser(raw)
            return Result { () throws(PDFError) in try parser.parseObject() }
        }
        return try result.get()
    }

    @Test(
        "parses the objects of ISO 32000-1 7.3",
        arguments: [
            ("true", PDFObject.bool(true)), ("false", .bool(false)), ("null", .null),
            ("123", .integer(123)), ("-17", .integer(-17)), ("+4", .integer(4)), ("34.5", .real(34.5)),
            ("-.002", .real(-0.002)), ("4.", .real(4)), ("/Name", .name("Name")), ("/A#20B", .name("A B")),
            ("/", .name("")), ("(a (nested) string)", .string(Array("a (nested) string".utf8))),
            ("(esc\\n\\)\\101\\\nx)", .string(Array("esc\n)Ax".utf8))), ("<4E6F7>", .string([0x4E, 0x6F, 0x70])),
            ("<4e 6f>", .string([0x4E, 0x6F])), ("[1 2 0 R /A]", .array([.integer(1), .reference(2, 0), .name("A")])),
            (
                "<< /A 1 0 R /B [ ] /C << >> >>",
                .dictionary(["A": .reference(1, 0), "B": .array([]), "C": .dictionary([:])])
            ),
            ("% comment\n 5", .integer(5)), ("[1 2]", .array([.integer(1), .integer(2)])),
            ("99999999999999999999", .real(1e18)),
        ])
    func parses(text: String, expected: PDFObject) throws {
        #expect(try parse(text) == expected)
    }

    @Test(
        "throws on what is no object, never crashing",
        arguments: ["", "]", ">>", "obj", "[1 2", "<< /A", "<< 1 2 >>", "<< /A endobj >>", "[ R ]"])
    func rejects(text: String) {
        #expect(throws: PDFError.self) { try parse(text) }
    }

    @Test("bounds the nesting of arrays and dictionaries")
    func nesting() {
        #expect(throws: PDFError.tooComplex("objects nested more than 64 deep")) {
            try parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        }
        #expect((try? parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))) != nil)
    }

    @Test("lexes the operators of a content stream as keywords")
    func tokens() {
        let tokens: [PDFParser.Token] = Array("BT /F1 12 Tf (x) Tj T* ET".utf8).withUnsafeBytes { raw in
            var parser = PDFParser(raw)
            var tokens: [PDFParser.Token] = []
            while let token = parser.nextToken() { tokens.append(token) }
            return tokens
        }
        #expect(
            tokens == [
                .keyword("BT"), .object(.name("F1")), .object(.integer(12)), .keyword("Tf"), .object(.string([0x78])),
                .keyword("Tj"), .keyword("T*"), .keyword("ET"),
            ])
    }

    @Test("never crashes on random bytes")
    func randomBytes() {
        for seed in 0..<200 as Range<UInt64> {
            let bytes = SampleData.random(300, seed: seed)
            bytes.withUnsafeBytes { raw in
                var parser = PDFParser(raw)
                while !parser.isAtEnd {
                    let before = parser.position
                    _ = try? parser.parseObject()
                    if parser.position == before { parser.position += 1 }
                }
            }
        }
    }
}
