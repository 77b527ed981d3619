import CPFDecoders
import Testing

@Suite("MailHeaderDecoder")
struct MailHeaderDecoderTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test(
        "decodes the encoded-words of RFC 2047, section 8",
        arguments: [
            ("=?US-ASCII?Q?Keith_Moore?= <moore@cs.utk.edu>", "Keith Moore <moore@cs.utk.edu>"),
            ("=?ISO-8859-1?Q?Keld_J=F8rn_Simonsen?= <keld@dkuug.dk>", "Keld Jørn Simonsen <keld@dkuug.dk>"),
            ("=?ISO-8859-1?Q?Andr=E9?= Pirard <PIRARD@vm1.ulg.ac.be>", "André Pirard <PIRARD@vm1.ulg.ac.be>"),
            ("=?ISO-8859-1?Q?Olle_J=E4rnefors?= <ojarnef@admin.kth.se>", "Olle Järnefors <ojarnef@admin.kth.se>"),
            ("=?ISO-8859-1?Q?Patrik_F=E4ltstr=F6m?= <paf@nada.kth.se>", "Patrik Fältström <paf@nada.kth.se>"),
            ("(=?ISO-8859-1?Q?a?=)", "(a)"),
            ("(=?ISO-8859-1?Q?a?= b)", "(a b)"),
            ("(=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=)", "(ab)"),
            ("(=?ISO-8859-1?Q?a?=  =?ISO-8859-1?Q?b?=)", "(ab)"),
            ("(=?ISO-8859-1?Q?a_b?=)", "(a b)"),
            // ISO-8859-2 is not read: that word stays as written, and so do the blanks before it.
            (
                "=?ISO-8859-1?B?SWYgeW91IGNhbiByZWFkIHRoaXMgeW8=?= =?ISO-8859-2?B?dSB1bmRlcnN0YW5kIHRoZSBleGFtcGxlLg==?=",
                // ISO-8859-2 is read since issue 38.
                "If you can read this you understand the example.",
            ),
            ("=?UTF-8?B?Q1BGIDM5MC41MzMuNDQ3LTA1?=", "CPF 390.533.447-05"),
            ("=?iso-8859-1?Q?CPF_390=2E533=2E447-05?=", "CPF 390.533.447-05"),
            ("=?utf-8*pt?Q?Jo=C3=A3o?=", "João"),
            ("=?windows-1252?Q?=80?=", "€"),
            // Badly encoded or not encoded-words: as written.
            ("=?UTF-8?Q?a=ZZ?=", "=?UTF-8?Q?a=ZZ?="),
            ("=?UTF-8?X?abc?=", "=?UTF-8?X?abc?="),
            ("=?UTF-8?Q?a b?=", "=?UTF-8?Q?a b?="),
            ("=?UTF-8?B?abc", "=?UTF-8?B?abc"),
        ])
    func decodesWords(written: String, decoded: String) {
        #expect(text(MailHeaderDecoder.decodeWords(Array(written.utf8))) == decoded)
    }

    @Test("joins encoded-words across a folded line, RFC 2047, section 8")
    func joinsAcrossFold() {
        let fields = MailHeaderDecoder.fields(Array("Subject: (=?ISO-8859-1?Q?a?=\r\n    =?ISO-8859-1?Q?b?=)\r\n".utf8))
        #expect(fields.count == 1)
        #expect(text(fields[0].text) == "Subject: (ab)")
        #expect(fields[0].isDecoded)
    }

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

    @Test("keeps fields as written when nothing is folded or encoded, and the blocks' bytes in order")
    func keepsPlainFields() {
        let header = Array("From: a@b\r\nSubject: CPF 390.533.447-05\r\nX-Folded: a\r\n\tb\r\n\r\n".utf8)
        let fields = MailHeaderDecoder.fields(header)
        #expect(fields.map(\.name) == ["from", "subject", "x-folded", ""])
        #expect(fields.map(\.isDecoded) == [false, false, true, false])
        #expect(text(fields[2].text) == "X-Folded: a\tb")
        #expect(fields.flatMap(\.raw) == header)
    }

    @Test("re-encodes a subject and a filename so that they read back as transformed")
    func reencodes() throws {
        let subject = MailHeaderDecoder.fields(Array("Subject: =?iso-8859-1?Q?Certid=E3o_390=2E533=2E447-05?=\n".utf8))
        let rewritten = try #require(MailHeaderDecoder.reencoded(subject[0]) { Array(text($0).uppercased().utf8) })
        #expect(rewritten.last == 0x0A && rewritten.dropLast().last != 0x0D)
        #expect(text(MailHeaderDecoder.fields(rewritten)[0].text) == "Subject: CERTIDÃO 390.533.447-05")
        let disposition = MailHeaderDecoder.fields(
            Array("Content-Disposition: attachment;\r\n filename*=utf-8''a%C3%A9.pdf\r\n".utf8))
        let file = try #require(MailHeaderDecoder.reencoded(disposition[0]) { $0 + Array("!".utf8) })
        #expect(
            text(MailHeaderDecoder.fields(file)[0].text) == "Content-Disposition: attachment!; filename=\"aé.pdf!\"")
        let from = MailHeaderDecoder.fields(Array("From: =?utf-8?Q?a?= <a@b>\n".utf8))
        #expect(MailHeaderDecoder.reencoded(from[0]) { $0 } == nil)
    }

    @Test("writes encoded-words of at most 75 characters that decode to the text, for random text", arguments: 0..<40)
    func encodesRandomText(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let scalars = (0..<Int.random(in: 0...200, using: &random)).map { _ in
            Unicode.Scalar(UInt32.random(in: 0x20...0x7E, using: &random))
                ?? Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))
        }
        var value = String(String.UnicodeScalarView(scalars))
        if seed % 2 == 1 { value = value.replacingOccurrences(of: "a", with: "ção€😀") }
        let utf8 = Array(value.utf8)
        let words = MailHeaderDecoder.encodeWords(utf8)
        for line in text(words).split(separator: "\r\n") { #expect(line.count <= 76) }
        #expect(MailHeaderDecoder.decodeWords(words.filter { $0 != 0x0D && $0 != 0x0A }) == utf8)
        let parameter = MailHeaderDecoder.encodeParameter(name: Array("filename".utf8), value: utf8)
        #expect(parameter.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") })
        #expect(MailHeaderDecoder.decodeParameterValue(Array(parameter.dropFirst("filename*=".count))) == utf8)
    }

    @Test("reads random bytes without failing, keeping every byte of the block", arguments: 0..<40)
    func readsRandomBytes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let alphabet = Array("=?Qqbb_:;*'\"% \t\r\nutf-8iso-8859-1AZaz09+/".utf8)
        let header = (0..<Int.random(in: 0...400, using: &random)).map { _ in
            seed % 2 == 0 ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
        let fields = MailHeaderDecoder.fields(header)
        #expect(fields.flatMap(\.raw) == header)
        for field in fields where !field.isDecoded {
            #expect(field.raw.filter { $0 != 0x0D && $0 != 0x0A } == field.text)
        }
        _ = MailHeaderDecoder.decodeWords(header)
    }

    @Test(
        "encoded-words in ISO-8859-15, the other ISO 8859 and Windows code pages are decoded",
        arguments: [
            ("=?ISO-8859-15?Q?=A4_390=2E533=2E447-05?=", "€ 390.533.447-05"),
            ("=?iso-8859-2?Q?=A3=F3d=BC?=", "Łódź"), ("=?windows-1251?B?z+Di6+4=?=", "Павло"),
            ("=?latin9?Q?=BD?=", "œ"),
        ])
    func codePages(word: String, text: String) {
        #expect(MailHeaderDecoder.decodeWord(Array(word.utf8)) == Array(text.utf8))
    }
}
