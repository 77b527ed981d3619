// Tests of CPFValidationError.swift: the reasons, their codes and messages.

import CPFKit
import Testing

@Suite("CPFValidationError: codes and messages")
struct CPFValidationErrorTests {
    @Test(
        "each reason has its stable code (docs/reference.md#input-rules-and-reasons) and its message",
        arguments: [
            (CPFValidationError.empty, "empty", "empty"),
            (.invalidCharacter("a", position: 5), "invalid-character", "invalid character 'a' at position 5"),
            (.invalidCharacter("\t", position: 8), "invalid-character", "invalid character '\\t' at position 8"),
            (.invalidCharacter("\r", position: 12), "invalid-character", "invalid character '\\r' at position 12"),
            (.invalidCharacter("\n", position: 15), "invalid-character", "invalid character '\\n' at position 15"),
            (.invalidCharacter("\0", position: 1), "invalid-character", "invalid character '\\0' at position 1"),
            (.invalidCharacter("'", position: 1), "invalid-character", "invalid character '\\'' at position 1"),
            (.invalidCharacter("\"", position: 1), "invalid-character", "invalid character '\"' at position 1"),
            (
                .invalidCharacter("\u{7F}", position: 2), "invalid-character",
                "invalid character '\\u{7F}' at position 2"
            ),
            (
                .invalidCharacter("\u{1B}", position: 2), "invalid-character",
                "invalid character '\\u{1B}' at position 2"
            ),
            // Printable non-ASCII characters are shown as themselves (escaped(asASCII: false)).
            (
                .invalidCharacter("\u{FFFD}", position: 3), "invalid-character",
                "invalid character '\u{FFFD}' at position 3"
            ),
            (
                .invalidCharacter("\u{FF13}", position: 1), "invalid-character",
                "invalid character '\u{FF13}' at position 1"
            ),
            (
                .invalidCharacter("\u{1F44D}", position: 15), "invalid-character",
                "invalid character '\u{1F44D}' at position 15"
            ),
            (.invalidCharacter("\u{E9}", position: 4), "invalid-character", "invalid character '\u{E9}' at position 4"),
            (.format, "format", "not in the form DDD.DDD.DDD-DD or DDDDDDDDDDD"),
            (.length(digitCount: 0), "length", "0 digits, expected 11"),
            (.length(digitCount: 1), "length", "1 digit, expected 11"),
            (.length(digitCount: 9), "length", "9 digits, expected 11"),
            (.length(digitCount: 12), "length", "12 digits, expected 11"),
            (.repeatedDigits, "repeated", "all 11 digits are the same"),
            (.checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)), "check-digits", "check digits should be 81"),
            (.checkDigits(expected: CPF.CheckDigits(first: 0, second: 5)), "check-digits", "check digits should be 05"),
        ])
    func codeAndDescription(error: CPFValidationError, code: String, description: String) {
        #expect(error.code == code)
        #expect(error.description == description)
        #expect("\(error)" == description)
    }

    @Test("the six codes are distinct and are exactly those of docs/reference.md#input-rules-and-reasons")
    func codes() {
        let all: [CPFValidationError] = [
            .empty, .invalidCharacter("x", position: 1), .format, .length(digitCount: 3), .repeatedDigits,
            .checkDigits(expected: CPF.CheckDigits(first: 0, second: 0)),
        ]
        #expect(all.map(\.code) == ["empty", "invalid-character", "format", "length", "repeated", "check-digits"])
    }

    // The documentation comment of CPFValidationError shows
    // "check digits should be 38" for 231.002.999-00; the rule gives 81.
    @Test("the message for 231.002.999-00 names the check digits of the rule, 81")
    func messageForPublishedExample() {
        #expect("231.002.999-00".cpfError()?.description == "check digits should be 81")
    }

    @Test("reasons with different payloads are different")
    func equality() {
        #expect(CPFValidationError.invalidCharacter("a", position: 1) != .invalidCharacter("a", position: 2))
        #expect(CPFValidationError.invalidCharacter("a", position: 1) != .invalidCharacter("b", position: 1))
        #expect(CPFValidationError.length(digitCount: 9) != .length(digitCount: 10))
        #expect(
            CPFValidationError.checkDigits(expected: CPF.CheckDigits(first: 8, second: 1))
                != .checkDigits(expected: CPF.CheckDigits(first: 1, second: 8)))
        #expect(
            Set<CPFValidationError>([.empty, .empty, .format, .length(digitCount: 1), .length(digitCount: 1)]).count
                == 3)
    }

    @Test("a reason can be thrown and caught as any Error")
    func isAnError() {
        func failing() throws { throw CPFValidationError.repeatedDigits }
        #expect(throws: CPFValidationError.repeatedDigits) { try failing() }
        do {
            try failing()
        } catch let error as CPFValidationError {
            #expect(error.code == "repeated")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test(
        "every reason in Portuguese",
        arguments: [
            (CPFValidationError.empty, "vazio"),
            (.invalidCharacter("x", position: 15), "caractere inválido 'x' na posição 15"),
            (.invalidCharacter("\u{A0}", position: 2), "caractere inválido '\\u{00A0}' na posição 2"),
            (.format, "fora do formato DDD.DDD.DDD-DD ou DDDDDDDDDDD"),
            (.length(digitCount: 1), "1 dígito, esperados 11"), (.length(digitCount: 8), "8 dígitos, esperados 11"),
            (.repeatedDigits, "os 11 dígitos são iguais"),
            (.checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)), "os dígitos verificadores deveriam ser 81"),
        ])
    func portuguese(error: CPFValidationError, expected: String) {
        #expect(error.description(in: .portuguese) == expected)
        #expect(error.description(in: .english) == error.description)
    }

    @Test func aBaseExpectsNineDigitsInPortugueseToo() {
        #expect(
            CPFValidationError.length(digitCount: 8).description(in: .portuguese, expectedDigitCount: 9)
                == "8 dígitos, esperados 9")
    }
}
