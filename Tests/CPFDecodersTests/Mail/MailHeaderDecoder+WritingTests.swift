// Tests of MailHeaderDecoder+Writing.swift: fields re-encoded so that they
// read back as transformed, and encoded-words and parameters written for
// random text.

import CPFDecoders
import Testing

@Suite("MailHeaderDecoder: writing")
struct MailHeaderDecoderWritingTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

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
}
