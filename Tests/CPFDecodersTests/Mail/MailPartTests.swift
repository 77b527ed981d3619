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
            // x-uuencode is read since issue 38.
            ("Content-Type: nonsense\nContent-Transfer-Encoding: x-uuencode\n", "text/plain", "", nil, .uuencode),
            ("Content-Transfer-Encoding: x-token\n", "text/plain", "", nil, .identity),
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
            ("utf-32", .utf32BigEndian), ("utf-32le", .utf32LittleEndian), ("iso-8859-15", .singleByte(.iso885915)),
            ("windows-1250", .singleByte(.windows1250)), ("koi8-r", .utf8), ("", .utf8),
        ])
    func charsets(charset: String, encoding: CharacterEncoding) {
        let header = "Content-Type: text/plain; charset=\(charset)\nContent-Transfer-Encoding: base64\n"
        #expect(MailPart(header: Array(header.utf8)).textEncoding == encoding)
    }

    // Before issue 38 such a part was read as UTF-8, which missed every CPF
    // in the 8-bit UTF-16 Python writes; its line breaks are now read as content.
    @Test("UTF-16 and UTF-32 without a transfer encoding are read in their charset")
    func wideIdentity() {
        #expect(
            MailPart(header: Array("Content-Type: text/plain; charset=utf-16le\n".utf8)).textEncoding
                == .utf16LittleEndian)
        #expect(
            MailPart(header: Array("Content-Type: text/plain; charset=utf-32\n".utf8)).textEncoding == .utf32BigEndian)
    }

    @Test(
        "x-uuencode, uuencode and x-uue are uuencoded bodies",
        arguments: ["x-uuencode", "uuencode", "X-UUE"])
    func uuencode(name: String) {
        #expect(MailPart(header: Array("Content-Transfer-Encoding: \(name)\n".utf8)).transferEncoding == .uuencode)
    }

    @Test(
        "the file name comes from Content-Disposition's filename, else Content-Type's name, decoded",
        arguments: [
            ("Content-Disposition: attachment; filename=\"a b.zip\"\nContent-Type: x/y; name=c.zip\n", "a b.zip"),
            ("Content-Type: application/zip; name=c.zip\n", "c.zip"),
            ("Content-Disposition: attachment;\n filename*=utf-8''Relat%C3%B3rio.pdf\n", "Relatório.pdf"),
            ("Content-Type: application/pdf; name=\"=?utf-8?B?w6kucGRm?=\"\n", "é.pdf"),
        ])
    func fileName(header: String, name: String) {
        #expect(MailPart(header: Array(header.utf8)).fileName == Array(name.utf8))
    }

    @Test("a part without a name has none")
    func noFileName() {
        #expect(MailPart(header: Array("Content-Type: text/plain; charset=utf-8\n".utf8)).fileName == nil)
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
