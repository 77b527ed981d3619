// Tests of Bytes/CPF+Refused.swift: which refused inputs still are, or may
// be, a CPF (what `cpf pseudonymize` hides rather than copies).

import Testing

@testable import CPFKit

private func mayBe(_ text: String, _ options: CPF.ParsingOptions = .lenient) -> Bool? {
    Array(text.utf8).withUnsafeBytes { bytes in
        switch CPF.parse(bytes, options: options) {
        case .success: nil
        case .failure(let error): CPF.mayBeCPF(bytes, refused: error, options: options)
        }
    }
}

@Suite("CPF.mayBeCPF")
struct CPFRefusedTests {
    @Test(
        "what may be a CPF, refused with the default options",
        arguments: [
            ("390.533.447-00", true), ("39053344700", true), ("390 533 447 00", true), ("111.111.111-11", true),
            ("1091905720", true), ("529982247", false), ("53344703", false), ("5334403", false), ("N/A", false),
            ("", false), ("039053344705", false), ("390.533.447/05", false), ("1091905721", false),
            ("cpf 390.533.447-05", false),
        ])
    func lenient(text: String, expected: Bool) {
        #expect(mayBe(text) == expected)
    }

    @Test func strictRefusesLenientFormsThatAreStillCPFs() {
        #expect(mayBe("390 533 447 05", .strict) == true)
        #expect(mayBe("390533447-05", .strict) == true)
        #expect(mayBe("390 533 447 00", .strict) == true)
        #expect(mayBe("390/533/447/05", .strict) == false)
    }

    @Test func withPaddingAPaddedMistypedRunMayBeOne() {
        let padding = CPF.ParsingOptions(padsLeadingZeros: true)
        #expect(mayBe("1091905721", padding) == true)
        #expect(mayBe("1091905720", padding) == nil)  // valid once padded
        #expect(mayBe("12345", padding) == false)
    }

    @Test(
        "a whole number a spreadsheet wrote may be a CPF as its digits would be; a rounded one only with padding",
        arguments: [
            ("1.09190572E+09", true, nil), ("1091905720.0", true, nil), ("1.0919057200000E+09", true, nil),
            ("1.09190573E+09", false, true), ("1.09E+09", false, true), ("1.2345E+04", false, false),
            ("1.09190572E+07", false, false),
        ] as [(String, Bool?, Bool?)])
    func spreadsheetNumbers(text: String, withoutPadding: Bool?, withPadding: Bool?) {
        #expect(mayBe(text) == withoutPadding)
        #expect(mayBe(text, CPF.ParsingOptions(padsLeadingZeros: true)) == withPadding)
    }

    @Test("a valid CPF is never asked about; every refused input gets an answer", arguments: allParsingOptions)
    func everyRefusalIsAnswered(options: CPF.ParsingOptions) {
        #expect(mayBe("390.533.447-05", options) == nil)
        #expect(mayBe("x", options) == false)
    }
}
