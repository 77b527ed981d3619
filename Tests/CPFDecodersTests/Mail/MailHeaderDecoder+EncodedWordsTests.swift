// Tests of MailHeaderDecoder+EncodedWords.swift: the examples of RFC 2047,
// section 8, encoded-words joined across a folded line, and the charsets
// of ISO 8859 and Windows.

import CPFDecoders
import Testing

@Suite("MailHeaderDecoder: RFC 2047 encoded-words")
struct MailHeaderDecoderEncodedWordsTests {
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
