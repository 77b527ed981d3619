// Tests of CNPJ/CNPJValidationError.swift: codes and messages, in English and
// Portuguese.

import CPFKit
import Testing

@Suite("CNPJValidationError")
struct CNPJValidationErrorTests {
    @Test(
        "each reason has its code and its English and Portuguese messages",
        arguments: [
            (CNPJValidationError.empty, "empty", "empty", "vazio"),
            (
                .invalidCharacter("!", position: 3), "invalid-character", "invalid character '!' at position 3",
                "caractere inválido '!' na posição 3"
            ),
            (
                .lowercaseLetter("a", position: 4), "lowercase", "lowercase letter 'a' at position 4",
                "letra minúscula 'a' na posição 4"
            ),
            (
                .format, "format", "not in the form XX.XXX.XXX/XXXX-DD or XXXXXXXXXXXXDD",
                "fora do formato XX.XXX.XXX/XXXX-DD ou XXXXXXXXXXXXDD"
            ),
            (.length(characterCount: 1), "length", "1 character, expected 14", "1 caractere, esperados 14"),
            (.length(characterCount: 11), "length", "11 characters, expected 14", "11 caracteres, esperados 14"),
            (.repeatedDigits, "repeated", "all 14 digits are the same", "os 14 dígitos são iguais"),
            (
                .checkDigits(expected: .init(first: 3, second: 5)), "check-digits", "check digits should be 35",
                "os dígitos verificadores deveriam ser 35"
            ),
        ])
    func codesAndMessages(error: CNPJValidationError, code: String, english: String, portuguese: String) {
        #expect(error.code == code)
        #expect(error.description == english)
        #expect(error.description(in: .english) == english)
        #expect(error.description(in: .portuguese) == portuguese)
    }

    @Test("an invisible character is escaped in the message")
    func escapesInvisible() {
        #expect(
            CNPJValidationError.invalidCharacter("\u{A0}", position: 2).description
                == "invalid character '\\u{00A0}' at position 2")
    }
}
