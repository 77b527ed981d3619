// Tests of Tree/Glob.swift.

import CPFSystem
import Testing

@testable import CPFCommandLine

@Suite("Glob")
struct GlobTests {
    /// (glob, path relative to the argument, is a directory, matches).
    @Test(
        "globs match as gitignore and ripgrep read them",
        arguments: [
            // Without a slash: the base name, at any depth.
            ("*.txt", "a.txt", false, true),
            ("*.txt", "x/y/a.txt", false, true),
            ("*.txt", "a.txt.gz", false, false),
            ("*.txt", "x.txt/a", false, false),
            ("a.txt", "dir/a.txt", false, true),
            ("a.txt", "dir/ba.txt", false, false),
            (".git", "repo/.git", true, true),
            ("*", "anything/at/all", false, true),
            // With a slash: the whole path from the argument.
            ("logs/*.txt", "logs/a.txt", false, true),
            ("logs/*.txt", "x/logs/a.txt", false, false),
            ("logs/*.txt", "logs/sub/a.txt", false, false),
            ("/top.txt", "top.txt", false, true),
            ("/top.txt", "sub/top.txt", false, false),
            // ?, sets, escapes.
            ("?.csv", "a.csv", false, true),
            ("?.csv", "ab.csv", false, false),
            ("a?b", "a/b", false, false),
            ("?.txt", "é.txt", false, true),
            ("[abc].txt", "b.txt", false, true),
            ("[abc].txt", "d.txt", false, false),
            ("[a-c]x", "cx", false, true),
            ("[!a-c]x", "cx", false, false),
            ("[^a-c]x", "dx", false, true),
            ("[]]", "]", false, true),
            ("[a-]", "-", false, true),
            ("[é]", "é", false, true),
            ("a[/]b", "a/b", false, false),
            ("[abc", "[abc", false, true),
            ("\\*.txt", "*.txt", false, true),
            ("\\*.txt", "a.txt", false, false),
            ("\\!x", "!x", false, true),
            // **.
            ("**/a.txt", "a.txt", false, true),
            ("**/a.txt", "x/y/a.txt", false, true),
            ("**/x/a.txt", "p/x/a.txt", false, true),
            ("src/**", "src/a/b.rs", false, true),
            ("src/**", "lib/src/a", false, false),
            ("a/**/b", "a/b", false, true),
            ("a/**/b", "a/x/y/b", false, true),
            ("a/**/b", "a/xb", false, false),
            ("a**b", "axyb", false, true),
            ("a**b", "ax/yb", false, false),
            // A trailing slash: directories only.
            ("cache/", "x/cache", true, true),
            ("cache/", "x/cache", false, false),
            // Many stars stay linear and correct.
            ("*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false, false),
            ("*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaab", false, true),
        ])
    func matches(glob: String, path: String, isDirectory: Bool, expected: Bool) {
        #expect(Glob(RawText(glob)).matches(path: RawText(path), isDirectory: isDirectory) == expected)
    }

    @Test func aLeadingExclamationMarkNegates() {
        #expect(Glob("!*.log").isNegated)
        #expect(Glob("!*.log").matches(path: "a/b.log", isDirectory: false))
        #expect(!Glob("*.log").isNegated)
        #expect(!Glob("\\!x").isNegated)
    }

    @Test func anInvalidByteIsACharacterOfItsOwn() {
        #expect(Glob("?.txt").matches(path: RawText([0xFF] + Array(".txt".utf8)), isDirectory: false))
        #expect(!Glob("?.txt").matches(path: RawText([0xFF, 0xFE] + Array(".txt".utf8)), isDirectory: false))
    }

    /// The matcher against a plain backtracking one, written from the same
    /// token rules, on random globs and paths over a small alphabet (where
    /// stars, sets and slashes meet often).
    @Test func agreesWithAPlainBacktrackingMatcher() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let globPieces = ["a", "b", "/", "*", "**", "**/", "/**", "?", "[ab]", "[!a]", "\\*", "é"]
        let pathPieces = ["a", "b", "/", "*", "é", "ab"]
        var matched = 0
        for _ in 0..<3000 {
            let glob = (0..<random(6) + 1).map { _ in globPieces[random(globPieces.count)] }.joined()
            let path = (0..<random(8)).map { _ in pathPieces[random(pathPieces.count)] }.joined()
            let tokens = Glob.tokens(of: Array(glob.utf8))
            let bytes = Array(path.utf8)
            let expected = Self.plainMatch(tokens[...], bytes[...])
            #expect(Glob.match(tokens, bytes[...]) == expected, "glob \(glob) path \(path)")
            if expected { matched += 1 }
        }
        #expect(matched > 100)
    }

    static func plainMatch(_ tokens: ArraySlice<Glob.Token>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let token = tokens.first else { return text.isEmpty }
        let rest = tokens.dropFirst()
        let slash = UInt8(ascii: "/")
        switch token {
        case .byte(let byte):
            return text.first == byte && plainMatch(rest, text.dropFirst())
        case .character, .set:
            guard let first = text.first, first != slash else { return false }
            let (value, length) = Glob.character(text, at: text.startIndex)
            if case .set(let negated, let ranges) = token, ranges.contains(where: { $0.contains(value) }) == negated {
                return false
            }
            return plainMatch(rest, text.dropFirst(length))
        case .star:
            var end = text.startIndex
            while true {
                if plainMatch(rest, text[end...]) { return true }
                guard end < text.endIndex, text[end] != slash else { return false }
                end += 1
            }
        case .anything:
            return (text.startIndex...text.endIndex).contains { plainMatch(rest, text[$0...]) }
        case .folders:
            return plainMatch(rest, text)
                || text.indices.contains { text[$0] == slash && plainMatch(rest, text[($0 + 1)...]) }
        }
    }
}
