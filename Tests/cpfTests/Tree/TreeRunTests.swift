// Tests of Tree/TreeRun.swift.

@testable import cpf
import Foundation
import Testing

@Suite("TreeRun")
struct TreeRunTests {
    @Test func aFoundEntryThatIsNotARegularFileIsNotOpened() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path("p")
        mkfifo(fifo, 0o600)
        // Opening a FIFO for reading would wait for a writer; without waiting, it is refused.
        #expect(try TreeFile.open(TreeEntry(path: RawText(fifo), kind: .found, size: 0)) == nil)
    }

    @Test func aFoundEntryThatIsALinkIsNotFollowed() {
        let directory = TemporaryDirectory()
        directory.file("f", "x")
        symlink("f", directory.path("l"))
        #expect(throws: Errno(rawValue: ELOOP)) { _ = try TreeFile.open(TreeEntry(path: RawText(directory.path("l")), kind: .found, size: 0)) }
    }

    @Test func anArgumentIsOpenedAsGiven() throws {
        let directory = TemporaryDirectory()
        directory.file("f", "x")
        symlink("f", directory.path("l"))
        let descriptor = try #require(try TreeFile.open(TreeEntry(path: RawText(directory.path("l")), kind: .argument, size: 0)))
        descriptor.close()
        #expect(try TreeFile.open(TreeEntry(path: "-", kind: .argument, size: 0)) == .standardInput)
    }
}
