// End-to-end test of the binary users ship to Spark executors and Hadoop
// workers: `Scripts/build-static.sh` builds it into .build-static/cpf (or
// CPF_STATIC_BINARY names it), and it must need no shared library at all.
// CI runs the script before the tests; without its output the test is
// skipped, saying so.

import CPFTestSupport
import Foundation
import Testing

@Suite("the static binary")
struct StaticBinaryEndToEndTests {
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["CPF_STATIC_BINARY"], !path.isEmpty { return path }
        // Tests/cpfTests/EndToEnd/<this file> → the package's root.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent(".build-static/cpf").path
    }()

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    @Test(
        "ldd calls it static, and it runs",
        .enabled(if: isBuilt, "no static binary: run Scripts/build-static.sh (CI does)"),
        .enabled(if: InstalledTool.areInstalled("ldd"), "ldd is not installed"))
    func isStatic() throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: InstalledTool.path("ldd")!)
        ldd.arguments = [Self.path]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        ldd.standardError = pipe
        try ldd.run()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(said.contains("not a dynamic executable") || said.contains("statically linked"), "ldd: \(said)")
        #expect(!said.contains("libswiftCore"))

        let check = Process()
        check.executableURL = URL(fileURLWithPath: Self.path)
        check.arguments = ["check", "--quiet", "390.533.447-05"]
        check.environment = [:]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
    }
}
