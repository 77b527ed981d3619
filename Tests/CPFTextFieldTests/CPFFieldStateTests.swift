// Tests of CPFFieldState.swift: what a field holds, as far as validation goes.

import CPFKit
import CPFTextField
import Testing

@Suite("CPFFieldState")
struct CPFFieldStateTests {
    static let cpf = try! CPF(validating: "390.533.447-05")

    @Test(
        "only an incomplete field is not complete",
        arguments: [
            (CPFFieldState.incomplete(digitCount: 0), false),
            (.incomplete(digitCount: 10), false),
            (.valid(cpf), true),
            (.invalid(.repeatedDigits), true),
        ])
    func isComplete(state: CPFFieldState, expected: Bool) {
        #expect(state.isComplete == expected)
    }

    @Test("the CPF is there only when the field is valid")
    func cpfOnlyWhenValid() {
        #expect(CPFFieldState.valid(Self.cpf).cpf == Self.cpf)
        #expect(CPFFieldState.invalid(.checkDigits(expected: .init(first: 0, second: 5))).cpf == nil)
        #expect(CPFFieldState.incomplete(digitCount: 11).cpf == nil)
    }

    @Test("the characters a field accepts are the valid CPF's digits, and no others")
    func validCharacters() {
        #expect(CPFFieldState.valid(Self.cpf).validCharacters == "39053344705")
        #expect(CPFFieldState.invalid(.repeatedDigits).validCharacters == nil)
        #expect(CPFFieldState.incomplete(digitCount: 3).validCharacters == nil)
    }
}
