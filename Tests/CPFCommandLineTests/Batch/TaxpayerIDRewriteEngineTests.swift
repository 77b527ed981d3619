// Tests of Batch/TaxpayerIDRewriteEngine.swift: how many inputs are passed
// through for each style with `--document cnpj|any`. The output itself is
// tested end to end (CNPJEndToEndTests).

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func failures(
    _ input: String, style: TaxpayerIDRewriteEngine.Style = .masked, accepted: TaxpayerID.Accepted = .any,
    _ configure: (inout TaxpayerIDRewriteEngine.Settings) -> Void = { _ in }
) throws -> Int {
    var settings = TaxpayerIDRewriteEngine.Settings()
    settings.style = style
    settings.accepted = accepted
    configure(&settings)
    let engine = TaxpayerIDRewriteEngine(settings: settings, context: Context())
    try withFileDescriptor(containing: Array(input.utf8)) { try engine.rewrite($0, named: "test") }
    #expect(engine.readCount == input.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    return engine.failureCount
}

@Suite("TaxpayerIDRewriteEngine")
struct DocumentRewriteEngineTests {
    static let lines = "12abc34501de35\n12ABC34501DE36\n39053344705\n12ABC\n\n1!\n"

    @Test("any 14 characters (or 11 digits) are rewritten, whatever their check digits, unless validating")
    func rewritesByLength() throws {
        // 12ABC, the empty line and 1! are passed through.
        #expect(try failures(Self.lines) == 3)
        #expect(try failures(Self.lines, style: .bare) == 3)
        #expect(try failures(Self.lines) { $0.validates = true } == 4)
        #expect(try failures(Self.lines, accepted: .cnpj) == 4)
    }

    @Test("the partial mask takes incomplete numbers, not bad characters")
    func partial() throws {
        #expect(try failures("12abc\n3905\n1!\n123456789012345\n", style: .partial) == 2)
    }

    @Test("complete takes 12-character and 9-digit bases")
    func complete() throws {
        #expect(try failures("12ABC34501DE\n390533447\n12ABC\n", style: .complete(formatted: false)) == 1)
        #expect(try failures("000000000000\n", style: .complete(formatted: true), accepted: .cnpj) == 1)
        #expect(
            try failures("000000000000\n", style: .complete(formatted: true), accepted: .cnpj) {
                $0.options.allowsRepeatedDigits = true
            } == 0)
    }
}
