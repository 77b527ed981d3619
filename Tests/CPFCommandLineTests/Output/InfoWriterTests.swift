// Tests of Output/InfoWriter.swift: how `cpf info` lays out CPFKit's explanation.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("InfoWriter")
struct InfoWriterTests {
    func written(_ write: (OutputBuffer) -> Void) -> String {
        String(decoding: capturedOutput(write), as: UTF8.self)
    }

    @Test("text: one aligned row per fact, the check digits said right")
    func textOfAValidCPF() {
        let text = written { InfoWriter.writeText(CPFExplanation("390.533.447-05"), input: "390.533.447-05", to: $0) }
        #expect(
            text == """
                Input:         390.533.447-05
                Valid:         yes
                Masked:        390.533.447-05
                Digits:        39053344705
                Check digits:  05 (right)
                Fiscal region: 7: ES, RJ
                LGPD display:  ***.533.447-**

                """)
    }

    @Test("text: wrong check digits say what was expected, and the suggestions follow")
    func textOfAnInvalidCPF() {
        let text = written { InfoWriter.writeText(CPFExplanation("231.002.999-00"), input: "231.002.999-00", to: $0) }
        #expect(text.contains("Valid:         no: check digits should be 81 (check-digits)\n"))
        #expect(text.contains("Check digits:  00, expected 81\n"))
        #expect(text.contains("Did you mean:  "))
        #expect(
            written { InfoWriter.writeText(CPFExplanation("123"), input: "123", to: $0) }.contains(
                "Did you mean:  (needs 11 digits)\n"))
    }

    @Test("the rows both numbers share: values one column past the longest label, the verdict, the check digits")
    func sharedRows() {
        let text = written { out in
            let rows = InfoWriter.Rows(labels: [.infoInput, .infoCheckDigits], language: .portuguese, out: out)
            rows.validity(nil)
            rows.validity(("vazio", "empty"))
            rows.number(
                masked: "390.533.447-05", bare: "39053344705", found: CPF.CheckDigits(first: 0, second: 6),
                expected: CPF.CheckDigits(first: 0, second: 5))
        }
        #expect(
            text == """
                Válido:        sim
                Válido:        não: vazio (empty)
                Com máscara:   390.533.447-05
                Dígitos:       39053344705
                Verificadores: 06, esperados 05

                """)
    }

    @Test("JSON: the same facts as one object, the region nested")
    func json() {
        let json = written { InfoWriter.writeJSON(CPFExplanation("390.533.447-05"), input: "390.533.447-05", to: $0) }
        #expect(
            json
                == #"{"input":"390.533.447-05","valid":true,"digits":"39053344705","formatted":"390.533.447-05","check_digits":"05","expected_check_digits":"05","region":{"digit":7,"states":["ES","RJ"]},"lgpd":"***.533.447-**"}"#
                + "\n")
    }
}
