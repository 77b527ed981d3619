// Tests of Output/Language.swift: the language chosen from the locale.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("Language")
struct LanguageTests {
    static func language(_ variables: [String: String]) -> Language {
        Language { variables[$0] }
    }

    @Test func aLocaleStartingWithPtIsPortuguese() {
        #expect(Self.language(["LANG": "pt_BR.UTF-8"]) == .portuguese)
        #expect(Self.language(["LANG": "pt"]) == .portuguese)
        #expect(Self.language(["LANG": "pt_PT.UTF-8"]) == .portuguese)
    }

    @Test func anyOtherLocaleOrNoneIsEnglish() {
        #expect(Self.language([:]) == .english)
        #expect(Self.language(["LANG": "C.UTF-8"]) == .english)
        #expect(Self.language(["LANG": "en_US.UTF-8"]) == .english)
        #expect(Self.language(["LANG": "POSIX"]) == .english)
    }

    @Test func lcAllThenLcMessagesThenLangDecide() {
        #expect(Self.language(["LC_ALL": "C", "LC_MESSAGES": "pt_BR", "LANG": "pt_BR"]) == .english)
        #expect(Self.language(["LC_ALL": "pt_BR", "LANG": "C"]) == .portuguese)
        #expect(Self.language(["LC_MESSAGES": "pt_BR", "LANG": "C"]) == .portuguese)
        #expect(Self.language(["LC_MESSAGES": "C", "LANG": "pt_BR"]) == .english)
    }

    @Test func anEmptyVariableIsSkipped() {
        #expect(Self.language(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "pt_BR.UTF-8"]) == .portuguese)
    }

    @Test func aLocalizedTextGivesEachLanguageItsOwn() {
        let text = Localized("valid", pt: "válido")
        #expect(text.text(.english) == "valid")
        #expect(text.text(.portuguese) == "válido")
    }
}
