// Tests of Commands/PseudonymizeCommand.swift.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("PseudonymizeCommand")
struct PseudonymizeCommandTests {
    @Test func namesAndOptions() {
        #expect(PseudonymizeCommand.definition.name == "pseudonymize")
        #expect(
            PseudonymizeCommand.definition.options.map(\.long) == [
                "key-file", "tweak", "keep-region", "reverse", "formatted", "input", "field", "delimiter", "header",
                "raw",
                "strict", "pad", "allow-repeated", "invalid", "quiet", "show-values", "new-key-file", "exit-zero",
            ])
        #expect(Program.commands.contains { $0.definition.name == "pseudonymize" })
    }

    @Test func aKeyFileIsRequired() throws {
        let arguments = try parse(["39053344705"], for: PseudonymizeCommand.definition)
        #expect(
            throws: UsageError.invalid(
                "'--key-file' is required (make a key with 'cpf pseudonymize --new-key-file <file>')")
        ) {
            try PseudonymizeCommand.run(arguments, context: Context())
        }
    }

    @Test func newKeyFileTakesNoCPFs() throws {
        let arguments = try parse(["--new-key-file", "k", "39053344705"], for: PseudonymizeCommand.definition)
        #expect(throws: UsageError.unexpectedArgument("39053344705")) {
            try PseudonymizeCommand.run(arguments, context: Context())
        }
    }
}
