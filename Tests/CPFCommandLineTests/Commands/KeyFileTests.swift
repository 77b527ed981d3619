@testable import CPFCommandLine
import CPFTestSupport
import CPFSystem
import CPFKit
import Testing

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
