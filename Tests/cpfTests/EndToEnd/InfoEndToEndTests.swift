// End-to-end tests of `cpf info`, through the built binary.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

@Suite("cpf info, end to end")
struct InfoEndToEndTests {
    @Test("a valid CPF: its forms, check digits, region and LGPD form; exit 0")
    func explainsValid() {
        let result = run(["info", "390.533.447-05"])
        #expect(result.status == 0)
        #expect(
            result.stdout.text == """
                Input:         390.533.447-05
                Valid:         yes
                Masked:        390.533.447-05
                Digits:        39053344705
                Check digits:  05 (right)
                Fiscal region: 7: ES, RJ
                LGPD display:  ***.533.447-**

                """)
    }

    @Test("an invalid CPF: the reason, found and expected check digits, and suggestions; exit 1")
    func explainsInvalid() {
        let result = run(["info", "390.533.447-06"])
        #expect(result.status == 1)
        #expect(result.stdout.text.contains("Valid:         no: check digits should be 05 (check-digits)"))
        #expect(result.stdout.text.contains("Check digits:  06, expected 05"))
        #expect(result.stdout.text.contains("Did you mean:  390.533.447-05"))
    }

    @Test("--json: one object with every field, suggestions equal to CPFKit's")
    func json() throws {
        let result = run(["info", "--json", "231.002.999-00"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["input"] as? String == "231.002.999-00")
        #expect(object["valid"] as? Bool == false)
        #expect(object["reason"] as? String == "check-digits")
        #expect(object["message"] as? String == "check digits should be 81")
        #expect(object["digits"] as? String == "23100299900")
        #expect(object["formatted"] as? String == "231.002.999-00")
        #expect(object["check_digits"] as? String == "00")
        #expect(object["expected_check_digits"] as? String == "81")
        #expect(object["lgpd"] as? String == "***.002.999-**")
        let region = try #require(object["region"] as? [String: Any])
        #expect(region["digit"] as? Int == 9)
        #expect(region["states"] as? [String] == ["PR", "SC"])
        #expect(object["suggestions"] as? [String] == CPF.suggestions(for: "23100299900").map(\.digits))
        #expect((object["suggestions"] as? [String])?.isEmpty == false)
    }

    @Test("--json of a valid CPF has no reason and no suggestions")
    func jsonValid() throws {
        let result = run(["info", "--json", "39053344705"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["valid"] as? Bool == true)
        #expect(object["reason"] == nil)
        #expect(object["suggestions"] == nil)
    }

    @Test(
        "input without 11 digits: the reason only",
        arguments: [
            ("12345", "length"), ("390.533.447-05x", "invalid-character"), ("", "empty"),
        ])
    func withoutDigits(input: String, code: String) throws {
        let result = run(["info", "--json", input])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["reason"] as? String == code)
        #expect(object["digits"] == nil)
        #expect(object["suggestions"] as? [String] == [])
    }

    @Test("a repeated-digit number is explained, valid with --allow-repeated")
    func repeated() {
        #expect(run(["info", "111.111.111-11"]).status == 1)
        #expect(run(["info", "--allow-repeated", "111.111.111-11"]).status == 0)
    }

    @Test("--pad explains a number that lost its leading zeros")
    func pad() {
        let result = run(["info", "--pad", "123456797"])
        #expect(result.status == 0)
        #expect(result.stdout.text.contains("Masked:        001.234.567-97"))
    }

    @Test(
        "a missing or extra argument is a usage error",
        arguments: [["info"], ["info", "1", "2"], ["info", "--bogus", "1"]])
    func usage(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: "))
        #expect(result.stdout.isEmpty)
    }
}
