// Tests of Batch/CPFRewriteKind.swift: how `format`, `strip` and `complete`
// read a CPF, whole, as a CSV field or byte by byte, and what they write.
// The counts through the engine are in RewriteEngineTests; the outputs are
// tested end to end (FieldRewritingEndToEndTests and others).

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// What a value of `kind` writes for `text` read as a whole line, and why
/// it refuses it (`nil` when rewritten).
private func line(_ text: String, _ kind: CPFRewriteKind) -> (written: String, failure: String?) {
    let value = kind.makeValue(context: Context())
    var failure: String?
    let written = capturedOutput { out in
        failure = Array(text.utf8).withUnsafeBytes { value.rewrite(line: $0, to: out) }
    }
    return (String(decoding: written, as: UTF8.self), failure)
}

/// The same for `text` read as a field: whole at once, or byte by byte.
private func field(_ text: String, _ kind: CPFRewriteKind, byteByByte: Bool) -> (written: String, failure: String?) {
    let value = kind.makeValue(context: Context())
    var failure: String?
    let written = capturedOutput { out in
        Array(text.utf8).withUnsafeBytes { bytes in
            if byteByByte {
                value.beginValue()
                for byte in bytes { value.consumeValue(byte: byte) }
                failure = value.valueFailure()
            } else {
                failure = value.readWholeValue(bytes)
            }
            if failure == nil { value.writeValue(to: out) }
        }
    }
    return (String(decoding: written, as: UTF8.self), failure)
}

@Suite("CPFRewriteKind")
struct CPFRewriteKindTests {
    @Test func defaults() {
        let kind = CPFRewriteKind()
        #expect(kind.style == .masked)
        #expect(kind.options == .lenient)
        #expect(!kind.validates)
    }

    /// One policy: a line, a field read at once and a field read byte by
    /// byte are rewritten alike, or refused for the same reason.
    @Test(
        "a line and a field of the same content give the same output and the same reason",
        arguments: [
            RewriteStyle.masked, .bare, .partial, .complete(formatted: false), .complete(formatted: true),
        ])
    func linesAndFieldsAgree(style: RewriteStyle) {
        let inputs = [
            "39053344705", "390.533.447-05", "  390 533 447 05 ", "39053344706", "11111111111", "12345", "123456797",
            "", "   ", "foo", "3905", "390533447051", "390.533.447-05x", "0", "390.533.447", "111111111",
            "1.09190572E+09",
        ]
        for validates in style == .masked || style == .bare ? [false, true] : [false] {
            for pads in [false, true] {
                var kind = CPFRewriteKind(style: style, validates: validates)
                kind.options.padsLeadingZeros = pads
                for input in inputs where !(pads && input == "1.09190572E+09") {
                    let whole = line(input, kind)
                    #expect(field(input, kind, byteByByte: false) == whole, "\(input), validates: \(validates)")
                    #expect(field(input, kind, byteByByte: true) == whole, "\(input), validates: \(validates)")
                }
            }
        }
    }

    @Test("format and strip write the mask or the digits; the partial style what there is")
    func styles() {
        #expect(line("39053344705", CPFRewriteKind(style: .masked)) == ("390.533.447-05", nil))
        #expect(line("390.533.447-06", CPFRewriteKind(style: .bare)) == ("39053344706", nil))
        #expect(line("3905", CPFRewriteKind(style: .partial)) == ("390.5", nil))
        #expect(line("123456797", CPFRewriteKind(style: .bare, options: .init(padsLeadingZeros: true))).failure == nil)
        #expect(line("390.533.447-06", CPFRewriteKind(validates: true)).failure == "check digits should be 05")
    }

    @Test("complete writes a base's CPF, and refuses a base of one repeated digit unless allowed")
    func complete() {
        #expect(line("390.533.447", CPFRewriteKind(style: .complete(formatted: true))) == ("390.533.447-05", nil))
        #expect(line("390533447", CPFRewriteKind(style: .complete(formatted: false))) == ("39053344705", nil))
        let repeated = CPFRewriteKind(style: .complete(formatted: false))
        #expect(line("111111111", repeated).failure != nil)
        var allowed = repeated
        allowed.options.allowsRepeatedDigits = true
        #expect(line("111111111", allowed) == ("11111111111", nil))
        #expect(line("3905334", repeated).failure?.contains("9") == true)
    }

    @Test("a line refused whose pieces could not be copied out is reported as refused by format and strip only")
    func refusalOfAnUnheldLine() {
        let context = Context()
        #expect(CPFRewriteKind(style: .masked).makeValue(context: context).reportsRefusalOfUnheldLine)
        #expect(CPFRewriteKind(style: .bare).makeValue(context: context).reportsRefusalOfUnheldLine)
        #expect(
            !CPFRewriteKind(style: .complete(formatted: false)).makeValue(context: context).reportsRefusalOfUnheldLine)
    }
}
