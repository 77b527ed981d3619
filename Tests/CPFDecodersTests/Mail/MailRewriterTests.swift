import CPFDecoders
import Testing

@Suite("MailRewriter")
struct MailRewriterTests {
    @Test(
        "a message whose parts are not chosen comes back byte for byte, whatever the input", arguments: [false, true])
    func unchangedIsIdentical(crlf: Bool) throws {
        let message = try MailSamples.multipart(crlf: crlf)
        #expect(
            try MailSamples.rewrite(message, pieceSize: 13, rewrites: { _ in false }, body: { _, text, _ in text })
                == message)
        var random = SeededRandom(seed: 5)
        for round in 0..<100 {
            var input = message
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                input[Int.random(in: 0..<input.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if round % 3 == 0 {
                input = SampleData.random(Int.random(in: 0...5000, using: &random), seed: UInt64(round))
            }
            let pieceSize = Int.random(in: 1...600, using: &random)
            for kind in [MailDetection.message, .mbox] {
                guard
                    let output = try? MailSamples.rewrite(
                        input, kind: kind, pieceSize: pieceSize, rewrites: { _ in false },
                        body: { _, text, _ in text })
                else { continue }
                #expect(output == input, "round \(round)")
            }
        }
    }

    @Test(
        "masked parts and headers are re-encoded so Python reads them, the other parts unchanged, no CPF left",
        arguments: [false, true], [1, 9, 1 << 20])
    func masksForPython(crlf: Bool, pieceSize: Int) throws {
        let message = try MailSamples.multipart(crlf: crlf)
        let before = try MailSamples.pythonParts(message)
        let output = try MailSamples.rewrite(
            message, pieceSize: pieceSize, rewrites: { $0.mediaType.hasPrefix("text/") },
            raw: { MailSamples.maskCPFs($1) }, body: { _, text, _ in MailSamples.maskDigits(text) })
        let after = try MailSamples.pythonParts(output)
        #expect(after.map(\.mediaType) == before.map(\.mediaType))
        for (old, new) in zip(before, after) {
            if old.mediaType.hasPrefix("text/") {
                let encoding = MailPart(header: Array("Content-Type: text/plain; charset=\(old.charset)\n".utf8))
                    .textEncoding
                let expected = MailSamples.maskDigits(TextToUTF8Transcoder.transcode(old.payload, from: encoding))
                #expect(TextToUTF8Transcoder.transcode(new.payload, from: encoding) == expected, "\(old.mediaType)")
                #expect(!MailSamples.contains(new.payload, "390") && !MailSamples.contains(new.payload, "616"))
            } else {
                #expect(new == old, "a part not chosen keeps its content")
            }
        }
        #expect(MailSamples.contains(output, "Subject: Cadastro ***.***.***-**"))
        // The binary attachment's encoded lines are the very bytes of the input.
        let binary = Array(
            Base64Encoder.encode(
                [UInt8]((0...255).map { UInt8($0) }) + (0...255).map { UInt8($0) }, lineBreak: crlf ? [13, 10] : [10]
            ).prefix(60))
        #expect(MailSamples.contains(output, String(decoding: binary, as: UTF8.self)))
        for line in output.split(separator: 0x0A) where !line.starts(with: Array("Content-Type".utf8)) {
            #expect(
                line.count <= 77,
                "no line longer than 76 characters and its CR: \(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test("replacement text of another length is written and read back")
    func otherLength() throws {
        let message = try MailSamples.multipart(crlf: false)
        let output = try MailSamples.rewrite(
            message, rewrites: { $0.mediaType.hasPrefix("text/") },
            body: { _, text, _ in
                Array(
                    String(decoding: text, as: UTF8.self).replacingOccurrences(
                        of: "390.533.447-05", with: "[CPF removido]"
                    ).utf8)
            })
        let parts = try MailSamples.pythonParts(output)
        #expect(MailSamples.contains(parts[0].payload, "funcionária: [CPF removido] x"))
        #expect(MailSamples.contains(parts[1].payload, "<p>CPF [CPF removido] — José</p>\n<p>CPF [CPF removido]"))
    }

    @Test("the body closure may hold text back until the part ends")
    func heldText() throws {
        let message = Array("Content-Transfer-Encoding: quoted-printable\n\nCPF 390.533.4=\n47-05 fim\n".utf8)
        var held: [UInt8] = []
        let output = try MailSamples.rewrite(
            message, pieceSize: 2, rewrites: { _ in true },
            body: { _, text, isFinal in
                held += text
                guard isFinal else { return [] }
                defer { held.removeAll() }
                return MailSamples.maskDigits(held)
            })
        #expect(
            String(decoding: output, as: UTF8.self)
                == "Content-Transfer-Encoding: quoted-printable\n\nCPF ***.***.***-** fim\n")
    }

    @Test("each message of an mbox file is rewritten, and Python's mailbox reads them")
    func mbox() throws {
        let mbox = Array(
            """
            From a@b Thu Nov 26 00:00:00 2026
            From: a@b
            Subject: um
            Content-Type: text/plain; charset=utf-8
            Content-Transfer-Encoding: base64

            Q1BGOiAzOTAuNTMzLjQ0Ny0wNQo=

            From c@d Thu Nov 26 00:00:01 2026
            From: c@d
            Subject: dois
            Content-Type: text/plain; charset=iso-8859-1
            Content-Transfer-Encoding: quoted-printable

            A=E7=E3o 616.676.668-00

            """.utf8)
        let output = try MailSamples.rewrite(
            mbox, kind: .mbox, pieceSize: 7, rewrites: { _ in true },
            body: { _, text, _ in MailSamples.maskDigits(text) })
        let parts = try MailSamples.pythonParts(output, mbox: true)
        #expect(
            parts.map(\.payload) == [
                Array("CPF: ***.***.***-**\n".utf8), [0x41, 0xE7, 0xE3] + Array("o ***.***.***-**\n".utf8),
            ])
        // The blank line before the next `From ` line stays after the part's last encoded line.
        #expect(String(decoding: output, as: UTF8.self).contains("\n\nQ1BGOiAqKiouKioqLioqKi0qKgo=\n\nFrom c@d"))
    }

    @Test("decoded text that looks like a boundary or a From line is escaped when written back")
    func noInjectedStructure() throws {
        let message = Array(
            """
            From a@b Thu Nov 26 00:00:00 2026
            Content-Type: multipart/mixed; boundary=b

            --b
            Content-Transfer-Encoding: quoted-printable

            =2D-b
            =46rom x 390.533.447-05
            --b--

            """.utf8)
        let output = try MailSamples.rewrite(
            message, kind: .mbox, rewrites: { _ in true }, body: { _, text, _ in MailSamples.maskDigits(text) })
        let reading = try MailSamples.read(output, kind: .mbox)
        #expect(reading.bodies.map { String(decoding: $0.1, as: UTF8.self) } == ["--b\nFrom x ***.***.***-**"])
        #expect(String(decoding: output, as: UTF8.self).contains("=2D-b\n=46rom x ***.***.***-**\n--b--"))
    }

    @Test("a preamble or epilogue line goes through the raw closure, as header blocks do")
    func preamble() throws {
        let message = Array(
            "Content-Type: multipart/mixed; boundary=b\n\nCPF 390.533.447-05\n--b\n\nx\n--b--\nfim 616.676.668-00\n"
                .utf8)
        var segments: [MailReader.Segment] = []
        let output = try MailSamples.rewrite(
            message, rewrites: { _ in false },
            raw: { segment, bytes in
                segments.append(segment)
                return MailSamples.maskCPFs(bytes)
            }, body: { _, text, _ in text })
        #expect(
            String(decoding: output, as: UTF8.self)
                == """
                Content-Type: multipart/mixed; boundary=b\n\nCPF ***.***.***-**\n--b\n\nx\n--b--\nfim \
                ***.***.***-**\n
                """
        )
        #expect(segments.contains(.header) && segments.contains(.structure))
    }

