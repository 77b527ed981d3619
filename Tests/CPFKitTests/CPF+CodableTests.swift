// Tests of CPF+Codable.swift: a CPF in JSON. Foundation is used here only, for
// JSONEncoder and JSONDecoder; CPFKit itself does not import it.

import CPFKit
import Foundation
import Testing

private struct Customer: Codable, Equatable {
    var name: String
    var cpf: CPF
}

private func decodeCustomer(_ json: String) throws -> Customer {
    try JSONDecoder().decode(Customer.self, from: Data(json.utf8))
}

@Suite("CPF: Codable")
struct CPFCodableTests {
    @Test("a CPF encodes as its 11 bare digits")
    func encodesBareDigits() throws {
        let customer = Customer(name: "Ana", cpf: try CPF(validating: "390.533.447-05", options: .lenient))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(customer), as: UTF8.self) == #"{"cpf":"39053344705","name":"Ana"}"#)
        #expect(
            String(
                decoding: try encoder.encode([try CPF(validating: "049.628.441-05", options: .lenient)]), as: UTF8.self)
                == #"["04962844105"]"#)
    }

    @Test(
        "a CPF decodes from a masked, bare or spaced string",
        arguments: [
            "390.533.447-05", "39053344705", "390 533 447 05", " 390.533.447-05\\t",
        ])
    func decodesLeniently(text: String) throws {
        let customer = try decodeCustomer(#"{"name":"Ana","cpf":"\#(text)"}"#)
        #expect(customer.cpf.digits == "39053344705")
    }

    @Test("encoding then decoding gives back the same CPFs")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 0xC0DA_B1E0)
        let values = (0..<1_000).map { _ in CPF(base: Int.random(in: 1..<1_000_000_000, using: &rng)) }
            .filter { Set($0.digits).count > 1 }
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode([CPF].self, from: data) == values)
        let customer = Customer(name: "Bia", cpf: try CPF(validating: "111.444.777-35", options: .lenient))
        #expect(try JSONDecoder().decode(Customer.self, from: JSONEncoder().encode(customer)) == customer)
    }

    @Test(
        "a string that is not a valid CPF throws DecodingError.dataCorrupted carrying the reason",
        arguments: [
            ("390.533.447-06", CPFValidationError.checkDigits(expected: CPF.CheckDigits(first: 0, second: 5))),
            ("5334403", .length(digitCount: 7)), ("", .empty),
            ("390.533.447-05x", .invalidCharacter("x", position: 15)),
        ])
    func corrupted(text: String, reason: CPFValidationError) {
        do {
            _ = try decodeCustomer(#"{"name":"Ana","cpf":"\#(text)"}"#)
            Issue.record("\(text) decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError as? CPFValidationError == reason)
            #expect(context.codingPath.map(\.stringValue) == ["cpf"])
            #expect(context.debugDescription.contains(reason.description))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a number where a CPF string is expected is a type mismatch")
    func number() {
        #expect(throws: DecodingError.self) { try decodeCustomer(#"{"name":"Ana","cpf":39053344705}"#) }
        do {
            _ = try decodeCustomer(#"{"name":"Ana","cpf":39053344705}"#)
        } catch DecodingError.typeMismatch {
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a repeated-digit number does not decode by default, as isValidCPF says", arguments: 0...9)
    func repeatedDigitsRefused(digit: Int) throws {
        let value = CPF(base: digit * 111_111_111)
        let data = try JSONEncoder().encode([value])
        do {
            _ = try JSONDecoder().decode([CPF].self, from: data)
            Issue.record("\(value) decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError as? CPFValidationError == .repeatedDigits)
        }
    }

    @Test("a decoder whose userInfo allows repeated digits decodes them", arguments: 0...9)
    func repeatedDigitsAllowed(digit: Int) throws {
        let value = CPF(base: digit * 111_111_111)
        let decoder = JSONDecoder()
        decoder.userInfo[CPF.parsingOptionsKey] = CPF.ParsingOptions(allowsRepeatedDigits: true)
        #expect(try decoder.decode([CPF].self, from: JSONEncoder().encode([value])) == [value])
    }

    @Test("a decoder whose userInfo asks for the strict format refuses spaced digits")
    func strictFromUserInfo() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[CPF.parsingOptionsKey] = CPF.ParsingOptions.strict
        #expect(
            try decoder.decode([CPF].self, from: Data(#"["390.533.447-05"]"#.utf8)).map(\.digits) == ["39053344705"])
        #expect(throws: DecodingError.self) { try decoder.decode([CPF].self, from: Data(#"["390 533 447 05"]"#.utf8)) }
    }
}
