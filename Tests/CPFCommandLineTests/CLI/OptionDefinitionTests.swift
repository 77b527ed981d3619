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

    @Test func aUsageLineNamesAnOptionByItsShortNameWhenItHasOne() {
        #expect(OptionDefinition("field", short: "f", value: "n", help: "").synopsis == "-f <n>")
        #expect(OptionDefinition("recursive", short: "r", help: "").synopsis == "-r")
        #expect(OptionDefinition("confidence", value: "level", help: "").synopsis == "--confidence <level>")
        #expect(OptionDefinition("json", help: "").synopsis == "--json")
    }
}
