// Tests of CPFSystem/Platform.swift: the wrappers over the C library.

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("Platform")
struct PlatformTests {
    @Test func readAndWriteGoThroughAPipe() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { _ = system_close(ends[0]) }
        let sent: [UInt8] = Array("cpf".utf8)
        #expect(sent.withUnsafeBytes { system_write(ends[1], $0.baseAddress, $0.count) } == 3)
        #expect(system_close(ends[1]) == 0)
        var received = [UInt8](repeating: 0, count: 8)
        #expect(received.withUnsafeMutableBytes { system_read(ends[0], $0.baseAddress, $0.count) } == 3)
        #expect(Array(received.prefix(3)) == sent)
    }

    @Test func openingAMissingFileFails() {
        #expect(system_open("/nonexistent/cpf-test-file", O_RDONLY) == -1)
    }

    @Test func aHandlerIsIgnoreOnlyWhenItIsSIGIGN() {
        var action = sigaction()
        #expect(!system_handlerIsIgnore(action))
        system_setHandler(&action, { _ in })
        #expect(!system_handlerIsIgnore(action))
    }
}

@Suite("Platform: key files")
struct PlatformKeyFileTests {
    @Test func randomBytesDiffer() {
        var first = [UInt8](repeating: 0, count: 32)
        var second = first
        #expect(first.withUnsafeMutableBytes { system_randomBytes($0) })
        #expect(second.withUnsafeMutableBytes { system_randomBytes($0) })
        #expect(first != second)
    }

    @Test func createsWithModeAndReadsPermissions() {
        let directory = TemporaryDirectory()
        let path = directory.path("f")
        let descriptor = system_open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        #expect(descriptor >= 0)
        #expect(system_permissions(descriptor) == 0o600)
        _ = system_close(descriptor)
        #expect(system_open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600) == -1)
    }

    @Test func findsAByteOrNothing() {
        let bytes = Array("ab\ncd\n".utf8)
        bytes.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!
            #expect(system_findByte(0x0A, in: base, count: buffer.count).map { base.distance(to: $0) } == 2)
            #expect(system_findByte(0x0A, in: base + 3, count: 3).map { base.distance(to: $0) } == 5)
            #expect(system_findByte(0x0A, in: base + 3, count: 2) == nil)
        }
    }

    @Test func movesOverlappingBytes() {
        var bytes = Array("abcdef".utf8)
        bytes.withUnsafeMutableBytes { buffer in
            system_moveBytes(to: buffer.baseAddress!, from: buffer.baseAddress! + 2, count: 4)
        }
        #expect(bytes == Array("cdefef".utf8))
    }

    @Test func readsTheEnvironmentAsGetenvDoes() {
        let environment = system_environment()
        #expect(environment["PATH"] == getenv("PATH").map { String(cString: $0) })
        #expect(environment["CPF_SURELY_UNSET_VARIABLE"] == nil)
    }

    @Test func resolvesAPathToItsRealOne() throws {
        let directory = TemporaryDirectory()
        let file = directory.path("f")
        #expect(system_open(file, O_WRONLY | O_CREAT, mode: 0o600) >= 0)
        let resolved = try system_resolvedPath(RawText(directory.path(".") + "/./f"))
        #expect(String(decoding: resolved, as: UTF8.self).hasSuffix("/f"))
        #expect(throws: Errno.self) { try system_resolvedPath(RawText(directory.path("missing"))) }
    }
}
