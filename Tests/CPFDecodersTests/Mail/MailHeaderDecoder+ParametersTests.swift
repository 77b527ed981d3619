// Tests of MailHeaderDecoder+Parameters.swift: the examples of RFC 2231,
// continuations joined, and single values decoded or refused.

import CPFDecoders
import Testing

@Suite("MailHeaderDecoder: RFC 2231 parameters")
struct MailHeaderDecoderParametersTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test(
        "decodes and joins the parameters of RFC 2231",
        arguments: [
            (
                """
                Content-Type: message/external-body; access-type=URL;\r
                 URL*0="ftp://";\r
                 URL*1="cs.utk.edu/pub/moore/bulk-mailer/bulk-mailer.tar"\r\n
                """,
                """
                Content-Type: message/external-body; access-type=URL; \
                url="ftp://cs.utk.edu/pub/moore/bulk-mailer/bulk-mailer.tar"
                """
            ),
            (
                "Content-Type: application/x-stuff;\r\n title*=us-ascii'en-us'This%20is%20%2A%2A%2Afun%2A%2A%2A\r\n",
                "Content-Type: application/x-stuff; title=\"This is ***fun***\""
            ),
            (
                """
                Content-Type: application/x-stuff;\r
                 title*0*=us-ascii'en'This%20is%20even%20more%20;\r
                 title*1*=%2A%2A%2Afun%2A%2A%2A%20;\r
                 title*2="isn't it!"\r\n
                """,
                "Content-Type: application/x-stuff; title=\"This is even more ***fun*** isn't it!\""
            ),
            (
                "Content-Disposition: attachment;\n filename*=utf-8''CPF%20390.533.447-05.pdf\n",
                "Content-Disposition: attachment; filename=\"CPF 390.533.447-05.pdf\""
            ),
            (
                "Content-Disposition: attachment; filename*0*=iso-8859-1''Relat%F3rio%20390.533;\n"
                    + " filename*1*=.447-05.pdf\n",
                "Content-Disposition: attachment; filename=\"Relatório 390.533.447-05.pdf\""
            ),
            // An unknown charset: the value as written, joined.
            (
                "Content-Disposition: attachment; filename*=koi8-r''%C1b\n",
                "Content-Disposition: attachment; filename=\"koi8-r''%C1b\""
            ),
        ])
    func decodesParameters(written: String, decoded: String) {
        let fields = MailHeaderDecoder.fields(Array(written.utf8))
        #expect(fields.count == 1)
        #expect(text(fields[0].text) == decoded)
        #expect(fields[0].isDecoded)
    }

    @Test(
        "decodes an RFC 2231 value, or says it cannot",
        arguments: [
            ("us-ascii'en-us'This%20is%20%2A%2A%2Afun%2A%2A%2A", "This is ***fun***" as String?),
            ("utf-8''CPF%20390.533.447-05.pdf", "CPF 390.533.447-05.pdf"),
            ("''a%C3%A9", "aé"),
            ("iso-8859-2''%A3", "Ł"), ("koi8-r''a", nil),
            ("utf-8''%G0", nil),
            ("no quotes", nil),
        ])
    func decodesParameterValue(written: String, decoded: String?) {
        #expect(MailHeaderDecoder.decodeParameterValue(Array(written.utf8)).map(text) == decoded)
    }
}
