// Tests that docs/architecture.md tells the truth about the targets: its two
// tables (the layers under Sources, the test targets) and its diagram name
// every target of Package.swift and exactly its dependencies, and no Swift
// file imports a module its target's row does not allow. A target, a
// dependency or an import added without the document fails here.

import Foundation
import Testing

@Suite("docs/architecture.md: the targets and their imports are those of Package.swift and the sources")
struct ArchitectureDocumentTests {
    static let sourcesHeader = "| Target | Holds | May import |"
    static let testsHeader = "| Test target | Holds | May import |"

    /// A row of one of the document's tables.
    struct Row {
        var name: String
        var holds: String
        var mayImport: Set<String>
    }

    static func rows(_ header: String) throws -> [Row] {
        let document = try Repository.text("docs/architecture.md")
        let table = try #require(Markdown.table(startingWith: header, in: document), "no table \(header)")
        return try table.map { cells in
            try #require(cells.count == 3, "a row of \(header) with \(cells.count) cells: \(cells)")
            let name = try #require(Markdown.codeSpans(in: cells[0]).first, "no target name in \(cells[0])")
            let modules = Markdown.codeSpans(in: cells[2]).filter { span in
                !span.isEmpty && span.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
            return Row(name: name, holds: cells[1], mayImport: Set(modules))
        }
    }

    static func manifest() throws -> [ManifestTarget] {
        Manifest.targets(in: try Repository.text("Package.swift"))
    }

    @Test("Package.swift's text is read: its targets and their dependencies")
    func manifestIsRead() throws {
        let targets = try Self.manifest()
        let cpf = try #require(targets.first { $0.name == "cpf" })
        #expect(cpf.kind == "executableTarget")
        #expect(cpf.dependencies == ["CPFCommandLine", "CPFSystem"])
        #expect(targets.first { $0.name == "CPFTestSupport" }?.folder == "Tests/CPFTestSupport")
        #expect(targets.first { $0.name == "CPFKitTests" }?.folder == "Tests/CPFKitTests")
    }

    @Test("the two tables name every target of Package.swift once, the layers those under Sources")
    func tablesNameEveryTarget() throws {
        let targets = try Self.manifest()
        let layers = try Self.rows(Self.sourcesHeader).map(\.name)
        let tests = try Self.rows(Self.testsHeader).map(\.name)
        #expect(
            (layers + tests).sorted() == targets.map(\.name).sorted(),
            "the tables of docs/architecture.md and the targets of Package.swift differ")
        #expect(Set(layers) == Set(targets.filter { $0.folder.hasPrefix("Sources/") }.map(\.name)))
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Repository.root.appendingPathComponent("Sources").path
        ).filter { !$0.hasPrefix(".") }
        #expect(Set(layers) == Set(folders), "a folder under Sources without its row, or a row without its folder")
    }

    @Test("each row allows importing exactly the targets Package.swift makes its dependencies")
    func rowsNameTheDependencies() throws {
        let targets = try Self.manifest()
        let names = Set(targets.map(\.name))
        for row in try Self.rows(Self.sourcesHeader) + Self.rows(Self.testsHeader) {
            guard let target = targets.first(where: { $0.name == row.name }) else { continue }
            let allowed = row.mayImport.intersection(names)
            #expect(
                allowed == Set(target.dependencies),
                "\(row.name): the document allows \(allowed.sorted()), Package.swift \(target.dependencies.sorted())")
        }
    }

    @Test("no Swift file imports a module its target's row does not allow")
    func importsAreAllowed() throws {
        let targets = try Self.manifest()
        var checked = 0
        for row in try Self.rows(Self.sourcesHeader) + Self.rows(Self.testsHeader) {
            guard let target = targets.first(where: { $0.name == row.name }) else { continue }
            for path in Repository.files(under: target.folder, endingIn: [".swift"]) {
                let imported = SwiftSource.importedModules(in: try Repository.text(path))
                let forbidden = imported.subtracting(row.mayImport)
                #expect(
                    forbidden.isEmpty, "\(path) imports \(forbidden.sorted()), which \(row.name)'s row does not allow")
                checked += 1
            }
        }
        #expect(checked > 400, "only \(checked) Swift files found")
    }

    @Test("every name the Holds column of the layers puts in backticks is in that target's files")
    func holdsNamesExist() throws {
        let targets = try Self.manifest()
        for row in try Self.rows(Self.sourcesHeader) {
            let target = try #require(targets.first { $0.name == row.name })
            let paths = Repository.files(under: target.folder, endingIn: [".swift", ".c", ".h"])
            let text = try paths.map { try Repository.text($0) }.joined(separator: "\n")
            let components = Set(paths.flatMap { $0.split(separator: "/").map(String.init) })
            for name in Markdown.codeSpans(in: row.holds) where !name.contains(" ") {
                #expect(
                    text.contains(name) || components.contains(name) || components.contains(name + ".swift"),
                    "\(row.name) holds `\(name)`, says the document; no file of \(target.folder) names it")
            }
        }
    }

    @Test("the diagram shows every layer with the targets it imports")
    func diagramShowsTheLayers() throws {
        let document = try Repository.text("docs/architecture.md")
        let section = try #require(document.components(separatedBy: "## The targets").dropFirst().first)
        let diagram = try #require(section.components(separatedBy: "```").dropFirst().first, "no diagram")
        let targets = try Self.manifest().filter { $0.folder.hasPrefix("Sources/") }
        let names = Set(targets.map(\.name))
        var shown: [String: Set<String>] = [:]
        for line in diagram.components(separatedBy: "\n") {
            guard let first = line.split(separator: " ").first.map(String.init), names.contains(first) else {
                continue
            }
            let arrow = try #require(line.components(separatedBy: "→").dropFirst().first, "no → in: \(line)")
            let words = arrow.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
            shown[first] = Set(words).intersection(names)
        }
        #expect(Set(shown.keys) == names, "the diagram leaves out \(names.subtracting(shown.keys).sorted())")
        for target in targets {
            #expect(shown[target.name] == Set(target.dependencies), "the diagram's arrow of \(target.name)")
        }
    }
}
