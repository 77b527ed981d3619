// Tests of Batch/RedactEngine+Taxpayers.swift: `redact --document cnpj|any`
// hides CPFs and CNPJs where they stand, whatever the block size, every
// other byte unchanged.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("RedactEngine+Taxpayers")
struct RedactEngineTaxpayersTests {
    static func redacted(
        _ input: [UInt8], accepting: TaxpayerID.Accepted, style: CPFScanner.RedactionStyle, blockCapacity: Int
    ) throws -> (text: String, count: Int) {
        var count = 0
        let output = try capturedOutput { out in
            let engine = RedactEngine(
                style: .hidden(style), context: Context(), output: out, blockCapacity: blockCapacity)
            engine.accepted = accepting
            try withFileDescriptor(containing: input) { try engine.redact($0) }
            count = engine.redactedCount
        }
        return (String(decoding: output, as: UTF8.self), count)
    }

    static let input = Array(
        "CPF 390.533.447-05, CNPJ 12.ABC.345/01DE-35;\n11 222 333 0001 81 x 11222333000181 CNPJ 11.222.333/0001-82\n"
            .utf8)

    @Test(
        "each kind asked for is hidden in the style asked, whatever the block size",
        arguments: [
            (
                TaxpayerID.Accepted.any, CPFScanner.RedactionStyle.full,
                "CPF ***.***.***-**, CNPJ **.***.***/****-**;\n** *** *** **** ** x ************** CNPJ "
                    + "**.***.***/****-**\n", 5
            ),
            (
                .cnpj, .lgpd,
                "CPF 390.533.447-05, CNPJ **.***.345/01DE-**;\n** *** 333 0001 ** x *****3330001** CNPJ "
                    + "**.***.333/0001-**\n", 4
            ),
        ])
    func hides(accepting: TaxpayerID.Accepted, style: CPFScanner.RedactionStyle, expected: String, count: Int)
        throws
    {
        for capacity in [1, 3, 7, 17, 1 << 16] {
            let result = try Self.redacted(Self.input, accepting: accepting, style: style, blockCapacity: capacity)
            #expect(result.text == expected, "\(capacity)")
            #expect(result.count == count)
        }
    }

    @Test("what redact leaves, find --document any finds nothing in, at any confidence")
    func nothingLeft() throws {
        var random = SplitMix64(seed: 0x29)
        let pieces = [
            " ", "\n", "CNPJ ", "CPF ", "12.ABC.345/01DE-35", "12abc34501de35", "11222333000181", "x",
            "11 222 333 0001 81", "390.533.447-05", "39053344705", "11.222.333/0001-82", ".", "-",
        ]
        for _ in 0..<200 {
            let input = Array(
                (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined().utf8)
            for style in CPFScanner.RedactionStyle.allCases {
                let result = try Self.redacted(
                    input, accepting: .any, style: style, blockCapacity: Int.random(in: 1...40, using: &random))
                let left = TaxpayerScanner.matches(
                    in: Array(result.text.utf8), accepting: .any, minimumConfidence: .low, includeInvalid: true)
                #expect(left.isEmpty, "\(String(decoding: input, as: UTF8.self).debugDescription) \(style)")
                #expect(result.text.utf8.count == input.count)
            }
        }
    }
}
