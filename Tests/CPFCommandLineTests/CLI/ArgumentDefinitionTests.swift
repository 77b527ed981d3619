// Tests of CLI/ArgumentDefinition.swift: how a positional argument is named
// in help and in a usage line.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("ArgumentDefinition")
struct ArgumentDefinitionTests {
    @Test func helpNamesAnArgumentInAngleBrackets() {
        #expect(ArgumentDefinition("cpf", help: "").label == "<cpf>")
    }

    @Test func anArgumentGivenAnyNumberOfTimesIsOptionalAndRepeats() {
        #expect(ArgumentDefinition("cpf", help: "").synopsis == "[<cpf> ...]")
        #expect(ArgumentDefinition("file", completion: .file, help: "").synopsis == "[<file> ...]")
    }

    @Test func anArgumentGivenOnceStandsAlone() {
        #expect(ArgumentDefinition("cpf", count: .one, help: "").synopsis == "<cpf>")
    }

    @Test func anArgumentThatIsOneOfAFewWordsIsShownAsTheWords() {
        let shell = ArgumentDefinition("shell", count: .one, completion: .choices(["bash", "zsh", "fish"]), help: "")
        #expect(shell.synopsis == "bash|zsh|fish")
        #expect(shell.label == "<shell>")
    }
}
