// Tests of Tree/TreeRun.swift.

@testable import CPFCommandLine
import CPFTestSupport
import CPFSystem
import Foundation
import Testing

@Suite("TreeRun")
struct TreeRunTests {
    @Test func aFoundEntryThatIsNotARegularFileIsNotOpened() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path("p")
        mkfifo(fifo, 0o600)
        // Opening a FIFO for reading would wait for a writer; without waiting, it is refused.
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(try TreeFile.open(TreeEntry(path: RawText(fifo), kind: .found, size: 0, location: .inDirectory(folder, name: [UInt8(ascii: "p")]))) == nil)
    }

    @Test func aFoundEntryThatIsALinkIsNotFollowed() throws {
        let directory = TemporaryDirectory()
        directory.file("f", "x")
        symlink("f", directory.path("l"))
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(throws: Errno(rawValue: ELOOP)) {
            _ = try TreeFile.open(TreeEntry(path: RawText(directory.path("l")), kind: .found, size: 0,
                                            location: .inDirectory(folder, name: [UInt8(ascii: "l")])))
        }
    }

    @Test func anArgumentIsOpenedAsGiven() throws {
        let directory = TemporaryDirectory()
        directory.file("f", "x")
        symlink("f", directory.path("l"))
        let descriptor = try #require(try TreeFile.open(TreeEntry(path: RawText(directory.path("l")), kind: .argument, size: 0)))
        descriptor.close()
        #expect(try TreeFile.open(TreeEntry(path: "-", kind: .argument, size: 0, location: .standardInput)) == .standardInput)
    }

    @Test func aDirectoryNamedToBeRewrittenIsAnError() throws {
        let directory = TemporaryDirectory()
        mkdir(directory.path("d"), 0o755)
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(throws: Errno.isDirectory) {
            _ = try TreeFile.open(TreeEntry(path: "d", kind: .argument, size: 0, location: .inDirectory(folder, name: [UInt8(ascii: "d")])))
        }
    }
}
