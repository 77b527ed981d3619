// Tests of CNPJ/CNPJ+LosslessStringConvertible.swift.

import CPFKit
import Testing

@Suite("CNPJ: LosslessStringConvertible")
struct CNPJLosslessStringConvertibleTests {
    @Test(
        "init(_:) accepts exactly what isValidCNPJ accepts",
        arguments: [
            "12.ABC.345/01DE-35", "12abc34501de35", "12.ABC.345/01DE-36", "00000000000000", "", "11.222.333/0001-81",
            "390.533.447-05",
        ])
    func matchesIsValid(text: String) {
        #expect((CNPJ(text) != nil) == text.isValidCNPJ)
    }

    @Test("the description reads back as the same CNPJ")
    func roundTrip() throws {
        let cnpj = try CNPJ(validating: "A3.170.7X3/0001-36")
        #expect(CNPJ(cnpj.description) == cnpj)
        #expect(CNPJ(cnpj.characters) == cnpj)
    }
}
