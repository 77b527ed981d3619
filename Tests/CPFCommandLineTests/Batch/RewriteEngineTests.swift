// Tests of Batch/RewriteEngine.swift: how many inputs are passed through for
// each kind, style and option, over lines, long lines, fields and
// arguments, and what comes out. Unless given an output, the engine writes
// to the process's standard output and error through buffers that these
// small tests never fill nor flush; the output is also tested end to end.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func failures<Kind: RewriteKind>(
    _ input: String, kind: Kind, columns: CSVColumns = CSVColumns()
) throws -> Int {
    let engine = RewriteEngine(kind: kind, columns: columns, context: Context())
    try withFileDescriptor(containing: Array(input.utf8)) { try engine.rewrite($0, named: "test") }
    return engine.failureCount
}

private func failures(
    _ input: String, style: RewriteStyle = .masked, _ configure: (inout CPFRewriteKind) -> Void = { _ in }
) throws -> Int {
    var kind = CPFRewriteKind(style: style)
    configure(&kind)
    return try failures(input, kind: kind)
}

/// What the engine writes for `input` read with lines of at most
/// `lineCapacity` bytes, and how many lines it passed through.
private func output<Kind: RewriteKind>(
    _ input: String, kind: Kind, columns: CSVColumns = CSVColumns(), lineCapacity: Int = LineReader.defaultCapacity
) throws -> (text: String, failures: Int) {
    var failures = 0
    let bytes = try capturedOutput { out in
        let engine = RewriteEngine(
            kind: kind, columns: columns, context: Context(), output: out, lineCapacity: lineCapacity)
        try withFileDescriptor(containing: Array(input.utf8)) { try engine.rewrite($0, named: "test") }
        failures = engine.failureCount
    }
    return (String(decoding: bytes, as: UTF8.self), failures)
}

@Suite("RewriteEngine")
struct RewriteEngineTests {
    static let lines = "39053344705\n23100299900\n11111111111\n12345\n\nfoo\n123456797\n"

    @Test func anyElevenDigitsAreRewritten() throws {
        // 12345, the empty line, foo and 123456797 are passed through.
        #expect(try failures(Self.lines) == 4)
        #expect(try failures(Self.lines, style: .bare) == 4)
    }

