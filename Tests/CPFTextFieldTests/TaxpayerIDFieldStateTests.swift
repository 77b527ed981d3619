// Tests of TaxpayerIDFieldState.swift: what a CPF/CNPJ field
// holds, as far as validation goes.

import CPFKit
import CPFTextField
import Testing

@Suite("TaxpayerIDFieldState")
struct TaxpayerIDFieldStateTests {
    static let cpf = try! CPF(validating: "390.533.447-05")
    static let cnpj = try! CNPJ(validating: "12.ABC.345/01DE-35")

    @Test(
        "the kind is the one typed, valid or not; only an incomplete field is not complete",
        arguments: [
            (TaxpayerIDFieldState.incomplete(kind: .cpf, characterCount: 0), TaxpayerID.Kind.cpf, false),
            (.incomplete(kind: .cnpj, characterCount: 12), .cnpj, false),
            (.valid(.cpf(cpf)), .cpf, true),
            (.valid(.cnpj(cnpj)), .cnpj, true),
            (.invalid(.cpf(.repeatedDigits)), .cpf, true),
            (.invalid(.cnpj(.checkDigits(expected: .init(first: 3, second: 5)))), .cnpj, true),
        ])
    func kindAndCompleteness(state: TaxpayerIDFieldState, kind: TaxpayerID.Kind, complete: Bool) {
        #expect(state.kind == kind)
        #expect(state.isComplete == complete)
    }

    @Test("the number is there only when the field is valid")
    func numberOnlyWhenValid() {
        #expect(TaxpayerIDFieldState.valid(.cnpj(Self.cnpj)).taxpayerID == .cnpj(Self.cnpj))
        #expect(TaxpayerIDFieldState.invalid(.cnpj(.repeatedDigits)).taxpayerID == nil)
        #expect(TaxpayerIDFieldState.incomplete(kind: .cnpj, characterCount: 14).taxpayerID == nil)
    }

    @Test("the characters a field accepts are the valid number's, and no others")
    func validCharacters() {
        #expect(TaxpayerIDFieldState.valid(.cnpj(Self.cnpj)).validCharacters == "12ABC34501DE35")
        #expect(TaxpayerIDFieldState.valid(.cpf(Self.cpf)).validCharacters == "39053344705")
        #expect(TaxpayerIDFieldState.invalid(.cnpj(.repeatedDigits)).validCharacters == nil)
        #expect(TaxpayerIDFieldState.incomplete(kind: .cpf, characterCount: 3).validCharacters == nil)
    }

    @Test(
        "a CPF field's state is the same state of a field holding a CPF",
        arguments: [
            (CPFFieldState.incomplete(digitCount: 4), TaxpayerIDFieldState.incomplete(kind: .cpf, characterCount: 4)),
            (.valid(cpf), .valid(.cpf(cpf))),
            (.invalid(.repeatedDigits), .invalid(.cpf(.repeatedDigits))),
        ])
    func fromCPFState(state: CPFFieldState, expected: TaxpayerIDFieldState) {
        #expect(TaxpayerIDFieldState(state) == expected)
    }
}
