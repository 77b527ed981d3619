// Tests of TaxpayerIDScanning+WholeInput.swift: the one loop that scans a
// whole input for every scanner, and hides what it finds.

import Testing

@testable import CPFKit

@Suite("TaxpayerIDScanning: whole inputs")
struct TaxpayerIDScanningWholeInputTests {
    static let text = "CPF 390.533.447-05, CNPJ 11.222.333/0001-81, tel 11987654374, errado 231.002.999-00"

    @Test("every scanner keeps the matches of the confidence asked, the mistyped ones only when asked")
    func filtersByConfidenceAndValidity() {
        var cpf = CPFScanner()
        #expect(
            cpf.wholeInputMatches(in: Self.text.utf8, minimumConfidence: .medium, includeInvalid: false).map(\.text)
                == ["390.533.447-05"])
        cpf = CPFScanner()
        let all = cpf.wholeInputMatches(in: Self.text.utf8, minimumConfidence: .low, includeInvalid: true)
        #expect(all.map(\.text) == ["390.533.447-05", "11987654374", "231.002.999-00"])
        #expect(all.map(\.isValid) == [true, true, false])
        var cnpj = CNPJScanner()
        #expect(
            cnpj.wholeInputMatches(in: Self.text.utf8, minimumConfidence: .medium, includeInvalid: false).map(\.text)
                == ["11.222.333/0001-81"])
        var both = TaxpayerScanner(accepting: .any)
        #expect(
            both.wholeInputMatches(in: Self.text.utf8, minimumConfidence: .medium, includeInvalid: false).map(\.kind)
                == [.cpf, .cnpj])
    }

    @Test("a sequence without contiguous storage is scanned as an array is")
    func nonContiguousInput() {
        let pieces = Self.text.utf8.lazy.map { $0 }
        var first = CPFScanner()
        var second = CPFScanner()
        #expect(
            first.wholeInputMatches(in: pieces, minimumConfidence: .low, includeInvalid: true).map(\.range)
                == second.wholeInputMatches(in: Array(Self.text.utf8), minimumConfidence: .low, includeInvalid: true)
                .map(\.range))
    }

    @Test("redacting hides each match where it stands and keeps every other byte")
    func redactsInPlace() {
        var cpf = CPFScanner()
        let hidden = cpf.wholeInputRedacting(
            Array(Self.text.utf8), style: .full, minimumConfidence: .medium, includeInvalid: false)
        #expect(
            String(decoding: hidden, as: UTF8.self)
                == "CPF ***.***.***-**, CNPJ 11.222.333/0001-81, tel 11987654374, errado 231.002.999-00")
        var cnpj = CNPJScanner()
        let lgpd = cnpj.wholeInputRedacting(
            Array(Self.text.utf8), style: .lgpd, minimumConfidence: .medium, includeInvalid: false)
        #expect(
            String(decoding: lgpd, as: UTF8.self)
                == "CPF 390.533.447-05, CNPJ **.***.333/0001-**, tel 11987654374, errado 231.002.999-00")
    }
}
