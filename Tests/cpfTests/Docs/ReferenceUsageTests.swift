// Tests that docs/reference.md quotes each command's usage line as help
// prints it: the synopses in its plain code blocks (a line starting `cpf `,
// with the indented lines under it) are the generated usage lines, one per
// command, and no hand-written one is left beside them.

import Foundation
import Testing

@testable import CPFCommandLine

@Suite("docs/reference.md: each command's usage line is the one its help prints")
struct ReferenceUsageTests {
    /// The synopses of the reference's plain code blocks (fenced with no
    /// language: the console sessions are fenced as `console`), each with
    /// its continuation lines joined and its runs of spaces made one.
    static func synopses() throws -> [String] {
        let text = try Repository.text("docs/reference.md")
        var synopses: [String] = []
        var fence: String?
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                fence = fence == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            guard fence == "" else { continue }
            if line.hasPrefix("cpf ") {
                synopses.append(line)
            } else if line.hasPrefix(" "), !synopses.isEmpty {
                synopses[synopses.count - 1] += line
            }
        }
        return synopses.map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test("the synopses are read: the program's, then a line per command")
    func synopsesAreRead() throws {
        let synopses = try Self.synopses()
        #expect(synopses.first == "cpf <command> [<options>] [<arguments>]")
        #expect(synopses.count == Program.commands.count + 1)
    }

    @Test(
        "each command's synopsis is its usage line, once",
        arguments: Program.commands.map { $0.definition.name })
    func eachCommandsSynopsisIsItsUsageLine(name: String) throws {
        let definition = try #require(Program.command(named: name)).definition
        let quoted = try Self.synopses().filter { $0 == "cpf \(name)" || $0.hasPrefix("cpf \(name) ") }
        #expect(quoted == [definition.usageLine])
    }
}
