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
            with tempfile.TemporaryDirectory() as d:
                p = os.path.join(d, "m"); box = mailbox.mbox(p)
                for i, body in enumerate(["CPF 390.533.447-05\\nFrom the start\\n", "Outro: 616.676.668-00\\n"]):
                    m = EmailMessage(); m["From"] = "a@b"; m["Subject"] = "n %d" % i
                    m.set_content(body, cte="base64" if i else "quoted-printable"); box.add(m)
                box.flush(); box.close(); sys.stdout.buffer.write(open(p, "rb").read())'
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

    /// Messages Python's `email` package writes, one per charset given, each
    /// a text part `Preço € CPF 390.533.447-05`.
    static func pythonMessages(_ charsets: [String]) throws -> [[UInt8]] {
        let script = """
            import sys
            from email.message import EmailMessage
            for charset in sys.argv[1:]:
                m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = charset
                m.set_content('Preço € CPF 390.533.447-05\\n', charset=charset)
                data = bytes(m)
                sys.stdout.buffer.write(b'%d\\n' % len(data) + data)
            """
        var output = try toolOutput(
            "python3 -c \"$(cat)\" \(charsets.joined(separator: " "))", input: Array(script.utf8))
        var messages: [[UInt8]] = []
        while let newline = output.firstIndex(of: 0x0A) {
            let count = Int(String(decoding: output[..<newline], as: UTF8.self))!
            messages.append(Array(output[(newline + 1)..<(newline + 1 + count)]))
            output.removeFirst(newline + 1 + count)
        }
        return messages
    }

    @Test(
        """
        parts Python writes in ISO-8859-15, UTF-32 (base64, byte order mark or none) and UTF-16 (8-bit, with a \
        byte order mark) are read in their charset, whatever the piece size
        """,
        arguments: [1, 3, 1 << 20])
    func charsets(pieceSize: Int) throws {
        let charsets = ["iso-8859-15", "utf-32", "utf-32le", "utf-32be", "utf-16", "utf-16le", "windows-1250"]
        for (charset, message) in zip(charsets, try Self.pythonMessages(charsets)) {
            let reading = try MailSamples.read(message, pieceSize: pieceSize)
            #expect(MailSamples.contains(reading.bodies[0].1, "Preço € CPF 390.533.447-05"), "\(charset)")
        }
    }

    @Test("an ISO-8859-15 encoded-word in a header is decoded, its euro sign too")
    func latin9Header() throws {
        let message = Array("Subject: =?ISO-8859-15?Q?=A4_CPF_390=2E533=2E447-05?=\nFrom: a@b\n\nx\n".utf8)
        #expect(MailSamples.contains(try MailSamples.read(message).headers, "Subject: € CPF 390.533.447-05"))
    }

    @Test(
        """
        uuencoded bodies and begin blocks in a plain text part are decoded, the part counted as uuencoded, \
        whatever the piece size
        """,
        arguments: [1, 5, 1 << 20])
    func uuencode(pieceSize: Int) throws {
        let script = """
            import binascii, sys
            data = 'Nome: José\\nCPF 390.533.447-05\\n'.encode() * 3
            lines = b''.join(binascii.b2a_uu(data[i:i + 45]) for i in range(0, len(data), 45))
            block = b'begin 644 dados.txt\\n' + lines + b'`\\nend\\n'
            sys.stdout.buffer.write(b'From: a@b\\nSubject: uu\\nMIME-Version: 1.0\\nContent-Type: multipart/mixed; '
                b'boundary=B\\n\\n--B\\nContent-Transfer-Encoding: x-uuencode\\n\\n' + block
                + b'--B\\nContent-Type: text/plain\\n\\nSegue:\\n' + block + b'Fim.\\n--B\\n'
                + b'Content-Type: text/plain\\n\\nbegin with a word\\nend\\n--B--\\n')
            """
        let message = try toolOutput("python3 -", input: Array(script.utf8))
        let reader = MailReader()
        var bodies: [[UInt8]] = [[], [], []]
        let handler: MailReader.Handler = { segment, utf8, _ in
            if case .body(let part) = segment { bodies[part.index] += utf8 }
        }
        for start in stride(from: 0, to: message.count, by: pieceSize) {
            try reader.feed(message[start..<min(start + pieceSize, message.count)], handler: handler)
        }
        try reader.finish(handler: handler)
        let text = String(repeating: "Nome: José\nCPF 390.533.447-05\n", count: 3)
        #expect(String(decoding: bodies[0], as: UTF8.self) == text)
        // The line break before a boundary is the boundary's.
        #expect(String(decoding: bodies[1], as: UTF8.self) == "Segue:\nbegin 644 dados.txt\n" + text + "end\nFim.")
        #expect(String(decoding: bodies[2], as: UTF8.self) == "begin with a word\nend")
        #expect(reader.uuencodedParts == [0, 1])
    }

    @Test("a uuencoded byte maps to its whole line in the input")
    func uuencodeMap() throws {
        let message = Array("Content-Transfer-Encoding: x-uuencode\n\nbegin 644 a\n#0T!&\n`\nend\n".utf8)
        let reader = MailReader()
        var ranges: [Range<Int>] = []
        let handler: MailReader.Handler = { segment, utf8, map in
            guard case .body = segment else { return }
            for offset in 0..<utf8.count { ranges += [map.inputRange(ofOutputOffset: offset)].compactMap { $0 } }
        }
        try reader.feed(message, handler: handler)
        try reader.finish(handler: handler)
        let line = 51..<56  // `#0T!&`
        #expect(ranges == [line, line, line])
    }

    @Test(
        """
        attached zip, gzip, PDF and xz files are named by their first decoded bytes, with their file names; \
        a text part that only mentions %PDF- is not
        """)
    func unreadAttachments() throws {
        let script = """
            import gzip, io, sys, zipfile
            from email.message import EmailMessage
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, 'w') as z: z.writestr('a.txt', 'CPF 390.533.447-05')
            m = EmailMessage(); m['From'] = 'a@b'; m['Subject'] = 'x'
            m.set_content('Veja o cabeçalho %PDF-1.4 do arquivo.\\n')
            m.add_attachment(buffer.getvalue(), maintype='application', subtype='zip', filename='Relatório.zip')
            m.add_attachment(gzip.compress(b'x'), maintype='application', subtype='gzip')
            m.add_attachment(b'\\n\\n%PDF-1.7\\n', maintype='application', subtype='pdf', filename='r.pdf')
            m.add_attachment(bytes([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0]), maintype='application', subtype='x-xz',
                filename='a.xz')
            m.add_attachment(b'plain', maintype='application', subtype='octet-stream', filename='b.bin')
            sys.stdout.buffer.write(bytes(m))
            """
        let message = try toolOutput("python3 -", input: Array(script.utf8))
        let reader = MailReader()
        try reader.feed(message) { _, _, _ in }
        try reader.finish { _, _, _ in }
        #expect(
            reader.unreadAttachments.map {
                "\($0.partIndex) \($0.format) \(String(decoding: $0.fileName ?? [], as: UTF8.self))"
            }
                == ["1 zip archive Relatório.zip", "2 gzip file ", "3 PDF r.pdf", "4 xz file a.xz"])
    }

    /// A message (Python's `email`) with a text body, a zip attachment, an
    /// xz attachment and a text attachment.
    static func messageWithAttachments() throws -> (message: [UInt8], zip: [UInt8]) {
        let script = """
            import io, sys, zipfile
            from email.message import EmailMessage
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, 'w') as z: z.writestr('a.txt', 'CPF 390.533.447-05 ' * 200)
            m = EmailMessage(); m['From'] = 'a@b'; m['Subject'] = 'x'
            m.set_content('Corpo do e-mail.\\n')
            m.add_attachment(buffer.getvalue(), maintype='application', subtype='zip', filename='dados.zip')
            m.add_attachment(bytes([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0]), maintype='application', subtype='x-xz',
                filename='a.xz')
            m.add_attachment(('texto ' * 400).encode(), maintype='text', subtype='plain', filename='t.txt')
            sys.stdout.buffer.write(len(buffer.getvalue()).to_bytes(4, 'big') + buffer.getvalue() + bytes(m))
            """
        let output = try toolOutput("python3 -", input: Array(script.utf8))
        let size = output.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        return (Array(output[(4 + size)...]), Array(output[4..<4 + size]))
    }

    @Test(
        """
        with an attachment handler, a zip attachment is handed over whole, decoded from base64, and not as text; \
        an xz attachment is still unread; the text parts come whole and in order, whatever the pieces
        """,
        arguments: [1, 77, 1 << 20])
    func handsAttachmentsOver(pieceSize: Int) throws {
        let (message, zip) = try Self.messageWithAttachments()
        var handed: [(MailReader.Attachment, [UInt8])] = []
        var bodies: [Int: [UInt8]] = [:]
        let reader = MailReader(kind: .message) { handed.append(($0, $1)) }
        let handler: MailReader.Handler = { segment, utf8, _ in
            if case .body(let part) = segment { bodies[part.index, default: []] += utf8 }
        }
        for start in stride(from: 0, to: message.count, by: pieceSize) {
            try reader.feed(message[start..<min(start + pieceSize, message.count)], handler: handler)
        }
        try reader.finish(handler: handler)
        #expect(handed.count == 1)
        #expect(handed.first?.0.format == "zip archive")
        #expect(handed.first?.0.fileName == Array("dados.zip".utf8))
        #expect(handed.first?.0.partIndex == 1)
        #expect(handed.first?.0.transferEncoding == .base64)
        #expect(handed.first?.1 == zip)
        #expect(bodies[1] == nil)
        #expect(bodies[0] == Array("Corpo do e-mail.\n".utf8))
        #expect(bodies[3] == Array(String(repeating: "texto ", count: 400).utf8))
        #expect(reader.unreadAttachments.map(\.format) == ["xz file"])
        // Without a handler, as before: the zip's bytes are text, and it is unread.
        let plain = MailReader()
        var text = 0
        try plain.feed(message) { segment, utf8, _ in
            if case .body(let part) = segment, part.index == 1 { text += utf8.count }
        }
        try plain.finish { _, _, _ in }
        #expect(text > 0)
        #expect(plain.unreadAttachments.map(\.format) == ["zip archive", "xz file"])
    }

    @Test("an attachment longer than the maximum is not handed over but listed unread, too large")
    func attachmentTooLarge() throws {
        let (message, zip) = try Self.messageWithAttachments()
        var handed = 0
        let reader = MailReader(kind: .message, maximumAttachmentSize: zip.count - 1) { _, _ in handed += 1 }
        try reader.feed(message) { _, _, _ in }
        try reader.finish { _, _, _ in }
        #expect(handed == 0)
        #expect(
            reader.unreadAttachments.map { "\($0.format) \($0.isTooLarge)" } == ["zip archive true", "xz file false"])
        #expect(MailReader.Attachment.format(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == "PNG image")
        #expect(MailReader.Attachment.format(of: Self.tarHeader(named: "a.txt")) == "tar archive")
        #expect(MailReader.Attachment.isHandedOver("PDF"))
        #expect(MailReader.Attachment.isHandedOver("tar archive"))
        #expect(!MailReader.Attachment.isHandedOver("xz file"))
    }

    @Test(
        "an image attachment of any format OCR reads is told by its first bytes and handed over; a tar named GIF89a is a tar"
    )
    func imageAttachments() {
        for (leading, format) in [
            ([0xFF, 0xD8, 0xFF, 0xE0], "JPEG image"), (Array("GIF89a".utf8), "GIF image"),
            ([0x49, 0x49, 0x2A, 0x00], "TIFF image"), (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "WebP image"),
        ] as [([UInt8], String)] {
            #expect(MailReader.Attachment.format(of: leading) == format)
            #expect(MailReader.Attachment.isHandedOver(format))
        }
        #expect(MailReader.Attachment.format(of: Self.tarHeader(named: "GIF89a.txt")) == "tar archive")
    }

    /// The first header of a tar archive, of a member called `name`, its checksum right.
    static func tarHeader(named name: String) -> [UInt8] {
        var tar = [UInt8](repeating: 0, count: 512)
        tar.replaceSubrange(0..<name.utf8.count, with: Array(name.utf8))
        tar.replaceSubrange(257..<263, with: Array("ustar\u{0}".utf8))
        tar.replaceSubrange(263..<265, with: Array("00".utf8))
        tar.replaceSubrange(148..<156, with: Array(repeating: 0x20, count: 8))
        let sum = tar.reduce(0) { $0 + Int($1) }
        tar.replaceSubrange(148..<155, with: Array(String(sum, radix: 8).leftPadded(to: 6).utf8) + [0])
        return tar
    }
}

extension String {
    /// The string with zeros in front, to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
