// Tests of Tree/InPlaceFile.swift.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("InPlaceFile")
struct InPlaceFileTests {
    func names(in path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
    }

    /// Opens `name` in `directory` as the walk does, with its status.
    func open(_ name: String, in directory: TemporaryDirectory) throws -> (OpenDirectory, FileDescriptor, FileStatus) {
        let folder = try OpenDirectory(RawText(directory.url.path))
        let descriptor = try folder.openFile(Array(name.utf8))
        return (folder, descriptor, try FileStatus(descriptor))
    }

    func replace(
        _ name: String, in folder: OpenDirectory, _ original: FileDescriptor, _ status: FileStatus,
        with text: String = "new\n"
    ) throws(InPlaceFile.Failure) {
        try InPlaceFile.replace(Array(name.utf8), in: folder, original: original, status: status) { out throws(Errno) in
            out.write(text)
        }
    }

    static let heldCases: [(written: String, held: String, same: Bool)] = [
        ("%PDF-1.7 proven", "%PDF-1.7 proven", true), ("", "", true),
        ("%PDF-1.7 proven", "%PDF-1.7 provem", false), ("%PDF-1.7 proven", "%PDF-1.7 proven and more", false),
        ("%PDF-1.7 proven and more", "%PDF-1.7 proven", false),
    ]

