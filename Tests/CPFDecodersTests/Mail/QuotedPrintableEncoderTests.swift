import CPFDecoders
import Testing

@Suite("QuotedPrintableEncoder")
struct QuotedPrintableEncoderTests {
    @Test("Python reads back what it encodes, in lines of at most 76 characters")
    func encodesForPython() throws {
        var random = SeededRandom(seed: 21)
        for round in 0..<40 {
            var text = SampleData.text(Int.random(in: 0...2000, using: &random), seed: UInt64(round))
            if round % 3 == 0 { text += [0x20, 0x0A, 0x3D, 0x09, 0x0D, 0x41, 0x0D, 0x0D, 0x0A, 0x00, 0xFF, 0x20] }
            if round % 5 == 0 { text += [UInt8](repeating: 0x41, count: 200) + [UInt8](repeating: 0xE9, count: 90) }
            let encoded = QuotedPrintableEncoder.encode(text, lineBreak: [0x0A])
            for line in encoded.split(separator: 0x0A, omittingEmptySubsequences: false) {
                #expect(line.count <= 76)
                #expect(line.last != 0x20 && line.last != 0x09, "no blank at the end of a line")
                #expect(line.allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) })
            }
            // Hard line breaks (LF or CRLF) are written as the encoder's line break.
            var expected: [UInt8] = []
            for (index, byte) in text.enumerated()
            where !(byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A) {
                expected.append(byte)
            }
            let decoded = try python(
                "import sys, quopri; sys.stdout.buffer.write(quopri.decodestring(sys.stdin.buffer.read()))",
                input: encoded)
            #expect(decoded == expected, "round \(round)")
            #expect(QuotedPrintableDecoder.decode(encoded) == expected)
        }
    }

    @Test(
        "escapes a blank only where a line ends after it",
        arguments: [
            ("a b", "a b"), ("a \n", "a=20\n"), ("a\t\r\n", "a=09\n"), ("a \r", "a =0D"), ("a ", "a=20"),
            ("a=b", "a=3Db"),
            ("é", "=C3=A9"), ("x\ry", "x=0Dy"),
        ])
    func blanks(text: String, encoded: String) {
        #expect(QuotedPrintableEncoder.encode(Array(text.utf8), lineBreak: [0x0A]) == Array(encoded.utf8))
    }

    @Test(
        "escapes a line's first -, F or . when asked, so no line reads as a boundary or From line",
        arguments: [
            ("--b\nFrom x\n.\nA-F.", "=2D-b\n=46rom x\n=2E\nA-F."), ("x", "x"),
            (String(repeating: "a", count: 75) + "-", String(repeating: "a", count: 75) + "=\n=2D"),
        ])
    func lineStarts(text: String, encoded: String) {
        let encoder = QuotedPrintableEncoder(lineBreak: [0x0A], escapesLineStarts: true)
        var output: [UInt8] = []
        encoder.encode(Array(text.utf8)) { output += $0 }
        encoder.finish { output += $0 }
        #expect(String(decoding: output, as: UTF8.self) == encoded)
        #expect(QuotedPrintableEncoder.encode(Array(text.utf8), lineBreak: [0x0A]) != output || text == "x")
    }
}
