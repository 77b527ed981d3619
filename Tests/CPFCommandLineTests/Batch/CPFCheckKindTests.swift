// Tests of Batch/CPFCheckKind.swift: how `check` reads and reports a CPF.
// The counts through the engine are in CheckEngineTests; the outputs are
// tested end to end (Check…EndToEndTests).

import CPFKit
import CPFSystem
import Testing

@testable import CPFCommandLine

@Suite("CPFCheckKind")
struct CPFCheckKindTests {
    @Test(
        "the fast path and the parser agree, with the options given",
        arguments: [
            "390.533.447-05", "39053344705", "390 533 447 05", "231.002.999-00", "111.111.111-11", "5334403", "",
        ])
    func fastPathAgrees(text: String) {
        for options in [CPF.ParsingOptions.lenient, .strict, .init(padsLeadingZeros: true)] {
            let kind = CPFCheckKind(options: options)
            Array(text.utf8).withUnsafeBytes { bytes in
                let parsed = kind.parse(line: bytes)
                #expect(kind.isValid(line: bytes) == ((try? parsed.get()) != nil))
                #expect(parsed == kind.parse(argument: bytes))
                #expect(parsed == CPF.parse(bytes, options: options))
            }
        }
    }

    @Test("the reasons are counted in the order they are checked")
    func reasonOrder() {
        let errors: [CPFValidationError] = [
            .empty, .invalidCharacter("x", position: 1), .format, .length(digitCount: 3), .repeatedDigits,
            .checkDigits(expected: CPF.CheckDigits(first: 0, second: 5)),
        ]
        #expect(errors.map(CPFCheckKind.reasonIndex) == Array(0..<6))
        #expect(errors.map(\.code) == CPFCheckKind.reasonCodes)
    }

    @Test("the report and a verdict say the reason alone")
    func messages() throws {
        let context = Context()
        #expect(
            CPFCheckKind().reason(.repeatedDigits, context: context) == CPFValidationError.repeatedDigits.description)
        #expect(CPFCheckKind().validVerdict(try CPF(validating: "39053344705"), context: context) == "valid")
    }
}
