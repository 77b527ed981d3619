// Tests of Scanner/TaxpayerScanner+Hiding.swift: CPFs and CNPJs hidden in
// place, a chunk at a time as `redact --threads` hides them, the same as the
// whole text hidden at once.

import Testing

@testable import CPFKit

@Suite("TaxpayerScanner hiding in place")
struct TaxpayerScannerHidingTests {
    @Test("the example: a CNPJ and a CPF hidden where they stand, and counted")
    func example() {
        var bytes = Array("CNPJ 11.222.333/0001-81, CPF 390.533.447-05".utf8)
        let hidden = bytes.withUnsafeMutableBytes {
            TaxpayerScanner.hide(
                in: $0, reaching: 0..<$0.count, accepting: .any, style: .full, minimumConfidence: .medium)
        }
        #expect(hidden == 2)
        #expect(String(decoding: bytes, as: UTF8.self) == "CNPJ **.***.***/****-**, CPF ***.***.***-**")
    }

    @Test(
        "each kind hides only its own, in the style asked",
        arguments: [
            (TaxpayerID.Accepted.cnpj, CPFScanner.RedactionStyle.lgpd, "CNPJ **.***.345/01DE-**, CPF 390.533.447-05"),
            (.cpf, .lgpd, "CNPJ 12.ABC.345/01DE-35, CPF ***.533.447-**"),
            (.any, .full, "CNPJ **.***.***/****-**, CPF ***.***.***-**"),
        ])
    func kinds(accepted: TaxpayerID.Accepted, style: CPFScanner.RedactionStyle, expected: String) {
        var bytes = Array("CNPJ 12.ABC.345/01DE-35, CPF 390.533.447-05".utf8)
        _ = bytes.withUnsafeMutableBytes {
            TaxpayerScanner.hide(
                in: $0, reaching: 0..<$0.count, accepting: accepted, style: style, minimumConfidence: .medium)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test("a match matching TaxpayerScanner.Match.hide hides a CNPJ's characters or a CPF's digits")
    func matchHide() {
        let text = Array("CNPJ 12.ABC.345/01DE-35".utf8)
        let match = TaxpayerScanner.matches(in: text, accepting: .any)[0]
        var bytes = text
        bytes.withUnsafeMutableBytes {
            match.hide(in: UnsafeMutableRawBufferPointer(rebasing: $0[match.range]), style: .lgpd)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "CNPJ **.***.345/01DE-**")
    }

    @Test("hiding chunk by chunk, each with 256 bytes of context, writes what hiding the whole text writes")
    func chunksAgreeWithWhole() {
        var random = SplitMix64(seed: 0xC4)
        for _ in 0..<150 {
            let bytes = (0..<12).flatMap { _ in CNPJScannerTests.randomText(&random) }
            let chunk = Int.random(in: 16...200, using: &random)
            for accepted in TaxpayerID.Accepted.allCases {
                for level in CPFScanner.Confidence.allCases {
                    var whole = bytes
                    let wholeCount = whole.withUnsafeMutableBytes {
                        TaxpayerScanner.hide(
                            in: $0, reaching: 0..<$0.count, accepting: accepted, style: .full,
                            minimumConfidence: level)
                    }
                    var pieces: [UInt8] = []
                    var count = 0
                    for lower in stride(from: 0, to: bytes.count, by: chunk) {
                        let upper = min(lower + chunk, bytes.count)
                        let scannedLower = max(0, lower - 256)
                        let scannedUpper = min(bytes.count, upper + 256)
                        var scanned = Array(bytes[scannedLower..<scannedUpper])
                        count += scanned.withUnsafeMutableBytes {
                            TaxpayerScanner.hide(
                                in: $0, reaching: (lower - scannedLower)..<(upper - scannedLower),
                                accepting: accepted, style: .full, minimumConfidence: level,
                                isFinal: scannedUpper == bytes.count)
                        }
                        pieces += scanned[(lower - scannedLower)..<(upper - scannedLower)]
                    }
                    #expect(pieces == whole, "\(accepted) \(level) chunks of \(chunk)")
                    #expect(count == wholeCount, "\(accepted) \(level) chunks of \(chunk)")
                }
            }
        }
    }
}
