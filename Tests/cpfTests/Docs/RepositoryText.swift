// What the tests of the documents read from the repository: its files, the
// targets of Package.swift, the Markdown tables and headings of docs/, and
// the modules a Swift file imports. Plain text parsing, no SwiftPM: running
// `swift package` inside `swift test` would wait for the build's lock.

import Foundation

/// The repository this file belongs to, and its text files.
enum Repository {
    /// Tests/cpfTests/Docs/<this file> → the package's root.
    static let root: URL = {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root
    }()

    /// The text of a file, by its path from the root.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The paths from the root of the files under `folder` whose names end in
    /// one of `suffixes`, sorted; hidden folders (`.build`, `.git`) left out.
    static func files(under folder: String, endingIn suffixes: [String]) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard
            let walk = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        var found: [String] = []
        for case let url as URL in walk where suffixes.contains(where: url.lastPathComponent.hasSuffix) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            found.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        return found.sorted()
    }
}

/// A target of Package.swift, as its text declares it.
struct ManifestTarget: Equatable {
    var name: String
    /// `target`, `testTarget`, `executableTarget`…
    var kind: String
    var dependencies: [String]
    /// The folder of its sources from the root: `path:`, or Sources/NAME
    /// (Tests/NAME for a test target).
    var folder: String
}

enum Manifest {
    /// The targets declared in the text of a Package.swift: every
    /// `.target(`, `.testTarget(`, `.executableTarget(` … call, its `name:`,
    /// the names in its `dependencies: [...]` (a string, or the `name:` of a
    /// `.target`, `.product` or `.byName`) and its `path:`.
    static func targets(in manifest: String) -> [ManifestTarget] {
        let text = Array(withoutComments(manifest))
        let kinds = ["target", "testTarget", "executableTarget", "systemLibrary", "binaryTarget", "plugin", "macro"]
        var targets: [ManifestTarget] = []
        var index = 0
        while index < text.count {
            guard text[index] == "." else {
                index += 1
                continue
            }
            let rest = String(text[(index + 1)..<min(text.count, index + 24)])
            guard let kind = kinds.first(where: { rest.hasPrefix($0 + "(") }) else {
                index += 1
                continue
            }
            let open = index + 1 + kind.count
            let close = matching(text, from: open, open: "(", close: ")")
            let arguments = String(text[(open + 1)..<close])
            if let name = firstString(after: "name:", in: arguments) {
                let dependencies = list(after: "dependencies:", in: arguments)
                let folder =
                    firstString(after: "path:", in: arguments)
                    ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
                targets.append(ManifestTarget(name: name, kind: kind, dependencies: dependencies, folder: folder))
            }
            index = close + 1
        }
        return targets
    }

