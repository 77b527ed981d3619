import CPFDecoders
import Testing

@Suite("MailOffsetMap")
struct MailOffsetMapTests {
    @Test("maps each byte of a Latin-1 quoted-printable body through both decodings to its escape")
    func composesDecodings() throws {
        // "ação" in ISO-8859-1, quoted-printable: a =E7 =E3 o; in UTF-8: a, C3 A7, C3 A3, o.
        let message = Array(
            "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\na=E7=E3o\n"
                .utf8)
        let body = message.count - 9
        var places: [Range<Int>?] = []
        let reader = MailReader()
        let handler: MailReader.Handler = { segment, utf8, map in
            guard case .body = segment else { return }
            for offset in 0..<utf8.count { places.append(map.inputRange(ofOutputOffset: offset)) }
            places.append(map.inputRange(ofOutputOffset: utf8.count + 100))
        }
        try reader.feed(message, handler: handler)
        try reader.finish(handler: handler)
        #expect(
            places == [
                body..<body + 1, body + 1..<body + 4, body + 1..<body + 4, body + 4..<body + 7,
                body + 4..<body + 7, body + 7..<body + 8, nil, body + 8..<body + 9, nil,
            ], "the line break comes in a piece of its own")
    }

    @Test("header text maps one to one to the input")
    func headers() throws {
        let message = Array("Subject: CPF 390.533.447-05\n\nbody\n".utf8)
        var mapped: [Int] = []
        let reader = MailReader()
        let handler: MailReader.Handler = { segment, utf8, map in
            guard segment == .header else { return }
            for offset in 0..<utf8.count { mapped.append(map.inputRange(ofOutputOffset: offset)!.lowerBound) }
        }
        try reader.feed(message, handler: handler)
        try reader.finish(handler: handler)
        #expect(mapped == Array(0..<29))
    }

    @Test("the bytes of a last base64 quantum without padding map to their line")
    func lastQuantum() throws {
        let message = Array("Content-Transfer-Encoding: base64\n\nQUJD\nQQ".utf8)
        var places: [Range<Int>?] = []
        let reader = MailReader()
        let handler: MailReader.Handler = { segment, utf8, map in
            guard case .body = segment else { return }
            for offset in 0..<utf8.count { places.append(map.inputRange(ofOutputOffset: offset)) }
        }
        try reader.feed(message, handler: handler)
        try reader.finish(handler: handler)
        #expect(places == [35..<39, 35..<39, 35..<39, 40..<42])
    }
}
