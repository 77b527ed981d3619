// Tests of Batch/RedactEngine.swift: the output is the input with the digits
// of each CPF hidden, byte for byte, whatever the block size (a CPF cut by a
// block boundary is held back and rewritten whole).

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// What `redact` writes for `inputs` (files, or pipes fed in `writes`),
/// and how many matches it hid; RedactEngine+ChunksTests uses it too.
func redacted(
    _ inputs: [[UInt8]], style: CPFScanner.RedactionStyle = .full, blockCapacity: Int = 1 << 20, writes: [Int]? = nil,
    threads: Int = 1, chunkCapacity: Int = ChunkPipeline.defaultChunkCapacity
) throws -> (output: [UInt8], count: Int) {
    var count = 0
    let output = try capturedOutput { out in
        let engine = RedactEngine(
            style: .hidden(style), context: Context(), output: out, blockCapacity: blockCapacity,
            threads: threads, chunkCapacity: chunkCapacity)
        for input in inputs {
            if let writes {
                try withPipe(feeding: input, inWritesOf: writes) { try engine.redact($0) }
            } else {
                try withFileDescriptor(containing: input) { try engine.redact($0) }
            }
        }
        count = engine.redactedCount
    }
    return (output, count)
}

@Suite("RedactEngine")
struct RedactEngineTests {
    static let text = Array(
        "CPF: 390.533.447-05.\r\ncpf39053344705 x\nCNPJ 12.345.678/0001-95 1.390.533.447-05\n529982247-25".utf8)

    @Test("every byte is copied but the digits of the CPFs", arguments: CPFScanner.RedactionStyle.allCases)
    func styles(style: CPFScanner.RedactionStyle) throws {
        let result = try redacted([Self.text], style: style)
        let expected =
            style == .full
            ? "CPF: ***.***.***-**.\r\ncpf*********** x\nCNPJ 12.345.678/0001-95 1.390.533.447-05\n*********-**"
            : "CPF: ***.533.447-**.\r\ncpf***533447** x\nCNPJ 12.345.678/0001-95 1.390.533.447-05\n***982247-**"
        #expect(String(decoding: result.output, as: UTF8.self) == expected)
        #expect(result.count == 3)
    }

    @Test("the same output whatever the block size", arguments: [1, 2, 3, 5, 14, 15, 16, 64, 65, 1000])
    func anyBlockSize(capacity: Int) throws {
        #expect(try redacted([Self.text], blockCapacity: capacity).output == CPFScanner.redacting(Self.text))
    }

    @Test("random texts, binary bytes included, random block and read sizes")
    func randomTexts() throws {
        var random = SplitMix64(seed: 0x4ED)
        let pieces: [[UInt8]] =
            ["390.533.447-05", "52998224725", "529982247-25", "\n", "\r\n", " ", "x", "1", ".", "-", "/"]
            .map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0xE2, 0x82]]
        for round in 0..<200 {
            let text = (0..<Int.random(in: 0...80, using: &random)).flatMap { _ in pieces.randomElement(using: &random)!
            }
            let capacity = Int.random(in: 1...100, using: &random)
            let style = CPFScanner.RedactionStyle.allCases[round % 2]
            let writes = round % 4 == 0 ? [Int.random(in: 1...20, using: &random), 1] : nil
            let result = try redacted([text], style: style, blockCapacity: capacity, writes: writes)
            #expect(result.output == CPFScanner.redacting(text, style: style), "\(show(text)) in blocks of \(capacity)")
            #expect(result.count == CPFScanner.matches(in: text).count)
        }
    }

    @Test("each input is scanned on its own: a number at the end of one does not join the next")
    func inputsApart() throws {
        let result = try redacted([Array("39053344705".utf8), Array("52998224725".utf8), [], Array("1".utf8)])
        #expect(String(decoding: result.output, as: UTF8.self) == "**********************1")
        #expect(result.count == 2)
    }

    @Test func emptyInputGivesEmptyOutput() throws {
        #expect(try redacted([[]]) == ([], 0))
    }
}

// With --document cnpj|any: CNPJs through the same path.
@Suite("RedactEngine with --document cnpj|any")
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
