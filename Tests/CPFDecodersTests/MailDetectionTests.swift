import CPFDecoders
import Testing

@Suite("MailDetection")
struct MailDetectionTests {
    @Test(
        "tells messages and mbox files from other text",
        arguments: [
            ("From: a@b\r\nTo: c@d\r\n\r\nOi", MailDetection?.some(.message)),
            ("Received: from x\n\tby y\nSubject: s\n\nbody", .message),
            ("MIME-Version: 1.0\nContent-Type: text/plain\n", .message),
            ("From a@b Thu Nov 26 00:00:00 2026\nFrom: a@b\nSubject: x\n\nbody", .mbox),
            ("From a@b Thu Nov 26 00:00:00 2026\nolá\n", nil),
            ("Nome: José\nCPF: 390.533.447-05\n", nil),  // fields, but none of mail
            ("Subject: only one field\n\nbody", nil),
            ("X-A: 1\nX-B: 2\n\n", nil),
            (" Subject: x\nTo: y\n", nil),  // starts folded
            ("Subject: x\nnot a field\nTo: y\n", nil),
            ("CPF;Nome\n390.533.447-05;José\n", nil),
            ("", nil),
            ("{\"From\": 1, \"To\": 2}", nil),
        ])
    func detects(text: String, expected: MailDetection?) {
        #expect(MailDetection.detect(Array(text.utf8)) == expected)
    }

    @Test("messages Python makes are detected", arguments: [false, true])
    func pythonMessages(crlf: Bool) throws {
        #expect(MailDetection.detect(try MailSamples.multipart(crlf: crlf)) == .message)
    }

    @Test("a header block longer than the sample is judged on its first complete lines")
    func longHeader() {
        var text = Array("Subject: x\nTo: y\n".utf8)
        while text.count < MailDetection.sampleSize + 100 { text += Array("X-Long: \(text.count)\n".utf8) }
        #expect(MailDetection.detect(text) == .message)
    }

    @Test("agrees with a plain split-into-lines reading on random header-like text, cut anywhere")
    func agreesWithSplittingIntoLines() {
        var random = SeededRandom(seed: 23)
        let pieces = [
            "From: a@b", "from a@b Thu", "From a@b Thu", "Subject: x", "X-Nome: y", "Nome: José", " folded",
            "\t", "", "no colon", ": empty name", "To:c", "A b: space", "\u{1}x: control",
        ]
        for round in 0..<3000 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                text +=
                    Array(pieces.randomElement(using: &random)!.utf8)
                    + (Bool.random(using: &random) ? [0x0D, 0x0A] : [0x0A])
            }
            if round % 10 == 0 { text += [UInt8](repeating: 0x61, count: MailDetection.sampleSize) }
            let cut = Array(text.prefix(Int.random(in: 0...text.count, using: &random)))
            for sample in [text, cut] {
                #expect(MailDetection.detect(sample) == Self.splitting(sample), "round \(round)")
                #expect(sample.withUnsafeBytes { MailDetection.detect($0) } == Self.splitting(sample), "round \(round)")
            }
        }
    }

    /// The detection written plainly: the sample split into lines.
    static func splitting(_ prefix: [UInt8]) -> MailDetection? {
        let sample = Array(prefix.prefix(MailDetection.sampleSize))
        var lines = sample.split(separator: 0x0A, maxSplits: 200, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        if sample.count == MailDetection.sampleSize && lines.count > 1 { lines.removeLast() }
        let knownFields = Set(
            [
                "from", "date", "message-id", "mime-version", "received", "return-path", "subject", "to",
                "content-type",
            ].map { Array($0.utf8) })
        var kind = MailDetection.message
        var index = 0
        if let first = lines.first, first.starts(with: Array("From ".utf8)) {
            kind = .mbox
            index = 1
        }
        var fields = 0
        var known = false
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty { break }
            if line.first == 0x20 || line.first == 0x09 {
                if fields == 0 { return nil }
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let name = line[line.startIndex..<colon]
            guard (1...76).contains(name.count), name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
            fields += 1
            if knownFields.contains(name.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }) { known = true }
        }
        return fields >= 2 && known ? kind : nil
    }
}
