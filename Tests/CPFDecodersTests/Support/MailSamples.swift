// Support for the e-mail tests: messages made by Python's `email` package at
// test time, Python's reading of a message's leaf parts, and our reader's.

import CPFDecoders

enum MailSamples {
    /// A Python program that writes a multipart message (QP, base64,
    /// Latin-1, a binary attachment) to standard output; argument `crlf`
    /// for CRLF line breaks (SMTP policy).
    static let multipartProgram = """
        import sys
        from email.message import EmailMessage
        from email import policy
        msg = EmailMessage()
        msg["From"] = "Joana <joana@example.com>"
        msg["To"] = "rh@example.com"
        msg["Subject"] = "Cadastro 390.533.447-05"
        text = "Olá, segue o CPF da funcionária: 390.533.447-05 " + "x" * 60 + " e o outro 616.676.668-00.\\nSão Paulo, ação.\\n"
        msg.set_content(text, cte="quoted-printable")
        msg.add_alternative("<p>CPF 390.533.447-05 — José</p>\\n" * 5, subtype="html", cte="base64")
        msg.add_attachment("Física;CPF\\nMaria;616.676.668-00\\n".encode("iso-8859-1"), maintype="text", subtype="csv", filename="a.csv")
        msg.add_attachment("CPF 390.533.447-05 em latin-1: ação\\n", subtype="plain", charset="iso-8859-1", cte="quoted-printable")
        msg.add_attachment(bytes(range(256)) * 3, maintype="application", subtype="octet-stream", filename="b.bin")
        sys.stdout.buffer.write(msg.as_bytes(policy=policy.SMTP if "crlf" in sys.argv else policy.default))
        """

    /// The message `multipartProgram` makes.
    static func multipart(crlf: Bool) throws -> [UInt8] {
        try toolOutput(
            "python3 -c '\(multipartProgram.replacingOccurrences(of: "'", with: "'\\''"))' \(crlf ? "crlf" : "lf")")
    }

    /// A Python program that prints, for each leaf part of the message (or
    /// of each message of the mbox file) on standard input, its content
    /// type, charset and `get_payload(decode=True)`, length-prefixed.
    static let dumpProgram = """
        import sys, email, mailbox, tempfile
        from email import policy
        data = sys.stdin.buffer.read()
        if "mbox" in sys.argv:
            with tempfile.NamedTemporaryFile(suffix=".mbox") as f:
                f.write(data); f.flush()
                messages = [m for m in mailbox.mbox(f.name)]
        else:
            messages = [email.message_from_bytes(data)]
        out = b""
        for m in messages:
            for p in m.walk():
                if p.is_multipart(): continue
                payload = p.get_payload(decode=True) or b""
                out += p.get_content_type().encode() + b"|" + (p.get_content_charset() or "").encode() + b"|" + str(len(payload)).encode() + b"|" + payload
        sys.stdout.buffer.write(out)
        """

    /// A leaf part as Python reads it.
    struct PythonPart: Equatable {
        var mediaType: String
        var charset: String
        var payload: [UInt8]
    }

    /// Python's reading of a message's leaf parts.
    static func pythonParts(_ message: [UInt8], mbox: Bool = false) throws -> [PythonPart] {
        let quoted = dumpProgram.replacingOccurrences(of: "'", with: "'\\''")
        let output = try toolOutput("python3 -c '\(quoted)' \(mbox ? "mbox" : "message")", input: message)
        var parts: [PythonPart] = []
        var index = 0
        func field() -> String {
            let end = output[index...].firstIndex(of: UInt8(ascii: "|"))!
            defer { index = end + 1 }
            return String(decoding: output[index..<end], as: UTF8.self)
        }
        while index < output.count {
            let type = field()
            let charset = field()
            let length = Int(field())!
            parts.append(PythonPart(mediaType: type, charset: charset, payload: Array(output[index..<index + length])))
            index += length
        }
        return parts
    }

    /// What our reader makes of a message, fed in pieces of `pieceSize`.
    struct Reading: Equatable {
        /// Each leaf part's media type and UTF-8 text, in order.
        var bodies: [(String, [UInt8])] = []
        var headers: [UInt8] = []
        var structure: [UInt8] = []

        static func == (left: Reading, right: Reading) -> Bool {
            left.bodies.map(\.0) == right.bodies.map(\.0) && left.bodies.map(\.1) == right.bodies.map(\.1)
                && left.headers == right.headers && left.structure == right.structure
        }
    }

    static func read(
        _ message: [UInt8], kind: MailDetection = .message, pieceSize: Int = 1 << 20,
        maximumHeaderSize: Int = MailReader.defaultMaximumHeaderSize
    ) throws -> Reading {
        let reader = MailReader(kind: kind, maximumHeaderSize: maximumHeaderSize)
        var reading = Reading()
        var lastIndex = -1
        let handler: MailReader.Handler = { segment, utf8, _ in
            switch segment {
            case .header: reading.headers += utf8
            case .structure: reading.structure += utf8
            case .body(let part):
                if part.index != lastIndex {
                    reading.bodies.append((part.mediaType, []))
                    lastIndex = part.index
                }
                reading.bodies[reading.bodies.count - 1].1 += utf8
            }
        }
        for start in stride(from: 0, to: message.count, by: pieceSize) {
            try reader.feed(message[start..<min(start + pieceSize, message.count)], handler: handler)
        }
        try reader.finish(handler: handler)
        return reading
    }

    /// Rewrites a message with `MailRewriter`, fed in pieces of `pieceSize`.
    static func rewrite(
        _ message: [UInt8], kind: MailDetection = .message, pieceSize: Int = 1 << 20,
        rewrites: @escaping MailRewriter.PartFilter, raw: @escaping MailRewriter.RawTransform = { $1 },
        body: @escaping MailRewriter.BodyTransform
    ) throws -> [UInt8] {
        let rewriter = MailRewriter(kind: kind, rewrites: rewrites, raw: raw, body: body)
        var output: [UInt8] = []
        for start in stride(from: 0, to: message.count, by: pieceSize) {
            try rewriter.feed(message[start..<min(start + pieceSize, message.count)]) { output += $0 }
        }
        try rewriter.finish { output += $0 }
        return output
    }

    /// Digits replaced by `*`, the way a redaction masks.
    static func maskDigits(_ text: [UInt8]) -> [UInt8] {
        text.map { (0x30...0x39).contains($0) ? UInt8(ascii: "*") : $0 }
    }

    /// The two CPFs of the samples masked, the way a redaction of a header does.
    static func maskCPFs(_ text: [UInt8]) -> [UInt8] {
        var string = String(decoding: text, as: UTF8.self)
        for cpf in ["390.533.447-05", "616.676.668-00"] {
            string = string.replacingOccurrences(of: cpf, with: "***.***.***-**")
        }
        return Array(string.utf8)
    }

    /// Whether `text` holds `needle`.
    static func contains(_ text: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        guard bytes.count <= text.count else { return false }
        return (0...(text.count - bytes.count)).contains { text[$0..<$0 + bytes.count].elementsEqual(bytes) }
    }
}
