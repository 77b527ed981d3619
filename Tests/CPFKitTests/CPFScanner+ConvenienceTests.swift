// Tests of Scanner/CPFScanner+Convenience.swift: whole inputs, their
// confidence and validity filters, and redacted strings.

import Testing

@testable import CPFKit

@Suite("CPFScanner convenience")
struct CPFScannerConvenienceTests {
    static let text = "tel 11987654374; 39053344705; CPF 231.002.999-00; 390.533.447-05"

    @Test("matches(in:) keeps medium and above and valid ones by default")
    func matchesFilters() {
        #expect(CPFScanner.matches(in: Self.text.utf8).map(\.text) == ["39053344705", "390.533.447-05"])
        #expect(
            CPFScanner.matches(in: Self.text.utf8, minimumConfidence: .low).map(\.text) == [
                "11987654374", "39053344705", "390.533.447-05",
            ])
        #expect(
            CPFScanner.matches(in: Self.text.utf8, minimumConfidence: .high, includeInvalid: true).map(\.text)
                == ["231.002.999-00", "390.533.447-05"])
    }

    @Test("a sequence that is not contiguous is scanned the same")
    func anySequence() {
        #expect(CPFScanner.matches(in: AnySequence(Array(Self.text.utf8))) == CPFScanner.matches(in: Self.text.utf8))
    }

    @Test("redacting hides everything that could be a CPF by default, less at a higher confidence")
    func redacting() {
        #expect(
            String(decoding: CPFScanner.redacting(Array(Self.text.utf8)), as: UTF8.self)
                == "tel ***********; ***********; CPF ***.***.***-**; ***.***.***-**")
        #expect(
            String(
                decoding: CPFScanner.redacting(
                    Array(Self.text.utf8), style: .lgpd, minimumConfidence: .medium, includeInvalid: false),
                as: UTF8.self)
                == "tel 11987654374; ***533447**; CPF 231.002.999-00; ***.533.447-**")
    }

    @Test func redactingCPFsInAString() {
        #expect(
            "Cliente 390.533.447-05, tel 11 98765-4321".redactingCPFs() == "Cliente ***.***.***-**, tel 11 98765-4321")
        #expect("cpf=39053344705".redactingCPFs(style: .lgpd) == "cpf=***533447**")
        #expect("nada aqui".redactingCPFs() == "nada aqui")
    }
}
