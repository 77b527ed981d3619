// Tests of Input/FieldRewriter.swift: one field of each CSV record rewritten
// in place, every other byte kept, whatever the pieces the record comes in.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// A value rewriter for the tests: a value of digits only becomes `<N>`, N
/// its digit count; anything else cannot be rewritten.
private final class DigitCounter: FieldValueRewriting {
    var count = 0
    var other = false
    func beginValue() {
        count = 0
        other = false
    }
    func consumeValue(byte: UInt8) { if byte &- 0x30 < 10 { count += 1 } else { other = true } }
    var valueIsSettled: Bool { other }
    func valueFailure() -> String? { other || count == 0 ? "not digits" : nil }
    func writeValue(to out: OutputBuffer) { out.write("<\(count)>") }
}

/// The output of rewriting field `field` of `input` read `capacity` bytes at a time.
private func rewritten(_ input: String, field: Int, delimiter: UInt8 = 0x2C, capacity: Int = 1 << 16) throws -> (
    String, [Bool]
) {
    var results: [Bool] = []
    let bytes = try capturedOutput { out in
        let rewriter = FieldRewriter(field: field, delimiter: delimiter, out: out, context: Context())
        let reader = LineReader(capacity: capacity)
        let value = DigitCounter()
        try withFileDescriptor(containing: Array(input.utf8)) { descriptor in
            try reader.forEachPiece(of: descriptor, csvDelimiter: delimiter) { piece in
                let done = rewriter.rewrite(piece, with: value, source: "t")
                if piece.isLast { results.append(done) }
            }
        }
    }
    return (String(decoding: bytes, as: UTF8.self), results)
}

@Suite("FieldRewriter")
struct FieldRewriterTests {
    static let input = "a,123,\"x,y\"\r\n\"q\"\"1\",\"45\",z\n\"multi\nline\",6789\nb,\"1,2\",c\nonly\nlast,1"

    @Test("only the field changes, in pieces of any size", arguments: [8, 16, 1 << 16])
    func onlyTheFieldChanges(capacity: Int) throws {
        let (output, results) = try rewritten(Self.input, field: 1, capacity: capacity)
        #expect(output == "a,<3>,\"x,y\"\r\n\"q\"\"1\",\"<2>\",z\n\"multi\nline\",<4>\nb,\"1,2\",c\nonly\nlast,<1>\n")
        #expect(results == [true, true, true, false, false, true])
    }

    @Test func theFirstAndLastFieldsToo() throws {
        #expect(try rewritten("12,a\n3,b\n", field: 0).0 == "<2>,a\n<1>,b\n")
        #expect(try rewritten("a,12\nb,\n", field: 1).0 == "a,<2>\nb,\n")
    }

    @Test func aDelimiterThatCouldBeInTheValueQuotesIt() throws {
        #expect(try rewritten("12.a\n", field: 0, delimiter: UInt8(ascii: ".")).0 == "\"<2>\".a\n")
    }
}

@Suite("FieldRewriter's fast path")
struct FieldRewriterFastPathTests {
    /// Records read whole (the fast path when the field is contiguous) and
    /// in 4-byte pieces (the general path) give the same bytes and verdicts.
    @Test(
        "a record read whole is rewritten as one read in pieces",
        arguments: [
            "12,a\n", "\"12\",a\n", "\"1\"\"2\",a\n", "\"12\"x,a\n", "\"12\n", "\"12", ",a\n", "\"\",a\n",
            "a,12\n", "a,\"12\"\r\n", "a,\"1,2\"\n", "a\n", "a,12,\"q\"\"\",34\n", "\"x,y\",56\n", "x\"y,78\n",
        ])
    func wholeAsPieces(input: String) throws {
        for field in 0..<2 {
            let whole = try rewritten(input, field: field)
            let pieces = try rewritten(input, field: field, capacity: 4)
            #expect(whole.0 == pieces.0, "field \(field)")
            #expect(whole.1 == pieces.1, "field \(field)")
        }
    }

    @Test func aDoubledQuoteOrTextAfterTheClosingQuoteTakesTheGeneralPath() throws {
        #expect(try rewritten("\"1\"\"2\",a\n", field: 0).0 == "\"1\"\"2\",a\n")
        #expect(try rewritten("\"12\"3,a\n", field: 0).0 == "\"<3>\",a\n")
        #expect(try rewritten("a,\"12\"\n", field: 1).0 == "a,\"<2>\"\n")
    }
}
