// Tests of Batch/TaxpayerIDRewriteKind.swift: how `format`, `strip` and
// `complete --document cnpj|any` read a value and what they write; a line
// too long to hold. The counts through the engine are in RewriteEngineTests;
// the outputs are tested end to end (CNPJEndToEndTests).

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// What a value of `kind` writes for each line of `lines`, and how many it refuses.
private func failures(
    _ lines: String, style: RewriteStyle = .masked, accepted: TaxpayerID.Accepted = .any,
    _ configure: (inout TaxpayerIDRewriteKind) -> Void = { _ in }
) -> Int {
    var kind = TaxpayerIDRewriteKind(style: style, accepted: accepted)
    configure(&kind)
    let value = kind.makeValue(context: Context())
    var count = 0
    _ = capturedOutput { out in
        for line in lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if Array(line.utf8).withUnsafeBytes({ value.rewrite(line: $0, to: out) }) != nil { count += 1 }
        }
    }
    return count
}

@Suite("TaxpayerIDRewriteKind")
struct TaxpayerIDRewriteKindTests {
    static let lines = "12abc34501de35\n12ABC34501DE36\n39053344705\n12ABC\n\n1!\n"

    @Test("any 14 characters (or 11 digits) are rewritten, whatever their check digits, unless validating")
    func rewritesByLength() {
        // 12ABC, the empty line and 1! are passed through.
        #expect(failures(Self.lines) == 3)
        #expect(failures(Self.lines, style: .bare) == 3)
        #expect(failures(Self.lines) { $0.validates = true } == 4)
        #expect(failures(Self.lines, accepted: .cnpj) == 4)
    }

    @Test("the partial mask takes incomplete numbers, not bad characters")
    func partial() {
        #expect(failures("12abc\n3905\n1!\n123456789012345\n", style: .partial) == 2)
    }

    @Test("complete takes 12-character and 9-digit bases")
    func complete() {
        #expect(failures("12ABC34501DE\n390533447\n12ABC\n", style: .complete(formatted: false)) == 1)
        #expect(failures("000000000000\n", style: .complete(formatted: true), accepted: .cnpj) == 1)
        #expect(
            failures("000000000000\n", style: .complete(formatted: true), accepted: .cnpj) {
                $0.options.allowsRepeatedDigits = true
            } == 0)
    }

    @Test("a report names the kind the value was read as")
    func reportsNameTheKind() {
        let value = TaxpayerIDRewriteKind(validates: true).makeValue(context: Context())
        _ = capturedOutput { out in
            let failure = Array("12.ABC.345/01DE-36".utf8).withUnsafeBytes { value.rewrite(line: $0, to: out) }
            #expect(failure?.hasPrefix("CNPJ: ") == true)
        }
    }

    @Test("a line in pieces is settled from its first piece, passed through and refused")
    func longLines() {
        let value = TaxpayerIDRewriteKind(accepted: .cnpj).makeValue(context: Context())
        let written = capturedOutput { out in
            value.beginValue()
            for piece in ["12.ABC.345", "/01DE-35"] {
                Array(piece.utf8).withUnsafeBytes { bytes in
                    value.consume(bytes)
                    #expect(value.valueIsSettled)
                    value.pass(bytes, decided: nil, to: out)
                }
            }
            #expect(
                value.valueFailure() == "line longer than 1048576 bytes: passed through unchanged with --document cnpj")
            #expect(!value.couldNotHold)
        }
        #expect(String(decoding: written, as: UTF8.self) == "12.ABC.345/01DE-35")
    }

    @Test("a field is held up to 64 KiB; a longer one is settled")
    func longFields() {
        let value = TaxpayerIDRewriteKind().makeValue(context: Context())
        value.beginValue()
        for _ in 0..<EchoCapture.limit - 1 { value.consumeValue(byte: 0x20) }
        #expect(!value.valueIsSettled)
        value.consumeValue(byte: 0x20)
        #expect(value.valueIsSettled)
        value.beginValue()
        #expect(!value.valueIsSettled)
    }
}
