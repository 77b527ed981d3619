// Tests of Commands/FindCommand.swift: its definition and help.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("FindCommand")
struct FindCommandTests {
    @Test func nameOptionsAndHelp() {
        #expect(FindCommand.definition.name == "find")
        #expect(
            FindCommand.definition.options.map(\.long) == [
                "confidence", "include-invalid", "json", "hide", "key-file", "tweak", "keep-region", "document",
                "recursive",
                "glob", "pre", "pre-glob", "ocr-engine", "no-ocr", "count",
                "files-with-matches", "quiet", "stats",
                "threads", "no-progress", "color", "per-line", "line-local", "exit-zero", "skip-unsearchable",
                "max-decompressed-size",
                "max-ratio",
            ])
        let help = FindCommand.definition.helpText
        for phrase in [
            "SOURCE:LINE:COLUMN: TEXT", "SOURCE:name:COLUMN: TEXT", "EXIT STATUS:", "0 at least one CPF found, 1 none",
            "12.345.678/0001-95",
        ] {
            #expect(help.contains(phrase))
        }
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "too long: \(line)") }
    }

    @Test func everyPositionalIsAFile() throws {
        let arguments = try parse(["--json", "a.txt", "-", "--", "--b"], for: FindCommand.definition)
        #expect(arguments.positionals == ["a.txt", "-", "--b"])
        #expect(InputList(files: arguments.positionals).names == ["a.txt", "-", "--b"])
        #expect(InputList(files: []).names == ["-"])
    }
}
