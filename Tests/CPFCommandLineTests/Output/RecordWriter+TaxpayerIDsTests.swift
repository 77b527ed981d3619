// Tests of Output/RecordWriter+TaxpayerIDs.swift: the JSON and CSV records of
// `check --document cnpj|any`.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func record(
    csv: Bool, input: String, _ result: Result<TaxpayerID, TaxpayerID.ValidationError>
) -> String {
    let bytes = Array(input.utf8)
    return String(
        decoding: capturedOutput { out in
            Array("-".utf8).withUnsafeBytes { source in
                bytes.withUnsafeBytes {
                    if csv {
                        RecordWriter.writeTaxpayerIDCSV(
                            source: source, line: 1, input: $0, isTruncated: false, result: result, to: out)
                    } else {
                        RecordWriter.writeTaxpayerIDJSON(
                            source: source, line: 1, input: $0, isTruncated: false, result: result, to: out)
                    }
                }
            }
        }, as: UTF8.self)
}

@Suite("RecordWriter: documents")
struct RecordWriterDocumentsTests {
    @Test("a valid CNPJ or CPF is named by its kind")
    func valid() throws {
        let cnpj = TaxpayerID.cnpj(try CNPJ(validating: "12ABC34501DE35"))
        #expect(
            record(csv: false, input: "12.ABC.345/01DE-35", .success(cnpj))
                == #"{"source":"-","line":1,"input":"12.ABC.345/01DE-35","valid":true,"document":"cnpj","cnpj":"12ABC34501DE35"}"#
                + "\n")
        let cpf = TaxpayerID.cpf(try CPF(validating: "39053344705"))
        #expect(record(csv: false, input: "x", .success(cpf)).contains(#""document":"cpf","cpf":"39053344705"}"#))
        #expect(record(csv: true, input: "x", .success(cnpj)) == "-,1,x,true,cnpj,12ABC34501DE35,,\n")
    }

    @Test("an invalid input names the kind it was read as, the reason and the message")
    func invalid() {
        let error = TaxpayerID.ValidationError.cnpj(.length(characterCount: 3))
        #expect(
            record(csv: false, input: "foo", .failure(error))
                == #"{"source":"-","line":1,"input":"foo","valid":false,"document":"cnpj","reason":"length","message":"3 characters, expected 14"}"#
                + "\n")
        #expect(
            record(csv: true, input: "foo", .failure(error))
                == "-,1,foo,false,cnpj,,length,\"3 characters, expected 14\"\n")
    }
}
