// Tests of CNPJ/TaxpayerID.swift: a CPF or a CNPJ in one call.

import CPFKit
import Testing

@Suite("TaxpayerID")
struct TaxpayerIDTests {
    @Test(
        "the kind is guessed from the text: no letter and at most 11 digits is a CPF",
        arguments: [
            ("390.533.447-05", TaxpayerID.Kind.cpf), ("390.533.447-0", .cpf), ("", .cpf), ("123", .cpf),
            ("11.222.333/0001-81", .cnpj), ("123456789012", .cnpj), ("12ABC", .cnpj), ("A", .cnpj),
        ])
    func guessing(text: String, expected: TaxpayerID.Kind) {
        #expect(TaxpayerID.Kind(guessing: text) == expected)
    }

    @Test("reading with .any gives a CPF or a CNPJ, each with its own forms")
    func readsEither() throws {
        let person = try TaxpayerID(validating: "39053344705")
        #expect(person == .cpf(try CPF(validating: "390.533.447-05")))
        #expect(person.kind == .cpf && person.formatted == "390.533.447-05" && person.characters == "39053344705")
        let company = try TaxpayerID(validating: "12abc34501de35")
        #expect(company.kind == .cnpj && company.formatted == "12.ABC.345/01DE-35")
        #expect(company.description == "12.ABC.345/01DE-35" && company.characters == "12ABC34501DE35")
    }

    @Test("reading as one kind refuses the other with the reason of that kind")
    func acceptedKinds() {
        #expect(throws: TaxpayerID.ValidationError.cpf(.length(digitCount: 14))) {
            try TaxpayerID(validating: "11222333000181", accepting: .cpf)
        }
        #expect(throws: TaxpayerID.ValidationError.cnpj(.length(characterCount: 11))) {
            try TaxpayerID(validating: "390.533.447-05", accepting: .cnpj)
        }
        #expect(throws: TaxpayerID.ValidationError.cpf(.checkDigits(expected: .init(first: 0, second: 5)))) {
            try TaxpayerID(validating: "390.533.447-06")
        }
        #expect(TaxpayerID.Accepted.any.contains(.cpf) && TaxpayerID.Accepted.any.contains(.cnpj))
        #expect(!TaxpayerID.Accepted.cpf.contains(.cnpj) && !TaxpayerID.Accepted.cnpj.contains(.cpf))
    }

    @Test("a validation error gives its kind, code and messages")
    func errorParts() {
        let error = TaxpayerID.ValidationError.cnpj(.repeatedDigits)
        #expect(error.kind == .cnpj && error.code == "repeated")
        #expect(error.description == "all 14 digits are the same")
        #expect(error.description(in: .portuguese) == "os 14 dígitos são iguais")
        #expect(TaxpayerID.Kind.cnpj.name == "CNPJ")
    }

    @Test("a kind's number of characters: 11 for a CPF, 14 for a CNPJ")
    func characterCounts() {
        #expect(TaxpayerID.Kind.cpf.characterCount == 11)
        #expect(TaxpayerID.Kind.cnpj.characterCount == 14)
    }

    @Test("strict options apply to either kind")
    func strictBoth() {
        #expect((try? TaxpayerID(validating: "39053344705", options: .strict)) != nil)
        #expect((try? TaxpayerID(validating: "12ABC34501DE35", options: .strict)) != nil)
        #expect(throws: TaxpayerID.ValidationError.cpf(.format)) {
            try TaxpayerID(validating: "390 533 447 05", options: .strict)
        }
        #expect(throws: TaxpayerID.ValidationError.cnpj(.lowercaseLetter("a", position: 3))) {
            try TaxpayerID(validating: "12abc34501de35", options: .strict)
        }
    }

    @Test("isValidCPFOrCNPJ accepts either and refuses what neither accepts")
    func shortcut() {
        #expect("390.533.447-05".isValidCPFOrCNPJ && "12.ABC.345/01DE-35".isValidCPFOrCNPJ)
        #expect(!"12.ABC.345/01DE-36".isValidCPFOrCNPJ && !"390.533.447-06".isValidCPFOrCNPJ)
    }
}

@Suite("TaxpayerID: reading bytes")
struct TaxpayerIDBytesTests {
    @Test(
        "parse(_:accepting:options:) gives what init(validating:accepting:options:) gives",
        arguments: ["390.533.447-05", "12.ABC.345/01DE-35", "11222333000181", "390.533.447-06", "12abc", "", "1"])
    func bytesMatchText(text: String) {
        for accepting in TaxpayerID.Accepted.allCases {
            let fromBytes = Array(text.utf8).withUnsafeBytes { TaxpayerID.parse($0, accepting: accepting) }
            let fromText: Result<TaxpayerID, TaxpayerID.ValidationError>
            do { fromText = .success(try TaxpayerID(validating: text, accepting: accepting)) } catch {
                fromText = .failure(error)
            }
            #expect(fromBytes == fromText)
            #expect(
                Array(text.utf8).withUnsafeBytes { TaxpayerID.Kind(guessing: $0) } == TaxpayerID.Kind(guessing: text))
        }
    }
}

@Suite("TaxpayerID: from a base")
struct TaxpayerIDBaseTests {
    @Test(
        "init(base:kind:) computes the check digits each kind's own type computes",
        arguments: [
            ("390.533.447", TaxpayerID.Kind.cpf, "390.533.447-05"), ("049628441", .cpf, "049.628.441-05"),
            ("12ABC34501DE", .cnpj, "12.ABC.345/01DE-35"), ("11.222.333/0001", .cnpj, "11.222.333/0001-81"),
        ])
    func computesCheckDigits(base: String, kind: TaxpayerID.Kind, expected: String) throws {
        let number = try TaxpayerID(base: base, kind: kind)
        #expect(number.formatted == expected && number.kind == kind)
        switch number {
        case .cpf(let cpf): #expect(cpf == (try CPF(base: base)))
        case .cnpj(let cnpj): #expect(cnpj == (try CNPJ(base: base)))
        }
    }

    @Test("a base of the wrong length is refused with its kind's error, its length counted against the base")
    func refusesWrongLength() {
        #expect(throws: TaxpayerID.ValidationError.cpf(.length(digitCount: 8))) {
            try TaxpayerID(base: "39053344", kind: .cpf)
        }
        #expect(throws: TaxpayerID.ValidationError.cnpj(.length(characterCount: 11))) {
            try TaxpayerID(base: "12ABC34501D", kind: .cnpj)
        }
        #expect(
            TaxpayerID.ValidationError.cpf(.length(digitCount: 8)).baseDescription(in: .english)
                == "8 digits, expected 9")
        #expect(
            TaxpayerID.ValidationError.cnpj(.length(characterCount: 11)).baseDescription(in: .english)
                == CNPJValidationError.length(characterCount: 11).description(expectedCharacterCount: 12))
        #expect(
            TaxpayerID.ValidationError.cpf(.length(digitCount: 8)).baseDescription(in: .portuguese)
                == "8 dígitos, esperados 9")
    }
}
