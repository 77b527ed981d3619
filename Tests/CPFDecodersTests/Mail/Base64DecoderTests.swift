import CPFDecoders
import Testing

@Suite("Base64Decoder")
struct Base64DecoderTests {
    /// RFC 4648, section 10: the test vectors of base64.
    @Test(
        "decodes RFC 4648's test vectors",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ])
    func rfc4648(plain: String, encoded: String) throws {
        #expect(try Base64Decoder.decode(Array(encoded.utf8)) == Array(plain.utf8))
    }

    @Test("decodes e-mail bodies Python's email package encodes, in any pieces")
    func decodesEmailBodies() throws {
        let data = SampleData.random(10_000, seed: 1) + SampleData.text(5000, seed: 2)
        let encoded = try python(
            """
            import sys
            from email import message, policy
            m = message.EmailMessage(policy=policy.SMTP)
            m.set_content(sys.stdin.buffer.read(), maintype="application", subtype="octet-stream")
            sys.stdout.buffer.write(m.get_payload().encode("ascii"))
            """, input: data)
        // On the wire the lines end with CRLF; in a stored message often LF.
        let wire = encoded.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
        #expect(try Base64Decoder.decode(wire) == data)
        var random = SeededRandom(seed: 3)
        let decoder = Base64Decoder()
        var output: [UInt8] = []
        var at = 0
        while at < encoded.count {
            let size = min(Int.random(in: 0...7, using: &random), encoded.count - at)
            decoder.decode(encoded[at..<at + size]) { output.append(contentsOf: $0) }
            at += size
        }
        try decoder.finish { output.append(contentsOf: $0) }
        #expect(output == data)
    }

    @Test(
        "ignores characters outside the alphabet as RFC 2045 asks, as Python does",
        arguments: [
            "Q1BG\r\nOiAz\r\n", "Q1 BG Oi\tAz", "Q1BG!OiAz*", "YWJj\r\nZGVm\r\n", "Q1BGOiAzOTA=", "Q1BGOiAzOQ==",
        ])
    func ignoresOtherCharacters(text: String) throws {
        let expected = try python(
            "import sys, base64; sys.stdout.buffer.write(base64.b64decode(sys.stdin.buffer.read(), validate=False))",
            input: Array(text.utf8))
        #expect(try Base64Decoder.decode(Array(text.utf8)) == expected)
    }

    /// Where Python stops or refuses, a search must not: quanta after `=`
    /// (concatenated encodings) are decoded, and missing padding is forgiven.
    @Test(
        "decodes past padding and without it, where Python's decoder stops",
        arguments: [
            ("YQ==YQ==", "aa"), ("YWI=\r\nYw==", "abc"), ("Q1BGOiAzOTA", "CPF: 390"), ("Q1BGOiAzOT", "CPF: 39"),
        ])
    func forgiving(text: String, decoded: String) throws {
        #expect(try Base64Decoder.decode(Array(text.utf8)) == Array(decoded.utf8))
    }
}
