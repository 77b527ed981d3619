// Tests of Batch/ReformatEngine.swift: how many inputs are passed through
// for each style and option. The engine writes to the process's standard
// output and error through buffers that these small tests never fill nor
// flush; the output itself is tested end to end.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func failures(
    _ input: String, style: ReformatEngine.Style = .masked,
    _ configure: (inout ReformatEngine.Settings) -> Void = { _ in }
) throws -> Int {
    var settings = ReformatEngine.Settings()
    settings.style = style
    configure(&settings)
    let engine = ReformatEngine(settings: settings, context: Context())
    try withFileDescriptor(containing: Array(input.utf8)) { try engine.rewrite($0, named: "test") }
    return engine.failureCount
}

@Suite("ReformatEngine")
struct ReformatEngineTests {
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

    @Test func argumentsCountToo() {
        let engine = ReformatEngine(settings: ReformatEngine.Settings(), context: Context())
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
    }

    /// What the engine writes for `input` read with lines of at most
    /// `lineCapacity` bytes, and how many lines it passed through.
    private func output(
        _ input: String, style: ReformatEngine.Style, validates: Bool, pads: Bool, lineCapacity: Int
    ) throws -> (text: String, failures: Int) {
        var settings = ReformatEngine.Settings()
        settings.style = style
        settings.validates = validates
        settings.options.padsLeadingZeros = pads
        var failures = 0
        let bytes = try capturedOutput { out in
            let engine = ReformatEngine(settings: settings, context: Context(), output: out, lineCapacity: lineCapacity)
            try withFileDescriptor(containing: Array(input.utf8)) { try engine.rewrite($0, named: "test") }
            failures = engine.failureCount
        }
        return (String(decoding: bytes, as: UTF8.self), failures)
    }

    /// One rewrite policy: a line read whole and the same line read in
    /// pieces (longer than the reader's buffer) come out the same, for every
    /// style and option, including the partial style on an empty or blank line.
    @Test(
        "a long line and a short line of the same content give the same output",
        arguments: [
            ReformatEngine.Style.masked, .bare, .partial,
        ])
    func longAndShortLinesAgree(style: ReformatEngine.Style) throws {
        let inputs = [
            "39053344705", "390.533.447-05", "  390 533 447 05 ", "39053344706", "11111111111", "12345", "123456797",
            "", "   ", "\t", "foo", "3905", "390533447051", "390.533.447-05x", "390..533", "0",
        ]
        let text = inputs.joined(separator: "\n") + "\n"
        for validates in style == .partial ? [false] : [false, true] {
            for pads in [false, true] {
                let whole = try output(text, style: style, validates: validates, pads: pads, lineCapacity: 1 << 16)
                let pieces = try output(text, style: style, validates: validates, pads: pads, lineCapacity: 2)
                #expect(whole.text == pieces.text, "validates: \(validates), pads: \(pads)")
                #expect(whole.failures == pieces.failures, "validates: \(validates), pads: \(pads)")
            }
        }
    }

    @Test func defaults() {
        let settings = ReformatEngine.Settings()
        #expect(settings.style == .masked)
        #expect(settings.options == .lenient)
        #expect(!settings.validates)
    }
}
