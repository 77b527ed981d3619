// Tests of Tree/Glob.swift.

@testable import CPFCommandLine
import CPFSystem
import Testing

@Suite("Glob")
struct GlobTests {
    /// (glob, path relative to the argument, is a directory, matches).
    @Test("globs match as gitignore and ripgrep read them", arguments: [
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
}
