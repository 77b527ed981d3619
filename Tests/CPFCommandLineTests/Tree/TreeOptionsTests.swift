// Tests of Tree/TreeOptions.swift.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("TreeOptions")
struct TreeOptionsTests {
    @Test func threadsDefaultToTheProcessorsAndAreBounded() throws {
        #expect(try TreeOptions.threadCount(parse([], for: FindCommand.definition)) == system_onlineProcessors())
        #expect(try TreeOptions.threadCount(parse(["--threads", "3"], for: FindCommand.definition)) == 3)
        #expect(throws: UsageError.self) {
            try TreeOptions.threadCount(parse(["--threads", "0"], for: FindCommand.definition))
        }
        #expect(throws: UsageError.self) {
            try TreeOptions.threadCount(parse(["--threads=x"], for: RedactCommand.definition))
        }
        #expect(try TreeOptions.threadCount(parse(["-j", "2"], for: RedactCommand.definition)) == 2)
    }

    @Test(
        "the threads that files leave over scan the parts of one file",
        arguments: [
            (1, 1, 1), (4, 1, 4), (2, 1, 2), (2, 2, 1), (4, 2, 2), (4, 3, 1), (8, 3, 2), (2, 50, 1), (3, 0, 3),
        ])
    func threadsPerFile(threads: Int, files: Int, expected: Int) {
        #expect(TreeOptions.threadsPerFile(threads, files: files) == expected)
    }

    @Test func withoutFilesTheEntryIsStandardInput() throws {
        #expect(Array(TreeOptions.walk(try parse(["-r"], for: FindCommand.definition))).map(\.path) == ["-"])
    }

    @Test func statsAddUpOverFiles() {
        let stats = TreeStats()
        stats.add(bytes: 10, found: (low: 1, medium: 0, high: 2, mistyped: 0))
        stats.add(bytes: 5, found: (low: 0, medium: 0, high: 0, mistyped: 0))
        #expect(stats.files == 2)
        #expect(stats.filesWithCPFs == 1)
        #expect(stats.bytes == 15)
        #expect(stats.totalFound == 3)
    }

    @Test func aMemoryLimitLeavesFewerThreads() {
        let each = TreeOptions.memoryPerThread
        #expect(TreeOptions.threadsThatFit(8, addressSpaceLeft: nil) == 8)
        #expect(TreeOptions.threadsThatFit(8, addressSpaceLeft: TreeOptions.memoryReserve + 100 * each) == 8)
        #expect(TreeOptions.threadsThatFit(8, addressSpaceLeft: TreeOptions.memoryReserve + 3 * each + 1) == 3)
        #expect(TreeOptions.threadsThatFit(8, addressSpaceLeft: TreeOptions.memoryReserve + each) == 1)
    }
}
