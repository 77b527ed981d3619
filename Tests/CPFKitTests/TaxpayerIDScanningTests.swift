// Tests of Scanner/TaxpayerIDScanning.swift: code generic over the scanners
// gets from each what that scanner reports on its own.

import Testing

@testable import CPFKit

@Suite("TaxpayerIDScanning")
struct TaxpayerIDScanningTests {
    /// The ranges `scanner` reports for `bytes` fed in pieces of `size`, through the protocol only.
    static func ranges<Scanner: TaxpayerIDScanning>(_ bytes: [UInt8], with scanner: Scanner, size: Int) -> [Range<Int>]
    {
        var scanner = scanner
        var found: [Range<Int>] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes {
                scanner.feed($0) { found.append($0.range) }
            }
        }
        scanner.finish { found.append($0.range) }
        return found
    }

    @Test("the example: one generic count, each scanner's own matches")
    func example() {
        let text = Array("CPF 390.533.447-05, CNPJ 11.222.333/0001-81".utf8)
        #expect(Self.ranges(text, with: CPFScanner(), size: 7).count == 1)
        #expect(Self.ranges(text, with: TaxpayerScanner(accepting: .any), size: 7).count == 2)
        #expect(Self.ranges(text, with: CNPJScanner(), size: 7) == [25..<43])
    }

    @Test("through the protocol each scanner reports what its own matches(in:) reports, however the text is cut")
    func agreesWithEachScanner() {
        var random = SplitMix64(seed: 0x1D5)
        for _ in 0..<200 {
            let bytes = CNPJScannerTests.randomText(&random)
            let size = Int.random(in: 1...32, using: &random)
            #expect(
                Self.ranges(bytes, with: CPFScanner(), size: size)
                    == CPFScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true).map(\.range))
            #expect(
                Self.ranges(bytes, with: CNPJScanner(), size: size)
                    == CNPJScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true).map(\.range))
            #expect(
                Self.ranges(bytes, with: TaxpayerScanner(accepting: .any), size: size)
                    == TaxpayerScanner.matches(
                        in: bytes, accepting: .any, minimumConfidence: .low, includeInvalid: true
                    )
                    .map(\.range))
        }
    }
}
