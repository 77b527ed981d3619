// Tests of Tree/Preprocessor.swift.

import CPFSystem
import Testing

@testable import CPFCommandLine

@Suite("Preprocessor")
struct PreprocessorTests {
    func make(_ words: [String], path: String = "/usr/bin:/bin") throws -> Preprocessor? {
        try Preprocessor.make(parse(words, for: FindCommand.definition), environment: ["PATH": path])
    }

    @Test func withoutPreThereIsNoneAndPreGlobAloneIsAUsageError() throws {
        #expect(try make([]) == nil)
        #expect(throws: UsageError.self) { try make(["--pre-glob", "*.gz"]) }
        #expect(throws: UsageError.self) { try make(["--pre", ""]) }
    }

    @Test func theCommandIsLookedUpInThePathOnce() throws {
        #expect(try make(["--pre", "sh"])?.program == "/bin/sh" || make(["--pre", "sh"])?.program == "/usr/bin/sh")
        #expect(try make(["--pre", "no-such-converter"])?.program == nil)
        #expect(try make(["--pre", "./conv"])?.program == "./conv")
    }

    @Test(
        "--pre-glob chooses by the path from the argument",
        arguments: [
            ([], "a/b.pdf", true),
            (["*.pdf"], "a/b.pdf", true),
            (["*.pdf"], "a/b.txt", false),
            (["a/*.pdf"], "a/b.pdf", true),
            (["*.pdf", "!b*"], "a/b.pdf", false),
        ] as [([String], String, Bool)])
    func preGlob(globs: [String], relative: String, expected: Bool) throws {
        let pre = try #require(try make(["--pre", "cat"] + globs.flatMap { ["--pre-glob", $0] }))
        let path = RawText("root/" + relative)
        let entry = TreeEntry(path: path, kind: .found, size: 0, nameStart: nil, relativeStart: 5)
        #expect(pre.applies(to: entry) == expected)
    }

    @Test func standardInputIsNeverPreprocessed() throws {
        let pre = try #require(try make(["--pre", "cat"]))
        #expect(!pre.applies(to: TreeEntry(path: "-", kind: .argument, size: 0, location: .standardInput)))
        #expect(pre.applies(to: TreeEntry(path: "x.txt", kind: .argument, size: 0)))
    }
}
