import CPFDecoders
import Testing

@Suite("MailHeaderDecoder")
struct MailHeaderDecoderTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("keeps fields as written when nothing is folded or encoded, and the blocks' bytes in order")
    func keepsPlainFields() {
        let header = Array("From: a@b\r\nSubject: CPF 390.533.447-05\r\nX-Folded: a\r\n\tb\r\n\r\n".utf8)
        let fields = MailHeaderDecoder.fields(header)
        #expect(fields.map(\.name) == ["from", "subject", "x-folded", ""])
        #expect(fields.map(\.isDecoded) == [false, false, true, false])
        #expect(text(fields[2].text) == "X-Folded: a\tb")
        #expect(fields.flatMap(\.raw) == header)
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
}
