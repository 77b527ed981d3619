// Tests of Batch/FindLinesEngine.swift: one JSON array per line, each line
// scanned on its own, whatever the size of the pieces a line comes in.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// The output of `find --per-line` over `input`.
private func arrays(
    _ input: String, settings: FindEngine.Settings = .init(), lineCapacity: Int = LineReader.defaultCapacity
) throws -> [String] {
    let output = try capturedOutput { out in
        let engine = FindLinesEngine(settings: settings, context: Context(), output: out, lineCapacity: lineCapacity)
        try withFileDescriptor(containing: Array(input.utf8)) { try engine.find($0) }
    }
    return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        .map(String.init)
}

@Suite("FindLinesEngine")
struct FindLinesEngineTests {
    @Test func oneArrayPerLineEmptyWhenNone() throws {
        #expect(
            try arrays("x 390.533.447-05\n\nnada\r\nfim") == [
                #"[{"column":3,"text":"390.533.447-05","cpf":"39053344705","confidence":"high","valid":true}]"#,
                "[]", "[]", "[]",
            ])
    }

    @Test func noMatchSpansALineBreakAndNoKeywordReachesTheNextLine() throws {
        #expect(try arrays("390.533.\n447-05\n") == ["[]", "[]"])
        // "CPF" on the line before does not make the bare number a high-confidence CPF.
        var settings = FindEngine.Settings()
        settings.minimumConfidence = .high
        #expect(try arrays("CPF\n39053344705\n", settings: settings) == ["[]", "[]"])
        #expect(try arrays("CPF 39053344705\n", settings: settings).first != "[]")
    }

    @Test("a line read in pieces gives the same array", arguments: [16, 64, 4096])
    func piecesGiveTheSameArray(capacity: Int) throws {
        let line =
            String(repeating: "texto ", count: 40) + "390.533.447-05 e 529.982.247-25 "
            + String(repeating: "z", count: 50)
        let input = line + "\n" + line + "\n"
        #expect(try arrays(input, lineCapacity: capacity) == arrays(input))
        #expect(try arrays(input).count == 2)
    }

    @Test func mistypedCPFsOnlyWhenAskedAndHidingApplies() throws {
        var settings = FindEngine.Settings()
        #expect(try arrays("CPF 390.533.447-06\n", settings: settings) == ["[]"])
        settings.includesInvalid = true
        #expect(try arrays("CPF 390.533.447-06\n", settings: settings).first?.contains(#""valid":false"#) == true)
        settings.makeHiding = { .hidden(.full) }
        #expect(try arrays("CPF 390.533.447-06\n", settings: settings).first?.contains(#""cpf":"***********""#) == true)
    }
}

// With --document cnpj|any: CNPJs through the same path.
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
