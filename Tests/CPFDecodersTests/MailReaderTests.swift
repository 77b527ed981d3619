import CPFDecoders
import Testing

@Suite("MailReader")
struct MailReaderTests {
    @Test(
        "reads each leaf part of a message Python made as Python decodes it, whatever the piece size",
        arguments: [false, true], [1, 7, 100, 1 << 20])
    func readsPythonMessages(crlf: Bool, pieceSize: Int) throws {
        let message = try MailSamples.multipart(crlf: crlf)
        let python = try MailSamples.pythonParts(message)
        let reading = try MailSamples.read(message, pieceSize: pieceSize)
        #expect(reading.bodies.map(\.0) == python.map(\.mediaType))
        for (ours, theirs) in zip(reading.bodies, python) {
            let encoding = MailPart(
                header: Array("Content-Type: \(theirs.mediaType); charset=\(theirs.charset)\n".utf8)
            ).textEncoding
            #expect(ours.1 == TextToUTF8Transcoder.transcode(theirs.payload, from: encoding), "\(theirs.mediaType)")
        }
        #expect(MailSamples.contains(reading.bodies[0].1, "funcionária: 390.533.447-05"))
        #expect(MailSamples.contains(reading.bodies[3].1, "latin-1: ação"), "ISO-8859-1 read as such")
        #expect(MailSamples.contains(reading.headers, "Subject: Cadastro 390.533.447-05"), "headers are text too")
        #expect(
            !MailSamples.contains(reading.structure, "390.533.447-05"),
            """
            boundaries hold no body text
            """)  // not "390": a random boundary may hold it
    }

    @Test("a soft line break inside a CPF disappears, and the map points at the input", arguments: ["\n", "\r\n"])
    func softBreakInsideACPF(lineBreak: String) throws {
        let message = Array(
            """
            Content-Type: text/plain; charset=utf-8
            Content-Transfer-Encoding: quoted-printable

            CPF 390.533.4=
            47-05 S=C3=A3o
            """.replacingOccurrences(of: "\n", with: lineBreak).utf8)
        let reader = MailReader()
        var text: [UInt8] = []
        var places: [Range<Int>?] = []
        let handler: MailReader.Handler = { segment, utf8, map in
            guard case .body = segment else { return }
            for offset in 0..<utf8.count { places.append(map.inputRange(ofOutputOffset: offset)) }
            text += utf8
        }
        try reader.feed(message, handler: handler)
        try reader.finish(handler: handler)
        #expect(String(decoding: text, as: UTF8.self) == "CPF 390.533.447-05 São")
        let bodyStart = message.count - Array("CPF 390.533.4=\(lineBreak)47-05 S=C3=A3o".utf8).count
        #expect(places[0] == bodyStart..<bodyStart + 1)
        let four = bodyStart + 14 + lineBreak.utf8.count  // the "4" after the soft break
        #expect(places[13] == four..<four + 1)
        let escape = message.count - 7  // "=C3=A3o": "ã" is two escapes
        #expect(places[20] == escape..<escape + 3)
        #expect(places[21] == escape + 3..<escape + 6)
    }

    @Test("base64 text maps to its encoded line")
    func base64Map() throws {
        let message = Array("Content-Transfer-Encoding: base64\n\nQ1BGOiAzOTAuNTMz\nLjQ0Ny0wNQ==\n".utf8)
        var places: [Range<Int>?] = []
        var text: [UInt8] = []
        let reader = MailReader()
        let handler: MailReader.Handler = { segment, utf8, map in
            guard case .body = segment else { return }
            for offset in 0..<utf8.count { places.append(map.inputRange(ofOutputOffset: offset)) }
            text += utf8
        }
        try reader.feed(message, handler: handler)
        try reader.finish(handler: handler)
        #expect(String(decoding: text, as: UTF8.self) == "CPF: 390.533.447-05")
        #expect(places[0] == 35..<51)
        #expect(places[18] == 52..<64)
    }

    @Test("an mbox file's messages are each read, as Python's mailbox reads them")
    func mbox() throws {
        let mbox = try toolOutput(
            """
            python3 -c 'import sys, mailbox, tempfile, os
            from email.message import EmailMessage
            d = tempfile.mkdtemp(); p = os.path.join(d, "m")
            box = mailbox.mbox(p)
            for i, body in enumerate(["CPF 390.533.447-05\\nFrom the start\\n", "Outro: 616.676.668-00\\n"]):
                m = EmailMessage(); m["From"] = "a@b"; m["Subject"] = "n %d" % i
                m.set_content(body, cte="base64" if i else "quoted-printable"); box.add(m)
            box.flush(); sys.stdout.buffer.write(open(p, "rb").read())'
            """)
        #expect(MailDetection.detect(mbox) == .mbox)
        let python = try MailSamples.pythonParts(mbox, mbox: true)
        let reading = try MailSamples.read(mbox, kind: .mbox, pieceSize: 5)
        #expect(python.count == 2)
        #expect(reading.bodies.map(\.1) == python.map(\.payload))
        #expect(
            MailSamples.contains(reading.bodies[0].1, "From the start"), "an escaped >From line stays in its message")
    }

    @Test("nested multiparts, message/rfc822 parts and a part with no header are followed")
    func nesting() throws {
        let message = Array(
            """
            Content-Type: multipart/mixed; boundary=outer

            preamble
            --outer
            Content-Type: message/rfc822

            Subject: inner
            Content-Type: multipart/alternative; boundary="in ner"

            --in ner

            inner text 390.533.447-05
            --in ner--
            --outer
            Content-Type: text/plain

            last part
            --outer--
            epilogue

            """.utf8)
        let reading = try MailSamples.read(message, pieceSize: 3)
        #expect(
            reading.bodies.map { String(decoding: $0.1, as: UTF8.self) } == ["inner text 390.533.447-05", "last part"])
        #expect(MailSamples.contains(reading.headers, "Subject: inner"))
        #expect(
            MailSamples.contains(reading.structure, "preamble") && MailSamples.contains(reading.structure, "epilogue"))
    }

    @Test("a header block past the limit is an error, not a silent stop")
    func headerLimit() throws {
        let message =
            Array("Subject: x\n".utf8)
            + Array(repeating: Array("X-Filler: yyyyyyyyyy\n".utf8), count: 100).flatMap { $0 }
        #expect(throws: MailError.headerTooLong(limit: 1000)) {
            try MailSamples.read(message, pieceSize: 64, maximumHeaderSize: 1000)
        }
        #expect(throws: MailError.headerTooLong(limit: 1000)) {
            try MailSamples.read(
                Array(repeating: UInt8(ascii: "a"), count: 10_000), pieceSize: 5000, maximumHeaderSize: 1000)
        }
    }

    @Test("parts nested deeper than 64 levels are an error")
    func nestingLimit() throws {
        var message: [UInt8] = []
        for level in 0..<70 {
            message += Array("Content-Type: multipart/mixed; boundary=b\(level)\n\n--b\(level)\n".utf8)
        }
        #expect(throws: MailError.nestingTooDeep(limit: 64)) { try MailSamples.read(message) }
    }

    @Test("a long line is read in pieces, and a soft break or escape cut between pieces still decodes")
    func longLines() throws {
        let line = String(repeating: "a=3D", count: 3000) + "390.533.4=\n47-05"
        let message = Array("Content-Transfer-Encoding: quoted-printable\n\n\(line)\n".utf8)
        for pieceSize in [1, 4095, 4097, 1 << 20] {
            let reading = try MailSamples.read(message, pieceSize: pieceSize)
            #expect(reading.bodies[0].1 == Array((String(repeating: "a=", count: 3000) + "390.533.447-05\n").utf8))
        }
    }

    @Test("random and damaged input never crashes, and the text stays within 3 bytes per input byte")
    func randomInput() throws {
        var random = SeededRandom(seed: 23)
        let message = try MailSamples.multipart(crlf: false)
        for round in 0..<300 {
            var input =
                round % 2 == 0
                ? message : SampleData.random(Int.random(in: 0...3000, using: &random), seed: UInt64(round))
            for _ in 0..<Int.random(in: 0...20, using: &random) where !input.isEmpty {
                let at = Int.random(in: 0..<input.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: input[at] = UInt8.random(in: 0...255, using: &random)
                case 1: input.remove(at: at)
                default:
                    input.insert(
                        contentsOf: Array("\n--=\r\n".utf8).prefix(Int.random(in: 1...6, using: &random)), at: at)
                }
            }
            let pieceSize = Int.random(in: 1...500, using: &random)
            for kind in [MailDetection.message, .mbox] {
                guard let reading = try? MailSamples.read(input, kind: kind, pieceSize: pieceSize) else { continue }
                let total =
                    reading.bodies.reduce(0) { $0 + $1.1.count } + reading.headers.count + reading.structure.count
                #expect(total <= 3 * input.count + 16, "round \(round)")
                #expect(try MailSamples.read(input, kind: kind) == reading, "round \(round): pieces change the reading")
            }
        }
    }
}
