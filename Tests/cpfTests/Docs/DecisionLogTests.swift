// Tests that docs/decisions.md stays an indexed log: its index lists every
// entry (every `##` and `###` heading after it) once, in order; each status is
// `current`, `changed by` or `superseded by` links to later entries that exist;
// and an entry that is not current says so under its own heading.

import Foundation
import Testing

@Suite("docs/decisions.md: the index lists every entry, with a status whose links resolve")
struct DecisionLogTests {
    static let header = "| Entry | Issue | Date | Status |"

    struct IndexRow {
        var anchor: String
        var status: String
    }

    static func log() throws -> (entries: [Markdown.Heading], index: [IndexRow], lines: [String]) {
        let text = try Repository.text("docs/decisions.md")
        let entries = Markdown.headings(in: text).filter { $0.level == 2 || $0.level == 3 }
        let table = try #require(Markdown.table(startingWith: header, in: text), "no index table \(header)")
        let index = try table.map { cells in
            try #require(cells.count == 4, "an index row with \(cells.count) cells: \(cells)")
            let anchors = Markdown.anchorLinks(in: cells[0])
            try #require(anchors.count == 1, "the entry cell must link to its entry: \(cells[0])")
            #expect(
                cells[2].range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression) != nil, "no date in \(cells)")
            return IndexRow(anchor: anchors[0], status: cells[3])
        }
        return (entries, index, text.components(separatedBy: "\n"))
    }

    @Test("the index lists every entry once, in the log's order")
    func indexListsEveryEntry() throws {
        let (entries, index, _) = try Self.log()
        #expect(entries.count > 30)
        let listed = index.map(\.anchor)
        let headed = entries.map(\.anchor)
        #expect(
            listed == headed,
            """
            not in the index: \(headed.filter { !listed.contains($0) }); \
            in the index but no heading: \(listed.filter { !headed.contains($0) })
            """)
    }

    @Test("each status is current, changed by or superseded by later entries, whose links resolve")
    func statusesResolve() throws {
        let (entries, index, _) = try Self.log()
        let order = Dictionary(entries.enumerated().map { ($1.anchor, $0) }, uniquingKeysWith: { first, _ in first })
        for row in index {
            let links = Markdown.anchorLinks(in: row.status)
            if row.status == "current" { continue }
            #expect(
                row.status.hasPrefix("changed by [") || row.status.hasPrefix("superseded by ["),
                "\(row.anchor): a status is `current`, `changed by [...](#...)` or `superseded by [...](#...)`")
            #expect(!links.isEmpty, "\(row.anchor): a status that is not current links to the entries that changed it")
            for link in links {
                let position = try #require(order[link], "\(row.anchor): its status links to #\(link), no heading")
                #expect(position > (order[row.anchor] ?? .max), "\(row.anchor): #\(link) is not a later entry")
            }
        }
    }

    @Test("an entry that is not current says so in a Status paragraph under its heading, as its index row does")
    func statusLinesMatchTheIndex() throws {
        let (entries, index, lines) = try Self.log()
        let statuses = Dictionary(index.map { ($0.anchor, $0.status) }, uniquingKeysWith: { first, _ in first })
        for entry in entries {
            // The first paragraph under the heading, its lines joined.
            let paragraph = lines[(entry.line + 1)...].drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: " ")
            let statusLine = paragraph.hasPrefix("Status: ") ? paragraph : nil
            let status = statuses[entry.anchor] ?? "current"
            if status == "current" {
                #expect(statusLine == nil, "\(entry.title) is current in the index, not under its heading")
            } else {
                let line = try #require(statusLine, "\(entry.title) is \(status) in the index: say so under it")
                #expect(
                    Set(Markdown.anchorLinks(in: line)) == Set(Markdown.anchorLinks(in: status))
                        && line.dropFirst("Status: ".count).hasPrefix(status.prefix { $0 != "[" }),
                    "\(entry.title): its Status line and its index row differ")
            }
        }
    }
}
