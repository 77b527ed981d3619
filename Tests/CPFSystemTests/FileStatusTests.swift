// Tests of CPFSystem/FileStatus.swift.

import CPFTestSupport
import Foundation
import Testing

@testable import CPFSystem

@Suite("FileStatus")
struct FileStatusTests {
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

    @Test func anOpenFileTellsItsOwnerLinksAndTimes() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("f", "12345")
        chmod(path, 0o4750)
        let descriptor = try FileDescriptor.openForReading(RawText(path))
        defer { descriptor.close() }
        let status = try FileStatus(descriptor)
        #expect(status.permissions == 0o4750)
        #expect(status.owner == getuid() && status.group == getgid())
        #expect(status.linkCount == 1)
        link(path, directory.path("g"))
        #expect(try FileStatus(descriptor).linkCount == 2)
        #expect(try FileStatus(descriptor).changed > status.changed || FileStatus(descriptor).changed == status.changed)
        #expect(try FileStatus(descriptor).isSameFile(as: status))
        #expect(try !FileStatus(RawText(directory.url.path), followingLinks: true).isSameFile(as: status))
    }
}