    @Test("a character cut at the end of a part is written before the line break that ends the part")
    func heldCharacterBeforeBoundary() throws {
        // A lone Latin-1 byte where UTF-8 is declared: the transcoder holds it until the part ends.
        let mbox = Array("From a\nSubject: x\n\n".utf8) + [0x35, 0xD5] + Array("\nFrom b\nSubject: y\n\nz\n".utf8)
        let output = try MailSamples.rewrite(
            mbox, kind: .mbox, pieceSize: 1, rewrites: { _ in true },
            body: { _, text, _ in
                MailSamples.maskDigits(text)
            })
        #expect(output == Array("From a\nSubject: x\n\n*Õ\nFrom b\nSubject: y\n\nz\n".utf8))
        #expect(try MailSamples.read(output, kind: .mbox).bodies.count == 2)
    }

    @Test("an empty UTF-16 body rewritten stays empty, so the next From line stays a From line (found by MailFuzzer)")
    func emptyUTF16BodyStaysEmpty() throws {
        let mbox = Array(
            """
            From a@b Thu Nov 26 00:00:00 2026
            Subject: x
            Content-Type: text/plain; charset=utf-16
            Content-Transfer-Encoding: base64

            From c@d Thu Nov 26 00:00:01 2026
            Subject: y

            z

            """.utf8)
        for pieceSize in [1, 5, 4096] {
            let output = try MailSamples.rewrite(
                mbox, kind: .mbox, pieceSize: pieceSize, rewrites: { _ in true },
                body: { _, text, _ in MailSamples.maskDigits(text) })
            #expect(output == mbox)
        }
    }

