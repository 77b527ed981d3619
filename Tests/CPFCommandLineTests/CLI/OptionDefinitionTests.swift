// Tests of CLI/OptionDefinition.swift.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("OptionDefinition")
struct OptionDefinitionTests {
    @Test func anOptionTakesAValueWhenItNamesOne() {
        #expect(OptionDefinition("field", short: "f", value: "n", help: "").takesValue)
        #expect(!OptionDefinition("strict", help: "").takesValue)
    }

    @Test func helpIsTheSameOptionEverywhere() {
        #expect(OptionDefinition.help.long == "help")
        #expect(OptionDefinition.help.short == "h")
        #expect(!OptionDefinition.help.takesValue)
    }
}
