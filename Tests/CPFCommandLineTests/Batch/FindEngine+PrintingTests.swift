// Tests of Batch/FindEngine+Printing.swift: each match printed as its own
// kind (a CPF or a CNPJ) with the line and column of its first character,
// whatever the block size; JSON names the document.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

@Suite("FindEngine+Printing: CPFs and CNPJs")
struct FindEngineTaxpayersTests {
    /// What `find --document any` prints for `input`, worked out plainly.
    static func expected(_ input: [UInt8], accepting: TaxpayerID.Accepted) -> String {
        TaxpayerScanner.matches(in: input, accepting: accepting).map { match in
            let before = input[..<match.range.lowerBound]
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = match.range.lowerBound - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            // The one control character of these inputs, escaped as find escapes it.
            let text = String(decoding: input[match.range], as: UTF8.self).replacingOccurrences("\n", "\\n")
            return "t:\(line):\(column): \(text)\n"
        }.joined()
    }

    static func found(_ input: [UInt8], settings: FindEngine.Settings, blockCapacity: Int) throws -> String {
        let output = try capturedOutput { out in
            let engine = FindEngine(settings: settings, context: Context(), output: out, blockCapacity: blockCapacity)
            try withFileDescriptor(containing: input) { try engine.find($0, named: RawText("t")) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test("lines and columns are those of each match's first character, whatever the block size")
    func linesAndColumns() throws {
        let input = Array(
            """
            CPF 390.533.447-05 e CNPJ 12.ABC.345/01DE-35
            \n\n11222333000181 CPF 390.533.
            447-05\n\n\n\n x 11.222.333/0001-81 CNPJ 11.\n222.\n333/\n0001-\n81 CPF 390.\n533.\n447-\n05 x
            """.utf8)
        for accepting in [TaxpayerID.Accepted.cnpj, .any] {
            var settings = FindEngine.Settings()
            settings.accepted = accepting
            let expected = Self.expected(input, accepting: accepting)
            #expect(expected.split(separator: "\n").count == (accepting == .any ? 7 : 4))
            for capacity in [1, 2, 3, 7, 16, 1 << 16] {
                #expect(try Self.found(input, settings: settings, blockCapacity: capacity) == expected, "\(capacity)")
            }
        }
    }

    @Test("JSON names the document and gives the number under its kind, hidden with --hide")
    func json() throws {
        var settings = FindEngine.Settings(json: true)
        settings.accepted = .any
        let input = Array("CPF 390.533.447-05 CNPJ 12.ABC.345/01DE-35\n".utf8)
        #expect(
            try Self.found(input, settings: settings, blockCapacity: 1 << 16) == """
                {"source":"t","line":1,"column":5,"text":"390.533.447-05","document":"cpf","cpf":"39053344705",\
                "confidence":"high","valid":true}
                {"source":"t","line":1,"column":25,"text":"12.ABC.345/01DE-35","document":"cnpj",\
                "cnpj":"12ABC34501DE35","confidence":"high","valid":true}

                """)
        settings.makeHiding = { .hidden(.lgpd) }
        #expect(
            try Self.found(input, settings: settings, blockCapacity: 1 << 16) == """
                {"source":"t","line":1,"column":5,"text":"***.533.447-**","document":"cpf","cpf":"***533447**",\
                "confidence":"high","valid":true}
                {"source":"t","line":1,"column":25,"text":"**.***.345/01DE-**","document":"cnpj",\
                "cnpj":"*****34501DE**","confidence":"high","valid":true}

                """)
    }
}
