// Tests of Tree/TreeRun.swift.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("TreeRun")
struct TreeRunTests {
    @Test func aFoundEntryThatIsNotARegularFileIsNotOpened() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path("p")
        mkfifo(fifo, 0o600)
        // Opening a FIFO for reading would wait for a writer; without waiting, it is refused.
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(
            try TreeFile.open(
                TreeEntry(
                    path: RawText(fifo), kind: .found, size: 0,
                    location: .inDirectory(folder, name: [UInt8(ascii: "p")]))) == nil)
    }

    @Test func aFoundEntryThatIsALinkIsNotFollowed() throws {
        let directory = TemporaryDirectory()
        directory.file("f", "x")
        symlink("f", directory.path("l"))
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(throws: Errno(rawValue: ELOOP)) {
            _ = try TreeFile.open(
                TreeEntry(
                    path: RawText(directory.path("l")), kind: .found, size: 0,
                    location: .inDirectory(folder, name: [UInt8(ascii: "l")])))
        }
    }

    @Test func anArgumentIsOpenedAsGiven() throws {
        let directory = TemporaryDirectory()
        directory.file("f", "x")
        symlink("f", directory.path("l"))
        let descriptor = try #require(
            try TreeFile.open(TreeEntry(path: RawText(directory.path("l")), kind: .argument, size: 0)))
        descriptor.close()
        #expect(
            try TreeFile.open(TreeEntry(path: "-", kind: .argument, size: 0, location: .standardInput))
                == .standardInput)
    }

    /// What the workers of a run saw, from every thread.
    final class Seen: @unchecked Sendable {
        let monitor = Monitor()
        var workers = 0
        var files: [Int: [UInt8]] = [:]
    }

    @Test(
        "the files of a walk are each handled once, by workers made once per thread, the caller's included",
        arguments: [1, 2, 4])
    func everyFileOnceOnEveryThread(threads: Int) throws {
        let directory = TemporaryDirectory()
        for number in 0..<40 { directory.file(String(format: "f%02d", number), "\(number)") }
        let walk = DirectoryWalker(recursive: true).entries(for: [RawText(directory.url.path)])
        let run = TreeRun(walk: walk, context: Context(), showsProgress: false, threads: threads)
        let seen = Seen()
        run.run {
            seen.monitor.locked { seen.workers += 1 }
            return { file, descriptor throws(Errno) in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
                defer { buffer.deallocate() }
                let count = try descriptor!.read(into: buffer)
                seen.monitor.locked {
                    #expect(seen.files[file.index] == nil)
                    seen.files[file.index] = Array(buffer.prefix(count))
                }
            }
        }
        #expect(seen.workers == threads)
        #expect(seen.files.count == 40)
        #expect((0..<40).map { seen.files[$0] ?? [] } == (0..<40).map { Array("\($0)".utf8) })
        #expect(!run.failedInput)
    }

    @Test func aDirectoryNamedToBeRewrittenIsAnError() throws {
        let directory = TemporaryDirectory()
        mkdir(directory.path("d"), 0o755)
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(throws: Errno.isDirectory) {
            _ = try TreeFile.open(
                TreeEntry(
                    path: "d", kind: .argument, size: 0, location: .inDirectory(folder, name: [UInt8(ascii: "d")])))
        }
    }

    @Test func foldersGivenForTheirNamesDoNotCountAsFilesAtFirst() {
        let directory = TemporaryDirectory()
        mkdir(directory.path("a"), 0o755)
        mkdir(directory.path("a/b"), 0o755)
        directory.file("a/b/big", "x")
        let walk = DirectoryWalker(recursive: true, reportsNames: true).entries(for: [RawText(directory.url.path)])
        let run = TreeRun(walk: walk, context: Context(), showsProgress: false, threads: 4)
        // One file: the large file it may be gets all four threads.
        #expect(run.filesAtFirst == 1)
        #expect(TreeOptions.threadsPerFile(4, files: run.filesAtFirst) == 4)
        var kinds: [TreeEntry.Kind] = []
        let lock = Monitor()
        run.run {
            { file, descriptor throws(Errno) in
                lock.locked { kinds.append(descriptor == nil ? .nameOnly : file.entry.kind) }
            }
        }
        // Four threads take the entries in any order: the two folders are
        // looked at for their names only, the file is read.
        #expect(kinds.count == 3)
        #expect(kinds.filter { $0 == .nameOnly }.count == 2)
        #expect(kinds.filter { $0 == .found }.count == 1)
    }
}
