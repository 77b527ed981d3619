// Tests of Output/JSONObjectWriter.swift: one JSON object, member by member.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("JSONObjectWriter")
struct JSONObjectWriterTests {
    private func json(_ body: (inout JSONObjectWriter) -> Void, lineFeed: Bool = true) -> String {
        let bytes = capturedOutput { out in
            var object = JSONObjectWriter(to: out)
            body(&object)
            object.end(lineFeed: lineFeed)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anEmptyObject() {
        #expect(json({ _ in }) == "{}\n")
        #expect(json({ _ in }, lineFeed: false) == "{}")
    }

    @Test func membersAreSeparatedByCommasInOrder() {
        let text = json { object in
            object.string("s", "a\"b")
            object.number("n", 42)
            object.bool("t", true)
            object.bool("f", false)
            object.strings("list", ["x", "y\n"])
            object.strings("none", [])
            object.object("inner") { $0.number("d", 8) }
        }
        #expect(text == #"{"s":"a\"b","n":42,"t":true,"f":false,"list":["x","y\n"],"none":[],"inner":{"d":8}}"# + "\n")
    }

    @Test func bytesAreEscapedAndACutStringEndsInAnEllipsis() {
        let text = json { object in
            withBytes([0x41, 0xFF, 0x01]) { object.string("input", $0, isTruncated: true) }
        }
        #expect(text == #"{"input":"A\ufffd\u0001…"}"# + "\n")
    }

    @Test func aStringWrittenInPlace() {
        let text = json { object in
            object.string("cpf", reserving: 11) { buffer in
                for index in 0..<3 { buffer[index] = UInt8(ascii: "7") }
                return 3
            }
        }
        #expect(text == #"{"cpf":"777"}"# + "\n")
    }
}
