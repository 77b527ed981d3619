// Tests of CLI/UsageError.swift: the messages of usage errors.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("UsageError")
struct UsageErrorTests {
    @Test(
        "messages",
        arguments: [
            (UsageError.unknownCommand("x"), "unknown command 'x'"),
            (.unknownOption("--x"), "unknown option '--x'"),
            (.missingValue(option: "-f"), "missing value for '-f'"),
            (.unexpectedValue(option: "--strict"), "'--strict' does not take a value"),
            (
                .invalidValue(option: "--field", value: "0", expected: "a field number from 1"),
                "invalid value '0' for '--field': expected a field number from 1"
            ),
            (.conflictingOptions("--valid", "--json"), "'--valid' cannot be used with '--json'"),
            (.missingArgument("<cpf>"), "missing argument <cpf>"),
            (.unexpectedArgument("x"), "unexpected argument 'x'"),
            (.invalid("free text"), "free text"),
        ] as [(UsageError, String)])
    func messages(_ error: UsageError, _ message: String) {
        #expect(error.description == message)
    }
}
