// Tests of Batch/FindLinesEngine+Taxpayers.swift: `find --per-line
// --document cnpj|any`, one array per line, each line on its own.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("FindLinesEngine+Taxpayers")
struct FindLinesEngineTaxpayersTests {
    static func arrays(_ input: String, accepting: TaxpayerID.Accepted, lineCapacity: Int) throws -> String {
        var settings = FindEngine.Settings()
        settings.accepted = accepting
        let output = try capturedOutput { out in
            let engine = FindLinesEngine(
                settings: settings, context: Context(), output: out, lineCapacity: lineCapacity)
            try withFileDescriptor(containing: Array(input.utf8)) { try engine.find($0) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test("a line's CNPJs are in its array, in order; a keyword on one line does not reach the next")
    func arraysPerLine() throws {
        let input = "CNPJ\n11222333000181 e 12.ABC.345/01DE-35\nCPF 390.533.447-05\n"
        for capacity in [16, 1 << 16] {
            #expect(
                try Self.arrays(input, accepting: .cnpj, lineCapacity: capacity) == """
                    []
                    [{"column":1,"text":"11222333000181","document":"cnpj","cnpj":"11222333000181",\
                    "confidence":"medium","valid":true},{"column":18,"text":"12.ABC.345/01DE-35","document":"cnpj",\
                    "cnpj":"12ABC34501DE35","confidence":"high","valid":true}]
                    []

                    """, "\(capacity)")
        }
        let both = try Self.arrays(input, accepting: .any, lineCapacity: 1 << 16)
        #expect(both.split(separator: "\n").last?.contains(#""document":"cpf""#) == true)
    }
}
