import CPFDecoders
import Testing

@Suite("MailPart")
struct MailPartTests {
    @Test(
        "reads media type, charset, boundary and transfer encoding",
        arguments: [
            (
                "Content-Type: text/plain; charset=\"ISO-8859-1\"\nContent-Transfer-Encoding: quoted-printable\n",
                "text/plain", "iso-8859-1", nil as String?, MailPart.TransferEncoding.quotedPrintable
            ),
            (
                "content-type: Multipart/Mixed;\n boundary=\"==b (x) \\\"q\\\"\"\n", "multipart/mixed", "",
                "==b (x) \"q\"", .identity
            ),
            (
                "Content-Type: text/html; charset=utf-8 (comment)\nContent-Transfer-Encoding: BASE64 \n", "text/html",
                "utf-8", nil, .base64
            ),
            ("Subject: no type\n", "text/plain", "", nil, .identity),
            ("Content-Type: nonsense\nContent-Transfer-Encoding: x-uuencode\n", "text/plain", "", nil, .identity),
            (
                "Content-Type: multipart/alternative; boundary=abc; charset=us-ascii\n", "multipart/alternative",
                "us-ascii", "abc", .identity
            ),
        ])
    func reads(header: String, type: String, charset: String, boundary: String?, encoding: MailPart.TransferEncoding) {
        let part = MailPart(header: Array(header.utf8))
        #expect(part.mediaType == type)
        #expect(part.charset == charset)
        #expect(part.boundary == boundary.map { Array($0.utf8) })
        #expect(part.transferEncoding == encoding)
        #expect(part.isMultipart == (boundary != nil && type.hasPrefix("multipart/")))
    }

    @Test(
        "maps charsets to the encodings the transcoders know",
        arguments: [
            ("utf-8", CharacterEncoding.utf8), ("iso-8859-1", .windows1252), ("windows-1252", .windows1252),
            ("us-ascii", .windows1252), ("utf-16le", .utf16LittleEndian), ("utf-16", .utf16BigEndian),
            ("koi8-r", .utf8), ("", .utf8),
        ])
    func charsets(charset: String, encoding: CharacterEncoding) {
        let header = "Content-Type: text/plain; charset=\(charset)\nContent-Transfer-Encoding: base64\n"
        #expect(MailPart(header: Array(header.utf8)).textEncoding == encoding)
    }

    @Test("UTF-16 without a transfer encoding is read as UTF-8, since its line breaks cut code units")
    func utf16Identity() {
        #expect(MailPart(header: Array("Content-Type: text/plain; charset=utf-16le\n".utf8)).textEncoding == .utf8)
        #expect(MailPart(header: Array("Content-Type: text/plain; charset=utf-16\n".utf8)).textEncoding == .utf8)
    }

    @Test("a message/rfc822 part is a message only when not encoded")
    func messages() {
        #expect(MailPart(header: Array("Content-Type: message/rfc822\n".utf8)).isMessage)
        #expect(
            !MailPart(header: Array("Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n".utf8)).isMessage
        )
        #expect(MailPart(header: [], defaultMediaType: "message/rfc822").isMessage)
    }
}