    @Test(
        """
        parts in ISO-8859-15, windows-1250, UTF-32 (a byte order mark or none) and UTF-16 are written back in \
        their charset, their byte order mark kept: Python reads the euro sign and the masked digits
        """)
    func rewritesCharsets() throws {
        let charsets = ["iso-8859-15", "windows-1250", "utf-32", "utf-32le", "utf-32be", "utf-16le"]
        for (charset, message) in zip(charsets, try MailReaderTests.pythonMessages(charsets)) {
            let output = try MailSamples.rewrite(
                message, rewrites: { _ in true }, body: { _, text, _ in MailSamples.maskDigits(text) })
            let text = try toolOutput(
                """
                python3 -c 'import email, sys; m = email.message_from_bytes(sys.stdin.buffer.read()); \
                sys.stdout.buffer.write(m.get_payload(decode=True).decode(m.get_content_charset()).encode())'
                """, input: output)
            // Python appends a stray `\n` byte to a little-endian UTF-16 or UTF-32 payload: written back as U+FFFD.
            let shown = String(decoding: text, as: UTF8.self)
            #expect(["", "\u{FFFD}"].map { "Preço € CPF ***.***.***-**\n" + $0 }.contains(shown), "\(charset)")
        }
    }

    @Test(
        "a replaced part is written with the new bytes in base64, lines of 76, the other parts unchanged",
        arguments: [false, true])
    func replacesAttachment(crlf: Bool) throws {
        let (message, _) = try MailReaderTests.messageWithAttachments()
        let input = crlf ? Self.crlf(message) : message
        let replacement = Array((0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let rewriter = MailRewriter(
            rewrites: { _ in false }, body: { _, text, _ in text }, replacement: { $0.index == 1 ? replacement : nil })
        var output: [UInt8] = []
        for start in stride(from: 0, to: input.count, by: 97) {
            try rewriter.feed(input[start..<min(start + 97, input.count)]) { output += $0 }
        }
        try rewriter.finish { output += $0 }
        #expect(rewriter.rewrittenPartCount == 1)
        let before = try MailSamples.pythonParts(input)
        let after = try MailSamples.pythonParts(output)
        #expect(after.count == before.count)
        #expect(after[1].payload == replacement)
        #expect(after[0] == before[0])
        #expect(after[2] == before[2])
        #expect(after[3] == before[3])
        // The header lines aside (a boundary parameter), every line fits in 76 characters.
        let lines = output.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D })
        #expect(lines.filter { !$0.starts(with: Array("Content-Type:".utf8)) }.allSatisfy { $0.count <= 76 })
    }

    /// `message` with every LF made CRLF.
    static func crlf(_ message: [UInt8]) -> [UInt8] {
        message.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
    }
}
