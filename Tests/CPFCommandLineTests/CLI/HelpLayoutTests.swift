// Tests of CLI/HelpLayout.swift: help rows and usage lines in 80 columns.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("HelpLayout")
struct HelpLayoutTests {
    @Test func aShortRowFitsOnOneLine() {
        #expect(
            HelpLayout.row("--strict", "Strict.") == "  --strict" + String(repeating: " ", count: 26 - 8) + "Strict.\n")
    }

    @Test func aLongHelpWrapsUnderItsColumn() {
        let help = Array(repeating: "word", count: 40).joined(separator: " ")
        let row = HelpLayout.row("-x, --example", help)
        let lines = row.split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(
            lines.dropFirst().allSatisfy {
                $0.hasPrefix(String(repeating: " ", count: 28)) && !$0.hasPrefix(String(repeating: " ", count: 29))
            })
        #expect(lines.map { $0.split(separator: " ").filter { $0 == "word" }.count }.reduce(0, +) == 40)
    }

    @Test func aLongLabelPutsTheHelpOnTheNextLine() {
        let label = String(repeating: "l", count: 30)
        #expect(HelpLayout.row(label, "Help.") == "  \(label)\n" + String(repeating: " ", count: 28) + "Help.\n")
    }

    @Test func aShortUsageStaysOnOneLine() {
        #expect(
            HelpLayout.usage("USAGE: ", "cpf check [<options>] [<cpf> ...]")
                == "USAGE: cpf check [<options>] [<cpf> ...]\n")
    }

    @Test func aLongUsageWrapsAtWholeGroupsUnderTheTextAfterThePrefix() {
        let usage = "cpf generate [-n <count>] [--formatted] [--state <uf> | --region <digit>] [--seed <seed>]"
        #expect(
            HelpLayout.usage("USAGE: ", usage) == """
                USAGE: cpf generate [-n <count>] [--formatted] [--state <uf> | --region <digit>]
                       [--seed <seed>]

                """)
        let lines = HelpLayout.usage("Usage: ", usage + " [--more <words>] [--and <more>] [--still <more>]").split(
            separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func bracketedGroupsAreOneWord() {
        #expect(
            HelpLayout.usageWords("cpf x [--a <b c> | --d] <e f>  g") == [
                "cpf", "x", "[--a <b c> | --d]", "<e f>", "g",
            ])
    }
}
