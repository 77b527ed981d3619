// Tests of CLI/OptionDefinition.swift.

@testable import CPFCommandLine
import CPFTestSupport
import CPFSystem
import Testing

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
