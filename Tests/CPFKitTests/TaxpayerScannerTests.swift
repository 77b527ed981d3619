// Tests of Scanner/TaxpayerScanner.swift: CPFs and CNPJs merged in offset
// order, each of its kind, the same however the text is cut.

import Testing

@testable import CPFKit

@Suite("TaxpayerScanner")
struct TaxpayerScannerTests {
    static func scanInPieces(_ bytes: [UInt8], accepting: TaxpayerID.Accepted, sizes: [Int])
        -> [TaxpayerScanner.Match]
    {
        var scanner = TaxpayerScanner(accepting: accepting)
        var found: [TaxpayerScanner.Match] = []
        var start = 0
        var turn = 0
        while start < bytes.count {
            let size = min(sizes[turn % sizes.count], bytes.count - start)
            turn += 1
            let settledBefore = scanner.settledOffset
            bytes[start..<(start + size)].withUnsafeBytes { piece in
                scanner.feed(piece) { match in
                    #expect(match.range.lowerBound >= settledBefore)
                    found.append(match)
                }
            }
            start += size
        }
        scanner.finish { found.append($0) }
        return found
    }

    @Test("a CPF and a CNPJ on one line are each reported as their own kind, in order")
    func bothKinds() {
        let text = "CPF 390.533.447-05, CNPJ 12.ABC.345/01DE-35 e 11222333000181"
        let found = TaxpayerScanner.matches(in: text.utf8, accepting: .any)
        #expect(found.map(\.kind) == [.cpf, .cnpj, .cnpj])
        #expect(found.map(\.characters) == ["39053344705", "12ABC34501DE35", "11222333000181"])
        #expect(TaxpayerScanner.matches(in: text.utf8, accepting: .cnpj).map(\.kind) == [.cnpj, .cnpj])
        #expect(TaxpayerScanner.matches(in: text.utf8, accepting: .cpf).map(\.kind) == [.cpf])
    }

