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
            if round % 10 == 5 {
                for number in 0..<Int.random(in: 300...3000, using: &random) { text += Array("X-\(number): v\n".utf8) }
                text += Array(pieces.randomElement(using: &random)!.utf8) + [0x0A]
            }
            let cut = Array(text.prefix(Int.random(in: 0...text.count, using: &random)))
            for sample in [text, cut] {
                #expect(MailDetection.detect(sample) == Self.splitting(sample), "round \(round)")
                #expect(sample.withUnsafeBytes { MailDetection.detect($0) } == Self.splitting(sample), "round \(round)")
            }
        }
    }

    /// The detection written plainly: the first 8 KiB split into lines
    /// (at most 201), then, when they are header lines cut by the sample's
    /// end that do not decide, the first 64 KiB split into lines.
    static func splitting(_ prefix: [UInt8]) -> MailDetection? {
        let first = judge(prefix, size: MailDetection.sampleSize, maxSplits: 200)
        guard first.undecided, prefix.count > MailDetection.sampleSize else { return first.kind }
        return judge(prefix, size: MailDetection.maximumSampleSize, maxSplits: .max).kind
    }

    static func judge(_ prefix: [UInt8], size: Int, maxSplits: Int) -> (kind: MailDetection?, undecided: Bool) {
        let sample = Array(prefix.prefix(size))
        var lines = sample.split(separator: 0x0A, maxSplits: maxSplits, omittingEmptySubsequences: false).map {
            line in line.last == 0x0D ? line.dropLast() : line
        }
        let isCut = sample.count == size && lines.count > 1
        if isCut { lines.removeLast() }
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
        var blank = false
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty {
                blank = true
                break
            }
            if line.first == 0x20 || line.first == 0x09 {
                if fields == 0 { return (nil, false) }
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return (nil, false) }
            let name = line[line.startIndex..<colon]
            guard (1...76).contains(name.count), name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                return (nil, false)
            }
            fields += 1
            if knownFields.contains(name.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }) { known = true }
        }
        if fields >= 2 && known { return (kind, false) }
        return (nil, isCut && !blank && (fields > 0 || kind == .mbox))
    }

    @Test(
        """
        a message after more than 8 KiB of gateway headers is detected: X- lines before the known fields, \
        or one long folded field first
        """)
    func gatewayHeaders() {
        var xLines: [UInt8] = []
        for number in 0..<400 { xLines += Array("X-Gateway-Trace-\(number): hop \(number)\n".utf8) }
        let message = Array("From: a@b\nSubject: s\n\nbody\n".utf8)
        #expect(MailDetection.detect(xLines + message) == .message)
        var folded = Array("X-Long: a".utf8)
        for number in 0..<2000 { folded += Array("\n token\(number)".utf8) }
        #expect(MailDetection.detect(folded + [0x0A] + message) == .message)
        #expect(MailDetection.detect(Array("From a@b Thu\n".utf8) + folded + [0x0A] + message) == .mbox)
    }

    @Test("header lines past 8 KiB that end without a known field, or with a text line, are not mail")
    func gatewayHeadersWithoutMail() {
        var xLines: [UInt8] = []
        for number in 0..<400 { xLines += Array("X-Gateway-Trace-\(number): hop \(number)\n".utf8) }
        #expect(MailDetection.detect(xLines + Array("X-Other: 1\n\nbody\n".utf8)) == nil)
        #expect(MailDetection.detect(xLines + Array("not a field\nFrom: a@b\nTo: c\n\n".utf8)) == nil)
        // Header lines beyond 64 KiB: the header block is longer than the reader reads.
        var long: [UInt8] = []
        while long.count < MailDetection.maximumSampleSize + 10 { long += Array("X-A: \(long.count)\n".utf8) }
        #expect(MailDetection.detect(long + Array("From: a@b\nTo: c\n\n".utf8)) == nil)
    }
}
