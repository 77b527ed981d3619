import CPFDecoders
import Testing

@Suite("MailDetection")
struct MailDetectionTests {
    @Test("tells messages and mbox files from other text", arguments: [
        ("From: a@b\r\nTo: c@d\r\n\r\nOi", MailDetection?.some(.message)),
        ("Received: from x\n\tby y\nSubject: s\n\nbody", .message),
        ("MIME-Version: 1.0\nContent-Type: text/plain\n", .message),
        ("From a@b Thu Nov 26 00:00:00 2026\nFrom: a@b\nSubject: x\n\nbody", .mbox),
        ("From a@b Thu Nov 26 00:00:00 2026\nolá\n", nil),
        ("Nome: José\nCPF: 390.533.447-05\n", nil),            // fields, but none of mail
        ("Subject: only one field\n\nbody", nil),
        ("X-A: 1\nX-B: 2\n\n", nil),
        (" Subject: x\nTo: y\n", nil),                          // starts folded
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
}
