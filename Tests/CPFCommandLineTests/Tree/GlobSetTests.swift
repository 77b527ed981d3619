// Tests of Tree/GlobSet.swift.

import CPFSystem
import Testing

@testable import CPFCommandLine

@Suite("GlobSet")
struct GlobSetTests {
    /// (globs in order, path, is a directory, taken).
    @Test(
        "the last glob that matches decides",
        arguments: [
            ([], "a.bin", false, true),
            (["*.txt"], "a.txt", false, true),
            (["*.txt"], "a.csv", false, false),
            (["*.txt"], "dir", true, true),
            (["!*.log"], "a.txt", false, true),
            (["!*.log"], "a.log", false, false),
            (["!.git"], ".git", true, false),
            (["*.txt", "!secret*"], "secret.txt", false, false),
            (["!secret*", "*.txt"], "secret.txt", false, true),
            (["*.txt", "!b/**"], "b/a.txt", false, false),
            (["*.txt", "!b"], "b", true, false),
            (["!*.txt", "keep.txt"], "keep.txt", false, true),
            (["!*.txt", "keep.txt"], "other.txt", false, false),
        ] as [([String], String, Bool, Bool)])
    func decides(globs: [String], path: String, isDirectory: Bool, expected: Bool) {
        #expect(GlobSet(globs.map { RawText($0) }).includes(path: RawText(path), isDirectory: isDirectory) == expected)
    }
}
