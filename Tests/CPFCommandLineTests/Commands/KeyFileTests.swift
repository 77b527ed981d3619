import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

#if canImport(Glibc)
    import Glibc
#endif

@Suite("KeyFile")
struct KeyFileTests {
    @Test("create then read gives a key, with no warning")
    func createThenRead() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("k")
        try KeyFile.create(RawText(path))
        let (key, exposedMode) = try KeyFile.read(RawText(path))
        #expect(exposedMode == nil)
        #expect(key.hexadecimal.count == 64)
        #expect(throws: KeyFile.Failure.exists(path: path)) { try KeyFile.create(RawText(path)) }
    }

    @Test(
        "only the read bits of the group and others expose a key",
        arguments: [
            (0o600, false), (0o700, false), (0o711, false), (0o622, false), (0o640, true), (0o604, true), (0o644, true),
            (0o744, true),
        ])
    func exposedModes(mode: Int, exposed: Bool) {
        #expect(KeyFile.isExposed(mode: mode_t(mode)) == exposed)
    }

    @Test("a FIFO or a folder is refused as not a regular file, without blocking")
    func notRegularFiles() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(throws: KeyFile.Failure.notRegularFile(path: fifo)) { try KeyFile.read(RawText(fifo)) }
        #expect(throws: KeyFile.Failure.notRegularFile(path: directory.url.path)) {
            try KeyFile.read(RawText(directory.url.path))
        }
    }

    @Test("failures say what is wrong")
    func failures() {
        let directory = TemporaryDirectory()
        let short = directory.file("short", "abc")
        #expect(throws: KeyFile.Failure.wrongLength(path: short, count: 3)) { try KeyFile.read(RawText(short)) }
        let bad = directory.file("bad", String(repeating: "0", count: 10) + "x")
        #expect(throws: KeyFile.Failure.notHexadecimal(path: bad, position: 11)) { try KeyFile.read(RawText(bad)) }
        #expect(KeyFile.Failure.noRandomness.description == "the system's random source failed")
    }
}