    @Test(
        "new contents proven in memory are read back whole and must be those bytes, no more, no fewer",
        arguments: heldCases)
    func readBackOfHeldBytes(written: String, held: String, same: Bool) throws {
        let directory = TemporaryDirectory()
        directory.file("t", Data(written.utf8))
        let (_, descriptor, _) = try open("t", in: directory)
        defer { descriptor.close() }
        let outcome = Result { () throws(InPlaceFile.Failure) in
            try InPlaceFile.verify(descriptor, holds: Array(held.utf8))
        }
        if same {
            #expect(throws: Never.self) { try outcome.get() }
        } else {
            #expect(throws: InPlaceFile.Failure.readBackUnreadable("the file written is not what was read back")) {
                try outcome.get()
            }
        }
    }

    @Test("a held file larger than the read buffer is compared to its last byte")
    func readBackOfLargeHeldBytes() throws {
        let directory = TemporaryDirectory()
        var bytes = [UInt8](repeating: 0x41, count: 3 << 20)
        directory.file("t", Data(bytes))
        let (_, descriptor, _) = try open("t", in: directory)
        defer { descriptor.close() }
        try InPlaceFile.verify(descriptor, holds: bytes)
        bytes[bytes.count - 1] = 0x42
        #expect(throws: InPlaceFile.Failure.self) { try InPlaceFile.verify(descriptor, holds: bytes) }
    }

    @Test func theNewContentsReplaceTheOldWithTheModeKept() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old contents\n")
        chmod(path, 0o640)
        let (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        try replace("a.txt", in: folder, original, status)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(names(in: directory.url.path) == ["a.txt"])
    }

    @Test func anErrorLeavesTheOriginalAndRemovesTheTemporaryFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old contents\n")
        let (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        #expect(throws: InPlaceFile.Failure.system(Errno(rawValue: EIO))) {
            try InPlaceFile.replace(Array("a.txt".utf8), in: folder, original: original, status: status) {
                out throws(Errno) in
                out.write("half of the new")
                throw Errno(rawValue: EIO)
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old contents\n")
        #expect(names(in: directory.url.path) == ["a.txt"])
    }

    @Test func theNewContentsAreReadBackWholeBeforeTheyReplaceTheOld() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "CPF 390.533.447-05\n")
        let (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        var readBack: [UInt8] = []
        let verify = { (temporary: FileDescriptor) throws(InPlaceFile.Failure) in
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { (try? temporary.read(into: $0)) ?? -1 }
            readBack = Array(buffer.prefix(max(count, 0)))
        }
        try InPlaceFile.replace(
            Array("a.txt".utf8), in: folder, original: original, status: status, verify: verify
        ) { out throws(Errno) in
            out.write("CPF ***.***.***-**\n")
        }
        #expect(readBack == Array("CPF ***.***.***-**\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "CPF ***.***.***-**\n")
    }

    @Test func aReadBackThatFindsWhatWasToBeHiddenLeavesTheOriginal() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "CPF 390.533.447-05\n")
        let (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        let verify = { (_: FileDescriptor) throws(InPlaceFile.Failure) in throw .readBackFound(1) }
        #expect(throws: InPlaceFile.Failure.readBackFound(1)) {
            try InPlaceFile.replace(
                Array("a.txt".utf8), in: folder, original: original, status: status, verify: verify
            ) { out throws(Errno) in
                out.write("CPF 390.533.447-05\n")
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "CPF 390.533.447-05\n")
        #expect(names(in: directory.url.path) == ["a.txt"])
    }

    @Test func extendedAttributesAreKept() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old\n")
        var (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        try ExtendedAttributes.set(Array("user.origin".utf8), to: Array("crm export".utf8), in: original)
        status = try FileStatus(original)
        try replace("a.txt", in: folder, original, status)
        let rewritten = try FileDescriptor.openForReading(RawText(path))
        defer { rewritten.close() }
        #expect(try ExtendedAttributes.value(of: Array("user.origin".utf8), in: rewritten) == Array("crm export".utf8))
    }

    @Test func aFileWithOtherNamesIsLeftAsItWas() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old\n")
        link(path, directory.path("b.txt"))
        let (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        #expect(throws: InPlaceFile.Failure.otherNames) { try replace("a.txt", in: folder, original, status) }
        #expect(try String(contentsOfFile: directory.path("b.txt"), encoding: .utf8) == "old\n")
        #expect(names(in: directory.url.path) == ["a.txt", "b.txt"])
    }

    @Test func aFileThatChangedMeanwhileIsLeftAsItWas() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old\n")
        let (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        #expect(throws: InPlaceFile.Failure.changed) {
            try InPlaceFile.replace(Array("a.txt".utf8), in: folder, original: original, status: status) {
                out throws(Errno) in
                out.write("new\n")
                // A writer that opens, appends and closes, as `echo >> file` does.
                let appender = Foundation.open(path, O_WRONLY | O_APPEND)
                _ = Foundation.write(appender, "late line\n", 10)
                Foundation.close(appender)
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\nlate line\n")
        #expect(names(in: directory.url.path) == ["a.txt"])
    }

    @Test func aFileAnotherProcessHasOpenForWritingIsLeftAsItWas() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.txt", "old\n")
        let (folder, original, status) = try open("a.txt", in: directory)
        defer { original.close() }
        // A logger that keeps its file open: what it writes after a rename would be lost.
        let logger = Foundation.open(path, O_WRONLY | O_APPEND)
        defer { Foundation.close(logger) }
        #expect(throws: InPlaceFile.Failure.openForWriting) { try replace("a.txt", in: folder, original, status) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    }

    @Test func theRenameStaysInTheFolderOpenedEvenWhenItsPathIsNowALink() throws {
        let directory = TemporaryDirectory()
        mkdir(directory.path("shared"), 0o755)
        let outside = TemporaryDirectory()
        let path = directory.file("shared/a.txt", "old\n")
        let folder = try OpenDirectory(RawText(directory.path("shared")))
        let original = try folder.openFile(Array("a.txt".utf8))
        defer { original.close() }
        let status = try FileStatus(original)
        rename(directory.path("shared"), directory.path("moved"))
        symlink(outside.url.path, directory.path("shared"))
        try replace("a.txt", in: folder, original, status)
        #expect(names(in: outside.url.path).isEmpty)
        #expect(try String(contentsOfFile: directory.path("moved/a.txt"), encoding: .utf8) == "new\n")
        _ = path
    }
}
