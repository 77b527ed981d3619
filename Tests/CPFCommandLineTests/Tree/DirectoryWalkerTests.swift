// Tests of Tree/DirectoryWalker.swift.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

#if canImport(Glibc)
    import Glibc
#endif

@Suite("DirectoryWalker")
struct DirectoryWalkerTests {
    /// Makes the files (paths relative to a new folder), returns the folder.
    func tree(_ files: [String], links: [(String, String)] = [], fifos: [String] = []) -> String {
        let root = TemporaryDirectory()
        let path = root.url.path
        keep.directories.append(root)
        for file in files {
            let full = path + "/" + file
            try! FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: full, contents: Data(file.utf8))
        }
        for (name, target) in links { symlink(target, path + "/" + name) }
        for name in fifos { mkfifo(path + "/" + name, 0o600) }
        return path
    }
    private let keep = Keep()
    final class Keep { var directories: [TemporaryDirectory] = [] }

    func relative(_ entries: [TreeEntry], to root: String) -> [String] {
        entries.map { String(decoding: $0.path.bytes.dropFirst(root.utf8.count + 1), as: UTF8.self) }
    }

    @Test func filesComeInSortedPathOrderByteByByte() {
        let root = tree(["b.txt", "a/b/x", "a/b.txt", "a/B", "c"])
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root)]))
        // "a/b.txt" < "a/b/x": '.' (0x2E) sorts before '/' (0x2F); capitals before small letters.
        #expect(relative(entries, to: root) == ["a/B", "a/b.txt", "a/b/x", "b.txt", "c"])
        #expect(entries.allSatisfy { $0.kind == .found })
        #expect(entries.first?.size == 3)
    }

    @Test func linksBelowTheArgumentsAreNotFollowedSoLoopsEnd() {
        let root = tree(["d/f"], links: [("d/up", ".."), ("d/self", "."), ("d/file", "f")])
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root)]))
        #expect(relative(entries, to: root) == ["d/f"])
    }

    @Test func globsChooseFilesByTheirPathFromTheArgumentAndPruneFolders() {
        let root = tree(["a.txt", "b.log", "sub/c.txt", "skip/d.txt", "sub/skip/e.txt"])
        let walker = DirectoryWalker(recursive: true, globs: GlobSet(["*.txt", "!skip"]))
        #expect(relative(Array(walker.entries(for: [RawText(root)])), to: root) == ["a.txt", "sub/c.txt"])
        let anchored = DirectoryWalker(recursive: true, globs: GlobSet(["sub/*"]))
        #expect(relative(Array(anchored.entries(for: [RawText(root)])), to: root) == ["sub/c.txt"])
    }

    @Test func directoriesAndLinksAreGivenForTheirNamesOnlyWhenAsked() {
        let root = tree(["d/f"], links: [("d/up", "..")])
        let entries = Array(DirectoryWalker(recursive: true, reportsNames: true).entries(for: [RawText(root)]))
        #expect(relative(entries, to: root) == ["d", "d/f", "d/up"])
        #expect(entries.map(\.kind) == [.nameOnly, .found, .nameOnly])
        #expect(entries.map { $0.name.map { String(decoding: $0, as: UTF8.self) } } == ["d", "f", "up"])
    }

    @Test func entriesInsideVersionControlFoldersAreMarked() {
        let root = tree([".git/config", ".git/objects/x", "src/.hg/y", "src/z", ".svnot/w"])
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root)]))
        let marked = entries.filter(\.isInVersionControl).map(\.path)
        #expect(
            relative(entries.filter(\.isInVersionControl), to: root) == [".git/config", ".git/objects/x", "src/.hg/y"])
        #expect(marked.count == 3)
        #expect(TreeEntry.isInVersionControl(Array("/home/u/repo/.git/config".utf8)))
        #expect(!TreeEntry.isInVersionControl(Array("/home/u/repo/.gitignore".utf8)))
    }

    @Test func entriesInsideABareRepositoryAreMarkedAsVersionControl() {
        // HEAD, objects/ and refs/: a bare repository as git tells one; a
        // folder with only some of them is not.
        let root = tree([
            "p.git/HEAD", "p.git/config", "p.git/objects/pack/x", "p.git/refs/heads/main", "p.git/packed-refs",
            "notbare/HEAD", "notbare/refs/r", "notbare/objects", "src/a",
        ])
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root)]))
        #expect(
            relative(entries.filter(\.isInVersionControl), to: root) == [
                "p.git/HEAD", "p.git/config", "p.git/objects/pack/x", "p.git/packed-refs", "p.git/refs/heads/main",
            ])
        // An argument inside one, or the repository itself, as redact --in-place opens them.
        let inPlace = DirectoryWalker(recursive: true, opensArgumentsInTheirDirectory: true)
        let arguments = ["p.git/config", "p.git/refs", "p.git", "src/a"].map { RawText(root + "/" + $0) }
        #expect(
            relative(Array(inPlace.entries(for: arguments)).filter(\.isInVersionControl), to: root) == [
                "p.git/config", "p.git/refs/heads/main", "p.git/HEAD", "p.git/config", "p.git/objects/pack/x",
                "p.git/packed-refs", "p.git/refs/heads/main",
            ])
        #expect(TreeEntry.isInBareRepository(Array((root + "/p.git/refs/heads/main").utf8)))
        #expect(!TreeEntry.isInBareRepository(Array((root + "/notbare/HEAD").utf8)))
        #expect(!TreeEntry.isInBareRepository(Array((root + "/src/a").utf8)))
    }

    @Test func aBareRepositoryNeedsAHeadFileAndObjectsAndRefsFolders() {
        let names = ["HEAD", "objects", "refs", "config"].map { Array($0.utf8) }
        let kinds: [String: FileStatus.Kind] = ["HEAD": .regular, "objects": .directory, "refs": .directory]
        let kind = { (name: [UInt8]) in kinds[String(decoding: name, as: UTF8.self)] }
        #expect(TreeEntry.isBareRepository(names: names, status: kind))
        #expect(!TreeEntry.isBareRepository(names: Array(names.dropFirst()), status: kind))
        #expect(
            !TreeEntry.isBareRepository(names: names) { name in name == Array("HEAD".utf8) ? .directory : kind(name) })
    }

    @Test func aDirectoryArgumentThatIsALinkIsFollowed() {
        let root = tree(["real/f"], links: [("alias", "real")])
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root + "/alias")]))
        #expect(relative(entries, to: root) == ["alias/f"])
    }

    @Test func fifosAreSkippedNotOpened() {
        let root = tree(["a"], fifos: ["p"])
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root)]))
        #expect(entries.map(\.kind) == [.found, .skipped])
    }

    @Test func aFileThatVanishesDuringTheWalkIsReported() {
        let root = tree(["a", "b", "c"])
        var walker = DirectoryWalker(recursive: true)
        walker.willLookAt = { path in
            if path.bytes.last == UInt8(ascii: "b") { unlink(path.text) }
        }
        let entries = Array(walker.entries(for: [RawText(root)]))
        #expect(relative(entries, to: root) == ["a", "b", "c"])
        #expect(entries.map(\.kind) == [.found, .unreadable(Errno(rawValue: ENOENT)), .found])
    }

    @Test func aFolderThatVanishesIsReportedAndTheWalkGoesOn() {
        let root = tree(["a/x", "b/y", "c/z"])
        var walker = DirectoryWalker(recursive: true)
        walker.willLookAt = { path in
            if path.bytes.last == UInt8(ascii: "b") {
                unlink(path.text + "/y")
                rmdir(path.text)
            }
        }
        let entries = Array(walker.entries(for: [RawText(root)]))
        #expect(relative(entries, to: root) == ["a/x", "b", "c/z"])
        #expect(entries[1].kind == .unreadable(Errno(rawValue: ENOENT)))
    }

    @Test func namesThatAreNotUTF8AreKeptAsBytes() {
        let root = tree([])
        let name = Array(root.utf8) + Array("/n".utf8) + [0xE3] + Array("o.txt".utf8)
        let fd = (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) }
        }
        close(fd)
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root)]))
        #expect(entries.map(\.path) == [RawText(name)])
    }

    @Test func withoutRecursiveEveryArgumentIsTakenAsGiven() {
        let root = tree(["a/f"])
        let entries = Array(DirectoryWalker().entries(for: [RawText(root + "/a"), "-", "missing"]))
        #expect(entries.map(\.path) == [RawText(root + "/a"), "-", "missing"])
        #expect(entries.allSatisfy { $0.kind == .argument })
        #expect(Array(DirectoryWalker(recursive: true).entries(for: ["missing"])).map(\.kind) == [.argument])
    }

    @Test func aTrailingSlashIsNotDoubled() {
        let root = tree(["f"])
        let entries = Array(DirectoryWalker(recursive: true).entries(for: [RawText(root + "/")]))
        #expect(entries.map(\.path) == [RawText(root + "/f")])
    }

    @Test func aDirectoryReplacedByALinkDuringTheWalkIsReportedNotFollowed() {
        let root = tree(["d/f", "e"])
        let outside = tree(["secret"])
        var walker = DirectoryWalker(recursive: true)
        walker.willOpenDirectory = { path in
            guard path.text.hasSuffix("/d") else { return }
            rename(path.text, path.text + ".old")
            symlink(outside, path.text)
        }
        let entries = Array(walker.entries(for: [RawText(root)]))
        #expect(relative(entries, to: root) == ["d", "e"])
        #expect(entries.map(\.kind) == [.replaced, .found])
    }

    @Test func aDirectoryRenamedAfterItWasEnteredIsStillWalkedWhereItIs() throws {
        let root = tree(["d/a", "d/b"])
        let outside = tree(["secret"])
        var walker = DirectoryWalker(recursive: true)
        walker.willLookAt = { path in
            guard path.text.hasSuffix("/d/a") else { return }
            rename(root + "/d", root + "/moved")
            symlink(outside, root + "/d")
        }
        let entries = Array(walker.entries(for: [RawText(root)]))
        #expect(relative(entries, to: root) == ["d/a", "d/b"])
        // Opened in the folder the walk entered, not through the link now at its path.
        let descriptor = try #require(try TreeFile.open(entries[1]))
        defer { descriptor.close() }
        var byte: UInt8 = 0
        _ = read(descriptor.rawValue, &byte, 1)
        #expect(byte == UInt8(ascii: "d"))
    }

    @Test func theWalkListsAFolderOnlyWhenItsFilesAreAskedFor() {
        let root = tree(["a/x", "b/y", "c/z"])
        var looked: [String] = []
        let recorder = Recorder()
        var walker = DirectoryWalker(recursive: true)
        walker.willLookAt = {
            recorder.paths.append(String(decoding: $0.bytes.dropFirst(root.utf8.count + 1), as: UTF8.self))
        }
        let walk = walker.entries(for: [RawText(root)])
        _ = walk.next()
        looked = recorder.paths
        #expect(looked == ["a", "a/x"])
        #expect(Array(walk).count == 2)
        #expect(recorder.paths == ["a", "a/x", "b", "b/y", "c", "c/z"])
    }
    final class Recorder { var paths: [String] = [] }

    @Test func aWalkCountsItsEntriesAheadWithoutMovingAndWithoutItsHooks() {
        let root = tree(["a/x", "b/y", "c"], links: [("l", "c")])
        let recorder = Recorder()
        var walker = DirectoryWalker(recursive: true, reportsNames: true)
        walker.willLookAt = { recorder.paths.append(String(decoding: $0.bytes, as: UTF8.self)) }
        let walk = walker.entries(for: [RawText(root), RawText(root + "/c")])
        _ = walk.next()
        let seen = recorder.paths
        // a, a/x, b, b/y, c, l (its name only), and the second argument.
        #expect(walk.count() == 7)
        #expect(recorder.paths == seen)
        #expect(Array(walk).count == 6)
    }

    @Test func countingGivesUpPastTheLimitOrTheTime() {
        let root = tree(["a", "b", "c", "d"])
        let walk = DirectoryWalker(recursive: true).entries(for: [RawText(root)])
        #expect(walk.count(upTo: 4) == 4)
        #expect(walk.count(upTo: 3) == nil)
        // A clock that moves a second each time it is read: past half a second at the first entry.
        var now = 0.0
        #expect(
            walk.count(
                within: 0.5,
                clock: {
                    now += 1
                    return now
                }) == nil)
        now = 0
        #expect(
            walk.count(
                within: 10,
                clock: {
                    now += 1
                    return now
                }) == 4)
    }

    @Test func anArgumentToRewriteIsOpenedInTheFolderOfWhatItLinksTo() throws {
        let root = tree(["real/f"], links: [("l", "real/f")])
        let entries = Array(DirectoryWalker(opensArgumentsInTheirDirectory: true).entries(for: [RawText(root + "/l")]))
        #expect(entries.map(\.path) == [RawText(root + "/l")])
        guard case .inDirectory(let directory, let name) = entries[0].location else {
            Issue.record("not opened in a directory")
            return
        }
        #expect(name == Array("f".utf8))
        #expect(try directory.status(of: name).kind == .regular)
    }
}
