// Tests of System/DirectoryListing.swift.

@testable import cpf
import Foundation
import Testing

@Suite("DirectoryListing")
struct DirectoryListingTests {
    @Test func statusTellsKindsAndSizesWithOrWithoutFollowingLinks() throws {
        let directory = TemporaryDirectory()
        directory.file("f", "12345")
        symlink("f", directory.path("l"))
        #expect(try FileStatus(RawText(directory.path("f")), followingLinks: false).kind == .regular)
        #expect(try FileStatus(RawText(directory.path("f")), followingLinks: false).size == 5)
        #expect(try FileStatus(RawText(directory.path("l")), followingLinks: false).kind == .symbolicLink)
        #expect(try FileStatus(RawText(directory.path("l")), followingLinks: true).kind == .regular)
        #expect(try FileStatus(RawText(directory.url.path), followingLinks: true).kind == .directory)
        #expect(try FileStatus("/dev/null", followingLinks: true).kind == .other)
        #expect(throws: Errno(rawValue: ENOENT)) { try FileStatus("/nonexistent/cpf", followingLinks: false) }
    }

    @Test func namesComeWithoutDotAndDotDot() throws {
        let directory = TemporaryDirectory()
        directory.file("b", "")
        directory.file("a", "")
        #expect(try directoryEntryNames(RawText(directory.url.path)).sorted { $0.lexicographicallyPrecedes($1) } == [[0x61], [0x62]])
        #expect(throws: Errno(rawValue: ENOENT)) { try directoryEntryNames("/nonexistent/cpf") }
        #expect(throws: Errno(rawValue: ENOTDIR)) { try directoryEntryNames(RawText(directory.path("a"))) }
    }
}