    @Test("with cpf alone it reports what CPFScanner reports, and with cnpj alone what CNPJScanner reports")
    func eachKindAlone() {
        var random = SplitMix64(seed: 0x7A)
        for _ in 0..<300 {
            let bytes = CNPJScannerTests.randomText(&random)
            let cpfs = TaxpayerScanner.matches(
                in: bytes, accepting: .cpf, minimumConfidence: .low, includeInvalid: true)
            let expectedCPFs = CPFScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)
            #expect(cpfs == expectedCPFs.map { .cpf($0) })
            let cnpjs = TaxpayerScanner.matches(
                in: bytes, accepting: .cnpj, minimumConfidence: .low, includeInvalid: true)
            let expectedCNPJs = CNPJScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)
            #expect(cnpjs == expectedCNPJs.map { .cnpj($0) })
        }
    }

    @Test("both kinds: in offset order, no CPF overlapping a CNPJ, the same however the text is cut")
    func mergedInOrder() {
        var random = SplitMix64(seed: 0x3E)
        for _ in 0..<500 {
            let bytes = CNPJScannerTests.randomText(&random)
            let whole = TaxpayerScanner.matches(
                in: bytes, accepting: .any, minimumConfidence: .low, includeInvalid: true)
            #expect(zip(whole, whole.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
            let sizes = (0..<4).map { _ in Int.random(in: 1...24, using: &random) }
            #expect(Self.scanInPieces(bytes, accepting: .any, sizes: sizes) == whole, "pieces of \(sizes)")
            let cnpjs = CNPJScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)
            #expect(whole.filter { $0.kind == .cnpj }.count == cnpjs.count)
        }
    }

    @Test("the example of a hiding scanner: a bare CNPJ of medium confidence is not hidden from high")
    func hidingExample() {
        var scanner = TaxpayerScanner(accepting: .any, hidingFrom: .high)
        var ranges: [Range<Int>] = []
        Array("CNPJ 11.222.333/0001-81, id 11222333000181 ".utf8).withUnsafeBytes { bytes in
            scanner.feed(bytes) { ranges.append($0.range) }
        }
        scanner.finish { ranges.append($0.range) }
        #expect(ranges == [5..<23])
    }

    @Test("a hiding scanner reports, in order, what redact hides of what a full scanner reports")
    func hidingScanner() {
        var random = SplitMix64(seed: 0x5C1)
        for _ in 0..<300 {
            let bytes = CNPJScannerTests.randomText(&random)
            let sizes = (0..<3).map { _ in Int.random(in: 1...24, using: &random) }
            for accepted in TaxpayerID.Accepted.allCases {
                let all = TaxpayerScanner.matches(
                    in: bytes, accepting: accepted, minimumConfidence: .low, includeInvalid: true)
                for level in CPFScanner.Confidence.allCases {
                    var scanner = TaxpayerScanner(accepting: accepted, hidingFrom: level)
                    var hidden: [TaxpayerScanner.Match] = []
                    var start = 0
                    var turn = 0
                    while start < bytes.count {
                        let size = min(sizes[turn % sizes.count], bytes.count - start)
                        turn += 1
                        bytes[start..<(start + size)].withUnsafeBytes { scanner.feed($0) { hidden.append($0) } }
                        start += size
                    }
                    scanner.finish { hidden.append($0) }
                    // With CPFs alone at `.low`, a CPF's confidence is that of no keyword: compared by place.
                    let expected = all.filter { !$0.isValid || $0.confidence >= level }
                    #expect(hidden.map(\.range) == expected.map(\.range), "\(accepted) \(level)")
                    #expect(hidden.map(\.kind) == expected.map(\.kind), "\(accepted) \(level)")
                }
            }
        }
    }

    @Test("with cpf alone every match is passed on as soon as CPFScanner reports it, and settles as it does")
    func cpfAloneNotHeld() {
        var random = SplitMix64(seed: 0x9B)
        for _ in 0..<200 {
            let bytes = CNPJScannerTests.randomText(&random)
            var taxpayers = TaxpayerScanner(accepting: .cpf)
            var cpfs = CPFScanner()
            for start in stride(from: 0, to: bytes.count, by: 7) {
                var fromTaxpayers: [TaxpayerScanner.Match] = []
                var fromCPFs: [TaxpayerScanner.Match] = []
                bytes[start..<min(start + 7, bytes.count)].withUnsafeBytes { piece in
                    taxpayers.feed(piece) { fromTaxpayers.append($0) }
                    cpfs.feed(piece) { fromCPFs.append(.cpf($0)) }
                }
                #expect(fromTaxpayers == fromCPFs)
                #expect(taxpayers.settledOffset == cpfs.settledOffset)
            }
        }
    }

    @Test(
        "a path is read whole and name by name: a masked CNPJ cut by its own '/' and one after a number are found",
        arguments: [
            ("fichas/11.222.333/0001-81.txt", TaxpayerID.Accepted.any, ["cnpj 7..<25 11222333000181 high"]),
            ("2024/11222333000181.pdf", .cnpj, ["cnpj 5..<19 11222333000181 medium"]),
            ("a.zip!2024/11.222.333/0001-81.txt", .any, ["cnpj 11..<29 11222333000181 high"]),
            (
                "c/11222333000181/390.533.447-05.txt", .any,
                ["cnpj 2..<16 11222333000181 medium", "cpf 17..<31 39053344705 high"]
            ),
            ("clientes/390.533.447-05.txt", .cpf, ["cpf 9..<23 39053344705 high"]),
            ("fichas/11.222.333/0001-81.txt", .cpf, []),
            ("12ABC/34501DE35.txt", .any, []),
            ("lote/12/ABC/34501DE35", .any, []),
        ])
    func paths(path: String, accepting: TaxpayerID.Accepted, expected: [String]) {
        let found = TaxpayerScanner.matches(
            inPath: path.utf8, accepting: accepting, minimumConfidence: .low, includeInvalid: true)
        #expect(found.map { "\($0.kind) \($0.range) \($0.characters) \($0.confidence)" } == expected)
        // Every match found in the path is where its characters are.
        for match in found {
            let written = Array(path.utf8)[match.range].filter { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "/") }
            #expect(String(decoding: written.filter { $0 != UInt8(ascii: "-") }, as: UTF8.self) == match.characters)
        }
    }
}
