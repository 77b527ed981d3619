// Tests of CNPJ/CNPJ+Codable.swift: a CNPJ in JSON. Foundation is used here
// only, for JSONEncoder and JSONDecoder; CPFKit itself does not import it.

import CPFKit
import Foundation
import Testing

private struct Supplier: Codable, Equatable {
    var cnpj: CNPJ
}

@Suite("CNPJ: Codable")
struct CNPJCodableTests {
    @Test("a CNPJ encodes as its 14 bare characters and decodes from masked, bare or lowercase text")
    func roundTrip() throws {
        let supplier = Supplier(cnpj: try CNPJ(validating: "12.ABC.345/01DE-35"))
        let data = try JSONEncoder().encode(supplier)
        #expect(String(decoding: data, as: UTF8.self) == #"{"cnpj":"12ABC34501DE35"}"#)
        #expect(try JSONDecoder().decode(Supplier.self, from: data) == supplier)
        for text in ["12.ABC.345/01DE-35", "12abc34501de35"] {
            #expect(try JSONDecoder().decode(Supplier.self, from: Data(#"{"cnpj":"\#(text)"}"#.utf8)) == supplier)
        }
    }

    @Test("an invalid CNPJ fails to decode with its reason; strict options refuse lowercase")
    func refusals() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Supplier.self, from: Data(#"{"cnpj":"12.ABC.345/01DE-36"}"#.utf8))
        }
        let decoder = JSONDecoder()
        decoder.userInfo[CNPJ.parsingOptionsKey] = CNPJ.ParsingOptions.strict
        #expect(throws: DecodingError.self) {
            try decoder.decode(Supplier.self, from: Data(#"{"cnpj":"12abc34501de35"}"#.utf8))
        }
    }
}
