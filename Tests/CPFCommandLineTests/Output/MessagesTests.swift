// Tests of Output/Messages.swift: the catalogue of messages in both languages.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("Messages")
struct MessagesTests {
    @Test("every key has both languages, with the same placeholders", arguments: Message.allCases)
    func everyKeyHasBothLanguages(key: Message) {
        let (english, portuguese) = key.templates
        #expect(!english.isEmpty)
        #expect(!portuguese.isEmpty)
        #expect(Message.placeholders(english).sorted() == Message.placeholders(portuguese).sorted(), "\(key)")
        // Placeholders count from 1 with no gap.
        let numbers = Set(Message.placeholders(english))
        #expect(numbers == Set(numbers.isEmpty ? [] : Array(1...numbers.count)), "\(key)")
    }

    @Test func placeholdersAreFilledAndPluralsAgree() {
        #expect(Message.fill("{1} of {2}", ["a", "b"]) == "a of b")
        #expect(Message.checkSummary.text(.portuguese, "3", "1", "2") == "3 conferidos, 1 válido, 2 inválidos")
        #expect(Message.checkSummary.text(.portuguese, "1", "0", "1") == "1 conferido, 0 válidos, 1 inválido")
        #expect(Message.checkSummary.text(.english, "3", "1", "2") == "3 checked, 1 valid, 2 invalid")
    }

    static let errors: [CPFValidationError] = [
        .empty, .invalidCharacter("x", position: 15), .invalidCharacter("\u{A0}", position: 2), .format,
        .length(digitCount: 1), .length(digitCount: 5), .repeatedDigits,
        .checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)),
    ]

    @Test("in English, a reason is exactly CPFKit's description", arguments: errors)
    func englishReasonsAreCPFKits(error: CPFValidationError) {
        #expect(Message.reason(error, .english) == error.description)
        #expect(Message.reason(error, .english, expectedDigitCount: 9) == error.description(expectedDigitCount: 9))
    }

    @Test func portugueseReasonsReadNaturally() {
        #expect(
            Message.reason(.checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)), .portuguese)
                == "os dígitos verificadores deveriam ser 81")
        #expect(
            Message.reason(.invalidCharacter("x", position: 15), .portuguese) == "caractere inválido 'x' na posição 15")
        #expect(
            Message.reason(.invalidCharacter("\u{A0}", position: 2), .portuguese)
                == "caractere inválido '\\u{00A0}' na posição 2")
        #expect(Message.reason(.length(digitCount: 1), .portuguese) == "1 dígito, esperados 11")
        #expect(Message.reason(.length(digitCount: 8), .portuguese, expectedDigitCount: 9) == "8 dígitos, esperados 9")
    }

    @Test func usageErrorsSpeakBothLanguages() {
        let error = UsageError.invalidValue(
            option: "--style", value: "x", expected: ParsedArguments.alternatives(["full", "lgpd"]))
        #expect(error.message(.english) == "invalid value 'x' for '--style': expected 'full' or 'lgpd'")
        #expect(error.message(.portuguese) == "valor inválido 'x' para '--style': esperado 'full' ou 'lgpd'")
    }
}
