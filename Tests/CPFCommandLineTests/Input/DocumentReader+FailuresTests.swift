// Tests of Input/DocumentReader+Failures.swift: a member's error in words,
// and the reason a document's failures give together, names hidden.

import CPFDecoders
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader+Failures")
struct DocumentReaderFailuresTests {
    static func failure(_ path: String, _ reason: String) -> DocumentReader.Failure {
        DocumentReader.Failure(path: Array(path.utf8), reason: reason)
    }

    @Test("a member's error is named for what failed: a limit, deflate data, Office XML, a tar archive")
    func reasons() {
        #expect(DocumentReader.reason(TarError.truncated).hasPrefix("tar archive: "))
        #expect(
            DocumentReader.reason(ZipError.encryptedMember) == "\(ZipError.encryptedMember)")
    }

    @Test("no failure is no reason; one is its member and reason; the document's own reason stands alone")
    func one() {
        #expect(DocumentReader.summary(of: [], format: .zip) == nil)
        #expect(
            DocumentReader.summary(of: [Self.failure("a.txt", "encrypted member")], format: .zip)
                == "member a.txt: encrypted member")
        #expect(DocumentReader.summary(of: [Self.failure("", "PDF: encrypted")], format: .pdf) == "PDF: encrypted")
    }

    @Test("several are counted, the first three named, each CPF in a name hidden, with the verb and noun given")
    func several() {
        let failures = [
            Self.failure("390.533.447-05.txt", "encrypted member"), Self.failure("b.txt", "x"),
            Self.failure("c.txt", "y"), Self.failure("d.txt", "z"),
        ]
        #expect(
            DocumentReader.summary(of: failures, format: .zip)
                == """
                4 members not searched: member ***.***.***-**.txt: encrypted member; member b.txt: x; \
                member c.txt: y; and 1 more
                """)
        #expect(
            DocumentReader.summary(of: Array(failures.prefix(2)), format: .zip, verb: "rewritten", noun: "attachment")
                == "2 attachments not rewritten: attachment ***.***.***-**.txt: encrypted member; attachment b.txt: x")
    }
}
