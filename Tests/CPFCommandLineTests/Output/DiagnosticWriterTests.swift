// Tests of Output/DiagnosticWriter.swift: SOURCE:LINE: 'INPUT': MESSAGE.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DiagnosticWriter")
struct DiagnosticWriterTests {
    private func diagnostic(_ location: (source: String, line: Int)?, _ input: [UInt8], isTruncated: Bool = false)
        -> String
    {
        let bytes = capturedOutput { out in
            withBytes(input) {
                DiagnosticWriter.write(
                    location: location.map { (RawText($0.source), $0.line) }, input: $0, isTruncated: isTruncated,
                    message: "the message", to: out)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aLineOfAnInputNamesItsSourceAndLine() {
        #expect(diagnostic(("cpfs.txt", 12), Array("123".utf8)) == "cpfs.txt:12: '123': the message\n")
    }

    @Test func anArgumentHasNoLocation() {
        #expect(diagnostic(nil, Array("abc".utf8)) == "'abc': the message\n")
    }

    @Test func theInputIsEscapedAndACutOneEndsInAnEllipsis() {
        #expect(diagnostic(("-", 1), [0x27, 0x09, 0xFF]) == "-:1: '\\'\\t\\xff': the message\n")
        #expect(diagnostic(("-", 2), Array("12".utf8), isTruncated: true) == "-:2: '12…': the message\n")
    }
}
