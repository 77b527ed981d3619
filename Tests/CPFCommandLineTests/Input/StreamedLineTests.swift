// Tests of Input/StreamedLine.swift: a line read in pieces, parsed, echoed,
// and passed on once its fate is known.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("StreamedLine")
struct StreamedLineTests {
    @Test func piecesAreParsedAndEchoedAsOneLine() {
        let line = StreamedLine(context: Context())
        line.begin()
        withBytes(Array("390.533".utf8)) { line.consume($0) }
        #expect(!line.isSettled)
        withBytes(Array(".447-0".utf8)) { line.consume($0) }
        line.consume(byte: UInt8(ascii: "5"))
        #expect(line.result == .success(CPF(base: 390_533_447)))
        #expect(Array(line.echo.bytes) == Array("390.533.447-05".utf8))
    }

    @Test func beginStartsAfresh() {
        let line = StreamedLine(options: .strict, context: Context())
        line.begin()
        withBytes(Array("abc".utf8)) { line.consume($0) }
        #expect(line.isSettled)
        line.begin()
        #expect(line.echo.count == 0)
        withBytes(Array("39053344705".utf8)) { line.consume($0) }
        #expect(line.result == .success(CPF(base: 390_533_447)))
    }

    @Test func piecesWaitUntilTheLineIsDecided() {
        let line = StreamedLine(context: Context())
        let wanted = capturedOutput { out in
            line.begin()
            withBytes(Array("ab".utf8)) { line.pass($0, decided: nil, to: out) }
            withBytes(Array("cd".utf8)) { line.pass($0, decided: true, to: out) }
            withBytes(Array("ef".utf8)) { line.pass($0, decided: nil, to: out) }
        }
        #expect(wanted == Array("abcdef".utf8))
        let unwanted = capturedOutput { out in
            line.begin()
            withBytes(Array("ab".utf8)) { line.pass($0, decided: nil, to: out) }
            withBytes(Array("cd".utf8)) { line.pass($0, decided: false, to: out) }
        }
        #expect(unwanted == [])
    }

    /// The report itself goes through `Context.reportValue` (the LGPD form,
    /// the limit), tested end to end.
    @Test func theEchoHoldsTheLineForItsReport() {
        let line = StreamedLine(context: Context())
        line.begin()
        withBytes(Array("12'3".utf8)) { line.consume($0) }
        #expect(Array(line.echo.bytes) == Array("12'3".utf8))
        #expect(!line.echo.isTruncated)
    }
}
