// Tests of CPFSystem/OpenDirectory.swift.

import CPFTestSupport
import Foundation
import Testing

@testable import CPFSystem

@Suite("OpenDirectory")
struct OpenDirectoryTests {
    @Test func namesComeWithoutDotAndDotDotAndSayWhichAreFolders() throws {
        let directory = TemporaryDirectory()
        directory.file("b", "")
        mkdir(directory.path("a"), 0o755)
        let entries = try OpenDirectory(RawText(directory.url.path)).entries()
            .sorted { $0.name.lexicographicallyPrecedes($1.name) }
        #expect(entries.map(\.name) == [[0x61], [0x62]])
        #expect(entries.map(\.isDirectory) == [true, false])
        #expect(throws: Errno(rawValue: ENOENT)) { try OpenDirectory("/nonexistent/cpf") }
        #expect(throws: Errno(rawValue: ENOTDIR)) { try OpenDirectory(RawText(directory.path("b"))) }
    }

    @Test func listingTwiceGivesTheSameNames() throws {
        let directory = TemporaryDirectory()
        directory.file("a", "")
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(try folder.entries().map(\.name) == [[0x61]])
        #expect(try folder.entries().map(\.name) == [[0x61]])
    }

    @Test func linksAreNeverFollowed() throws {
        let directory = TemporaryDirectory()
        directory.file("f", "x")
        mkdir(directory.path("d"), 0o755)
        symlink("f", directory.path("lf"))
        symlink("d", directory.path("ld"))
        let folder = try OpenDirectory(RawText(directory.url.path))
        #expect(throws: Errno(rawValue: ELOOP)) { try folder.openFile(Array("lf".utf8)) }
        // Linux says ENOTDIR when O_DIRECTORY meets the link first.
        #expect(
            performing: { try folder.openDirectory(Array("ld".utf8)) },
            throws: { ($0 as? Errno).map { [ELOOP, ENOTDIR].contains($0.rawValue) } ?? false })
        #expect(try folder.status(of: Array("ld".utf8)).kind == .symbolicLink)
        #expect(try folder.openDirectory(Array("d".utf8)).entries().isEmpty)
    }

    @Test func createRenameAndRemoveStayInTheFolder() throws {
        let directory = TemporaryDirectory()
        let folder = try OpenDirectory(RawText(directory.url.path))
        let made = try folder.createFile(Array("t".utf8))
        made.close()
        #expect(throws: Errno(rawValue: EEXIST)) { try folder.createFile(Array("t".utf8)) }
        try folder.rename(Array("t".utf8), to: Array("u".utf8))
        #expect(FileManager.default.fileExists(atPath: directory.path("u")))
        folder.remove(Array("u".utf8))
        #expect(!FileManager.default.fileExists(atPath: directory.path("u")))
    }
}
