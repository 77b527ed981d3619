// Tests of Batch/TaxpayerIDCheckEngine.swift: the verdicts counted with
// `--document cnpj|any`. The outputs are tested end to end (CNPJEndToEndTests).

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func engine(
    _ input: String, accepted: TaxpayerID.Accepted, field: Int? = nil, skipsHeader: Bool = false
) throws -> TaxpayerIDCheckEngine {
    var settings = TaxpayerIDCheckEngine.Settings()
    settings.accepted = accepted
    settings.output = .quiet
    settings.field = field
    settings.skipsHeader = skipsHeader
    let engine = TaxpayerIDCheckEngine(settings: settings, context: Context())
    try withFileDescriptor(containing: Array(input.utf8)) { try engine.check($0, named: "test") }
    return engine
}

@Suite("TaxpayerIDCheckEngine")
struct DocumentCheckEngineTests {
    @Test("each line is one verdict, read as the kinds accepted")
    func counts() throws {
        let lines = "12.ABC.345/01DE-35\n390.533.447-05\n11.222.333/0001-80\n\n"
        let any = try engine(lines, accepted: .any)
        #expect(any.checkedCount == 4 && any.validCount == 2 && any.invalidCount == 2)
        let cnpj = try engine(lines, accepted: .cnpj)
        #expect(cnpj.validCount == 1)
    }

    @Test("with a field and a header, only the field of each record is read")
    func field() throws {
        let csv = "name,doc\nAna,390.533.447-05\nACME,\"12.ABC.345/01DE-35\"\nBad,12\n"
        let checked = try engine(csv, accepted: .any, field: 1, skipsHeader: true)
        #expect(checked.checkedCount == 3 && checked.validCount == 2)
    }
}
