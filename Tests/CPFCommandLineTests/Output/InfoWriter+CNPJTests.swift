// Tests of Output/InfoWriter+CNPJ.swift: `info --document cnpj`.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("InfoWriter: CNPJ")
struct InfoWriterCNPJTests {
    @Test("the text shows the kind, the check digits found and expected, root and branch")
    func text() {
        let output = String(
            decoding: capturedOutput { out in
                InfoWriter.writeText(CNPJExplanation("11.222.333/0001-80"), input: "11.222.333/0001-80", to: out)
            }, as: UTF8.self)
        #expect(output.contains("Document:     CNPJ, numeric\n"))
        #expect(output.contains("Check digits: 80, expected 81\n"))
        #expect(output.contains("Branch:       0001 (head office)\n"))
    }

    @Test("text without 14 characters shows only its reason")
    func reasonOnly() {
        let output = String(
            decoding: capturedOutput { out in
                InfoWriter.writeText(CNPJExplanation("12ABC"), input: "12ABC", language: .portuguese, to: out)
            }, as: UTF8.self)
        #expect(
            output
                == "Entrada:       12ABC\nDocumento:     CNPJ\nVálido:        não: 5 caracteres, esperados 14 (length)\n"
        )
    }

    @Test("JSON holds the parts of a valid CNPJ")
    func json() {
        let output = String(
            decoding: capturedOutput { out in
                InfoWriter.writeJSON(CNPJExplanation("12ABC34501DE35"), input: "12ABC34501DE35", to: out)
            }, as: UTF8.self)
        #expect(
            output
                == #"{"input":"12ABC34501DE35","document":"cnpj","valid":true,"characters":"12ABC34501DE35","formatted":"12.ABC.345/01DE-35","check_digits":"35","expected_check_digits":"35","root":"12ABC345","branch":"01DE","alphanumeric":true}"#
                + "\n")
    }
}
