import CPFDecoders
import Testing

@Suite("QuotedPrintableDecoder")
struct QuotedPrintableDecoderTests {
    @Test("decodes what Python's quopri and email packages encode", arguments: ["quopri", "email"])
    func decodesPython(encoder: String) throws {
        let lines = TextSamples.unicode.replacingOccurrences(of: "\r\n", with: "\n")
        let text = Array((lines + "\n" + String(repeating: "CPF 390.533.447-05 ", count: 20) + "  \n\tx = y\n").utf8)
        let program =
            encoder == "quopri"
            ? "import sys, quopri; sys.stdout.buffer.write(quopri.encodestring(sys.stdin.buffer.read()))"
            : """
            import sys, email.quoprimime as q; \
            sys.stdout.buffer.write(q.body_encode(sys.stdin.buffer.read().decode(\"latin-1\"), \
            eol=\"\\r\\n\").encode(\"latin-1\"))
            """
        let encoded = try python(program, input: text)
        // The email package writes CRLF line breaks, and they stay CRLF.
        let expected = encoder == "email" ? text.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } : text
        #expect(encoder == "quopri" || encoded.contains(0x0D))
        #expect(QuotedPrintableDecoder.decode(encoded) == expected)
    }

    /// The expectations follow RFC 2045; Python's email.quoprimime.decode
    /// agrees on each (it writes every line break as LF, hence the
    /// comparison with CRLF turned into LF).
    @Test(
        "soft line breaks disappear, even inside a CPF",
        arguments: [
            ("390.533.4=\r\n47-05", "390.533.447-05"), ("390.533.4=\n47-05", "390.533.447-05"),
            ("390.533.4=  \r\n47-05", "390.533.447-05"), ("S=C3=A3o", "São"), ("S=c3=a3o", "São"),
            ("a=3Db", "a=b"), ("50=", "50"), ("x=4", "x=4"), ("=ZZ", "=ZZ"), ("trailing  \r\nline", "trailing\r\nline"),
            ("tab\t\nline", "tab\nline"), ("mid  dle", "mid  dle"),
        ])
    func softBreaks(encoded: String, decoded: String) throws {
        #expect(QuotedPrintableDecoder.decode(Array(encoded.utf8)) == Array(decoded.utf8))
        let python = try python(
            """
            import sys, email.quoprimime as q
            sys.stdout.buffer.write(q.decode(sys.stdin.buffer.read().decode("latin-1")).encode("latin-1"))
            """, input: Array(encoded.utf8))
        #expect(python == Array(decoded.replacingOccurrences(of: "\r\n", with: "\n").utf8))
    }

    @Test("gives the same bytes whatever the pieces the text comes in")
    func piecesDoNotMatter() {
        let encoded = Array("Linha  \r\n390.533.4=\r\n47-05 =C3=A9=\n fim\t\r\n=3D=".utf8)
        let whole = QuotedPrintableDecoder.decode(encoded)
        for size in 1...5 {
            let decoder = QuotedPrintableDecoder()
            var output: [UInt8] = []
            for start in stride(from: 0, to: encoded.count, by: size) {
                decoder.decode(encoded[start..<min(start + size, encoded.count)]) { output.append(contentsOf: $0) }
            }
            decoder.finish { output.append(contentsOf: $0) }
            #expect(output == whole, "pieces of \(size)")
        }
    }

    @Test("random bytes never crash the decoder")
    func randomBytes() {
        var random = SeededRandom(seed: 8)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...80, using: &random)).map { _ in
                [
                    UInt8(ascii: "="), 0x0D, 0x0A, 0x20, UInt8(ascii: "A"), UInt8(ascii: "f"),
                    UInt8.random(in: 0...255, using: &random),
                ][Int.random(in: 0..<7, using: &random)]
            }
            #expect(QuotedPrintableDecoder.decode(bytes).count <= bytes.count)
        }
    }
}
