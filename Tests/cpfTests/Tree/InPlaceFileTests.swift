// Tests of Tree/InPlaceFile.swift.

@testable import cpf
import Foundation
import Testing

@Suite("InPlaceFile")
struct InPlaceFileTests {
    func names(in directory: TemporaryDirectory) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()) ?? []
    }

    @Test func theNewContentsReplaceTheOldWithTheModeKept() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old contents\n")
        chmod(path, 0o640)
        let original = try FileDescriptor.openForReading(RawText(path))
        defer { original.close() }
        try InPlaceFile.replace(RawText(path), original: original) { out throws(Errno) in out.write("new\n") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(names(in: directory) == ["a.txt"])
    }

    @Test func anErrorLeavesTheOriginalAndRemovesTheTemporaryFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old contents\n")
        let original = try FileDescriptor.openForReading(RawText(path))
        defer { original.close() }
        #expect(throws: Errno(rawValue: EIO)) {
            try InPlaceFile.replace(RawText(path), original: original) { out throws(Errno) in
                out.write("half of the new")
                throw Errno(rawValue: EIO)
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old contents\n")
        #expect(names(in: directory) == ["a.txt"])
    }
}
