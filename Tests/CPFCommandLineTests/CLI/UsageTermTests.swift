// Tests of CLI/UsageTerm.swift: how the terms of a usage line are written.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("UsageTerm")
struct UsageTermTests {
    static let count = OptionDefinition("count", short: "n", value: "count", help: "")
    static let state = OptionDefinition("state", value: "uf", help: "")
    static let region = OptionDefinition("region", value: "digit", help: "")
    static let keyFile = OptionDefinition("key-file", value: "file", help: "")
    static let document = OptionDefinition("document", value: "kind", help: "")
    static let alphanumeric = OptionDefinition("alphanumeric", help: "")

    @Test func anOptionalOptionIsInBrackets() {
        #expect(UsageTerm.optional(Self.count).text == "[-n <count>]")
        #expect(UsageTerm.optional(Self.alphanumeric).text == "[--alphanumeric]")
    }

    @Test func aRequiredOptionIsBare() {
        #expect(UsageTerm.required(Self.keyFile).text == "--key-file <file>")
    }

    @Test func alternativesShareOnePairOfBrackets() {
        #expect(UsageTerm.oneOf([Self.state, Self.region]).text == "[--state <uf> | --region <digit>]")
    }

    @Test func optionsThatGoWithAnotherAreInsideItsBrackets() {
        let term = UsageTerm.optional(Self.document, with: [.optional(Self.alphanumeric)])
        #expect(term.text == "[--document <kind> [--alphanumeric]]")
        #expect(term.allOptions.map(\.long) == ["document", "alphanumeric"])
    }
}