    @Test func validateAlsoRequiresTheCheckDigits() throws {
        #expect(try failures(Self.lines) { $0.validates = true } == 6)
        #expect(
            try failures(Self.lines) {
                $0.validates = true
                $0.options.allowsRepeatedDigits = true
            } == 5)
    }

    @Test func padRewritesShortBareNumbers() throws {
        #expect(try failures(Self.lines) { $0.options.padsLeadingZeros = true } == 2)
    }

    @Test func padRewritesASpreadsheetsWholeNumbers() throws {
        let numbers = "1091905720.0\n1.09190572E+09\n1.09190572E+07\n1091905720.5\n"
        // 1.09190572E+07 is not whole; 1091905720.5 is 11 digits, rewritten without --validate.
        #expect(try failures(numbers) { $0.options.padsLeadingZeros = true } == 1)
        #expect(
            try failures(numbers) {
                $0.options.padsLeadingZeros = true
                $0.validates = true
            } == 2)
        #expect(try failures(numbers) == 2)
    }

    @Test func partialMasksIncompleteNumbers() throws {
        // foo only: empty lines stay empty, short numbers are masked.
        #expect(try failures(Self.lines, style: .partial) == 1)
        #expect(try failures("390533447051\n", style: .partial) == 1)
    }

    @Test func completeTakesNineDigitBases() throws {
        let bases = "390533447\n390.533.447\n39053344\n3905334470\n111111111\nfoo\n"
        #expect(try failures(bases, style: .complete(formatted: false)) == 4)
        #expect(try failures(bases, style: .complete(formatted: true)) { $0.options.allowsRepeatedDigits = true } == 3)
        let completed = try output(bases, kind: CPFRewriteKind(style: .complete(formatted: true)))
        #expect(completed.text.hasPrefix("390.533.447-05\n390.533.447-05\n39053344\n"))
    }

    @Test func argumentsCountToo() {
        let engine = RewriteEngine(kind: CPFRewriteKind(), context: Context())
        engine.rewrite(argument: "39053344705")
        engine.rewrite(argument: "bad")
        #expect(engine.failureCount == 1)
    }

    @Test func longLinesAreRewritten() throws {
        // Only rewritten long lines here: a long line passed through would
        // reach the process's standard output (tested end to end instead).
        let spaces = String(repeating: " ", count: LineReader.defaultCapacity + 5)
        #expect(try failures(spaces + "39053344705\n" + spaces + "23100299900 \n") == 0)
        #expect(try failures(spaces + "123456797\n") { $0.options.padsLeadingZeros = true } == 0)
        #expect(try failures(spaces + "3905\n", style: .partial) == 0)
        #expect(try failures(spaces + "390533447\n", style: .complete(formatted: false)) == 0)
    }

    /// One rewrite policy: a line read whole and the same line read in
    /// pieces (longer than the reader's buffer) come out the same, for every
    /// style and option, including the partial style on an empty or blank line.
    @Test(
        "a long line and a short line of the same content give the same output",
        arguments: [
            RewriteStyle.masked, .bare, .partial, .complete(formatted: false), .complete(formatted: true),
        ])
    func longAndShortLinesAgree(style: RewriteStyle) throws {
        let inputs = [
            "39053344705", "390.533.447-05", "  390 533 447 05 ", "39053344706", "11111111111", "12345", "123456797",
            "", "   ", "\t", "foo", "3905", "390533447051", "390.533.447-05x", "390..533", "0", "390.533.447",
            "111111111",
        ]
        let text = inputs.joined(separator: "\n") + "\n"
        let validations = style == .masked || style == .bare ? [false, true] : [false]
        for validates in validations {
            for pads in [false, true] {
                var kind = CPFRewriteKind(style: style, validates: validates)
                kind.options.padsLeadingZeros = pads
                let whole = try output(text, kind: kind, lineCapacity: 1 << 16)
                let pieces = try output(text, kind: kind, lineCapacity: 2)
                #expect(whole.text == pieces.text, "validates: \(validates), pads: \(pads)")
                #expect(whole.failures == pieces.failures, "validates: \(validates), pads: \(pads)")
            }
        }
    }

    @Test("CPFs and CNPJs go through the same loop: lines, arguments, fields and headers")
    func bothKinds() throws {
        let any = TaxpayerIDRewriteKind(style: .bare, accepted: .any)
        let lines = try output("12.abc.345/01de-35\n390.533.447-05\n12\n", kind: any)
        #expect(lines.text == "12ABC34501DE35\n39053344705\n12\n")
        #expect(lines.failures == 1)
        var columns = CSVColumns()
        columns.fieldName = Array("doc".utf8)
        columns.skipsHeader = true
        let csv = "name,doc\nAna,390.533.447-05\nACME,\"12.ABC.345/01DE-35\"\nBad,12\n"
        let fields = try output(csv, kind: any, columns: columns)
        #expect(fields.text == "name,doc\nAna,39053344705\nACME,\"12ABC34501DE35\"\nBad,12\n")
        #expect(fields.failures == 1)
        let cpfs = try output(csv, kind: CPFRewriteKind(style: .bare), columns: columns)
        #expect(cpfs.text == "name,doc\nAna,39053344705\nACME,\"12.ABC.345/01DE-35\"\nBad,12\n")
        #expect(cpfs.failures == 2)
        let engine = RewriteEngine(kind: any, context: Context())
        engine.rewrite(argument: "12ABC34501DE35")
        #expect(engine.failureCount == 0)
    }

    @Test("a line longer than the read buffer is a CPF read as it streams, but passed through with --document")
    func longLinesByKind() throws {
        let text = String(repeating: " ", count: 20) + "390.533.447-05\n"
        let cpf = try output(text, kind: CPFRewriteKind(style: .bare), lineCapacity: 8)
        #expect(cpf.text == "39053344705\n")
        #expect(cpf.failures == 0)
        let any = try output(text, kind: TaxpayerIDRewriteKind(style: .bare), lineCapacity: 8)
        #expect(any.text == text)
        #expect(any.failures == 1)
    }
}
