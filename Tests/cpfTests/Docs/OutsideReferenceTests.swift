// Tests that nothing in the repository sends a reader to a specification it
// does not hold: the product specification the project began from lives
// outside it, and what it said is in docs/reference.md.

import Foundation
import Testing

@Suite("no document, comment or test points at a specification outside the repository")
struct OutsideReferenceTests {
    /// The word, spelt in pieces so that this file does not hold it.
    static let word = "SP" + "EC"

    /// Whether `text` holds `word` as a word of its own (not inside a longer
    /// identifier such as a longer capitalised word).
    static func holdsWord(_ text: Substring) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = rest[..<range.lowerBound].last
            let after = rest[range.upperBound...].first
            let joins = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            }
            if !joins(before) && !joins(after) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test("the check finds the word where it stands alone, and not inside another")
    func wordIsFound() {
        #expect(Self.holdsWord("see the \(Self.word) §4"[...]))
        #expect(Self.holdsWord("notes/\(Self.word).md"[...]))
        #expect(!Self.holdsWord("\(Self.word)IAL and x\(Self.word)"[...]))
    }

    @Test("no text file of the repository names it")
    func noTextFileNamesIt() throws {
        let suffixes = [".md", ".swift", ".py", ".sh", ".c", ".h", ".yml", ".txt", ".1", ".dict"]
        var paths = [".ci/run", "Package.swift"]
        for folder in ["docs", "Sources", "Tests", "Scripts", "Fuzz", "integrations", ".ci"] {
            paths += Repository.files(under: folder, endingIn: suffixes).filter { !$0.contains("/Fixtures/") }
        }
        paths += ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
        #expect(paths.count > 500)
        for path in Set(paths).sorted() {
            guard let text = try? Repository.text(path) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.holdsWord(line) {
                Issue.record("\(path):\(number + 1) names a specification the repository does not hold: \(line)")
            }
        }
    }
}
