// Tests of CLI/ManPage.swift: the committed page is the generated one, it
// renders without a warning, and it shows what help shows.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("ManPage")
struct ManPageTests {
    /// docs/cpf.1 in this checkout.
    static let committedPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/cpf.1").path

    @Test("docs/cpf.1 is what the generator makes (Scripts/make-man-page.sh rewrites it)")
    func theCommittedPageIsTheGeneratedOne() throws {
        let committed = try String(contentsOfFile: Self.committedPath, encoding: .utf8)
        #expect(committed == ManPage.render())
    }

    @Test(.enabled(if: InstalledTool.areInstalled("groff"), "groff is not installed"))
    func groffRendersItWithoutAWarning() {
        let result = runShell(
            """
            command -v groff > /dev/null || { echo 'groff is missing' >&2; exit 3; }; groff -man -ww -Tutf8 \
            '\(Self.committedPath)' > /dev/null
            """
        )
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test(
        "man -l shows every command and every option that help lists",
        .enabled(if: InstalledTool.areInstalled("man", "col"), "man or col is not installed"))
    func manShowsEveryCommandAndOption() {
        let result = runShell(
            """
            command -v man > /dev/null || { echo 'man is missing' >&2; exit 3; }; MANWIDTH=250 \
            MAN_KEEP_FORMATTING= man -l '\(Self.committedPath)' | col -bx
            """
        )
        #expect(result.status == 0, "\(result.stderr)")
        let page = String(decoding: result.stdout, as: UTF8.self)
        for definition in Program.commands.map({ $0.definition }) {
            #expect(page.contains(definition.usageLine), "\(definition.name)")
            for option in definition.allOptions {
                #expect(page.contains(option.label), "\(definition.name): \(option.label)")
            }
        }
        for section in ["EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "LC_MESSAGES", "NO_COLOR", "--version"] {
            #expect(page.contains(section))
        }
    }

    @Test func textIsEscapedForRoff() {
        #expect(ManPage.escape("a-b\\c") == "a\\-b\\ec")
        #expect(ManPage.escape(".x") == "\\&.x")
        #expect(ManPage.escape("é") == "\\[u00E9]")
    }
}
