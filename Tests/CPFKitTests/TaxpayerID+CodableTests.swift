// Tests of CNPJ/TaxpayerID+Codable.swift: a CPF or CNPJ in JSON. Foundation
// is used here only, for JSONEncoder and JSONDecoder; CPFKit itself does not
// import it.

import CPFKit
import Foundation
import Testing

private struct Invoice: Codable, Equatable {
    var payer: TaxpayerID
}

@Suite("TaxpayerID: Codable")
struct TaxpayerIDCodableTests {
    @Test(
        "a CPF or CNPJ encodes as its bare characters and decodes back as the same kind",
        arguments: [
            ("390.533.447-05", #"{"payer":"39053344705"}"#),
            ("11.222.333/0001-81", #"{"payer":"11222333000181"}"#),
            ("12.abc.345/01de-35", #"{"payer":"12ABC34501DE35"}"#),
        ])
    func roundTrip(text: String, json: String) throws {
        let invoice = Invoice(payer: try TaxpayerID(validating: text))
        let data = try JSONEncoder().encode(invoice)
        #expect(String(decoding: data, as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(Invoice.self, from: data) == invoice)
        #expect(try JSONDecoder().decode(Invoice.self, from: Data(#"{"payer":"\#(text)"}"#.utf8)) == invoice)
    }

    @Test("an invalid number fails to decode with its reason as the underlying error")
    func invalid() throws {
        do {
            _ = try JSONDecoder().decode(Invoice.self, from: Data(#"{"payer":"390.533.447-06"}"#.utf8))
            Issue.record("decoded an invalid CPF")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError is TaxpayerID.ValidationError)
            #expect(context.codingPath.map(\.stringValue) == ["payer"])
        }
    }

    @Test("the decoder's accepted kinds and CNPJ options are honoured")
    func decoderOptions() {
        let onlyCNPJs = JSONDecoder()
        onlyCNPJs.userInfo[TaxpayerID.acceptedKey] = TaxpayerID.Accepted.cnpj
        #expect(throws: DecodingError.self) {
            try onlyCNPJs.decode(Invoice.self, from: Data(#"{"payer":"390.533.447-05"}"#.utf8))
        }
        let strict = JSONDecoder()
        strict.userInfo[CNPJ.parsingOptionsKey] = CNPJ.ParsingOptions.strict
        #expect(throws: DecodingError.self) {
            try strict.decode(Invoice.self, from: Data(#"{"payer":"12abc34501de35"}"#.utf8))
        }
    }
}