    /// The text with every `//` comment outside a string literal removed.
    private static func withoutComments(_ text: String) -> String {
        var result = ""
        var inString = false
        var skipping = false
        var previous: Character = " "
        for character in text {
            if skipping {
                if character == "\n" {
                    skipping = false
                    result.append(character)
                }
                continue
            }
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" {
                result.removeLast()
                skipping = true
                previous = " "
                continue
            }
            result.append(character)
            previous = character
        }
        return result
    }

    /// The index of the bracket closing the one at `start`, strings skipped.
    private static func matching(_ text: [Character], from start: Int, open: Character, close: Character) -> Int {
        var depth = 0
        var inString = false
        var index = start
        while index < text.count {
            let character = text[index]
            if character == "\"" && (index == 0 || text[index - 1] != "\\") { inString.toggle() }
            if !inString {
                if character == open { depth += 1 }
                if character == close {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index += 1
        }
        return text.count - 1
    }

    private static func firstString(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard rest.first == "\"" else { return nil }
        return String(rest.dropFirst().prefix { $0 != "\"" })
    }

    private static func list(after label: String, in text: String) -> [String] {
        guard let range = text.range(of: label) else { return [] }
        let rest = Array(text[range.upperBound...].drop { $0 == " " || $0 == "\n" })
        guard rest.first == "[" else { return [] }
        let body = String(rest[1..<matching(rest, from: 0, open: "[", close: "]")])
        // The strings of the list, but a `.product`'s `package:`.
        var names: [String] = []
        var pieces = body.components(separatedBy: "\"")
        pieces.removeLast()
        var index = 1
        while index < pieces.count {
            let before = pieces[index - 1].trimmingCharacters(in: .whitespacesAndNewlines)
            if !before.hasSuffix("package:") { names.append(pieces[index]) }
            index += 2
        }
        return names
    }
}

enum Markdown {
    /// The rows of the table whose header row is `header` (cells trimmed,
    /// the outer pipes left out), without the header and the rule below it.
    static func table(startingWith header: String, in text: String) -> [[String]]? {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == header }) else {
            return nil
        }
        var rows: [[String]] = []
        for line in lines[(start + 2)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else { break }
            var cells = trimmed.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            cells.removeFirst()
            if cells.last == "" { cells.removeLast() }
            rows.append(cells)
        }
        return rows
    }

    /// What stands between backticks in `text`, in order.
    static func codeSpans(in text: String) -> [String] {
        let pieces = text.components(separatedBy: "`")
        return stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] }
    }

    /// The targets of the links `[text](#anchor)` in `text`: the anchors.
    static func anchorLinks(in text: String) -> [String] {
        text.components(separatedBy: "](#").dropFirst().map { String($0.prefix { $0 != ")" }) }
    }

    /// A heading of a Markdown file: its level, its text and its line (from 0).
    struct Heading {
        var level: Int
        var title: String
        var line: Int
        var anchor: String
    }

    /// The headings of `text` (not those inside fenced code blocks), each
    /// with the anchor GitHub gives it.
    static func headings(in text: String) -> [Heading] {
        var headings: [Heading] = []
        var seen: [String: Int] = [:]
        var inCode = false
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#") else { continue }
            let level = line.prefix { $0 == "#" }.count
            guard line.dropFirst(level).first == " " else { continue }
            let title = String(line.dropFirst(level + 1)).trimmingCharacters(in: .whitespaces)
            var anchor = slug(title)
            if let count = seen[anchor] {
                seen[anchor] = count + 1
                anchor += "-\(count)"
            } else {
                seen[anchor] = 1
            }
            headings.append(Heading(level: level, title: title, line: number, anchor: anchor))
        }
        return headings
    }

    /// GitHub's anchor of a heading: lower case, letters, digits, `-` and `_`
    /// kept, spaces made `-`, everything else left out.
    static func slug(_ title: String) -> String {
        var anchor = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar == " " {
                anchor.append("-")
            } else if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
                || scalar.properties.numericType != nil
            {
                anchor.unicodeScalars.append(scalar)
            }
        }
        return anchor
    }
}

enum SwiftSource {
    /// The modules a Swift file imports: every `import M` (with attributes
    /// such as `@testable` or `@_exported`, an access level, or a kind, as in
    /// `import struct M.T`), outside multi-line string literals.
    static func importedModules(in source: String) -> Set<String> {
        var modules: Set<String> = []
        var inMultilineString = false
        for line in source.components(separatedBy: "\n") {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inMultilineString.toggle() } }
            guard !inMultilineString, quotes == 0, let module = importedModule(on: line) else { continue }
            modules.insert(module)
        }
        return modules
    }

    private static func importedModule(on line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let word = words.first, word.hasPrefix("@") { words.removeFirst() }
        if let word = words.first, ["public", "package", "internal", "fileprivate", "private"].contains(word) {
            words.removeFirst()
        }
        guard words.first == "import" else { return nil }
        words.removeFirst()
        if let word = words.first,
            ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].contains(word)
        {
            words.removeFirst()
        }
        guard let path = words.first else { return nil }
        let module = path.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return module.isEmpty ? nil : String(module)
    }
}
