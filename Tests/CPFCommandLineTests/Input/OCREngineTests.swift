// Tests of Input/OCREngine.swift with engines that are shell scripts: the
// arguments and environment each run gets, an image held in memory handed
// over on standard input through a temporary file with no name, and the
// reasons an image is not read (a status, no Portuguese, a temporary file
// that cannot be made). Tesseract itself is run end to end (OCREndToEndTests).

import CPFDecoders
import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("OCREngine")
struct OCREngineTests {
    /// A folder with `engine`, a shell script that lists `por` for
    /// `--list-langs` and otherwise runs `body`, `$d` its folder.
    static func engine(_ body: String) throws -> (OCREngine, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            if [ "$1" = --list-langs ]; then printf 'List of available languages (1):\\npor\\n'; exit 0; fi
            d=$(dirname "$0")
            \(body)

            """
        let engine = folder.appendingPathComponent("engine")
        try makeExecutableScript(at: engine, contents: script)
        return (OCREngine(program: RawText(engine.path)), folder)
    }

    static let table =
        "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
        + "5\t1\t1\t1\t1\t1\t2\t20\t30\t20\t95\tCPF\n" + "5\t1\t1\t1\t1\t2\t40\t20\t100\t20\t91\t390.533.447-05\n"

    @Test("an image held in memory reaches the engine whole on its standard input, its arguments and limit as a file's")
    func heldImage() throws {
        let (engine, folder) = try Self.engine(
            """
            cat > "$d/got"; echo "$OMP_THREAD_LIMIT $*" > "$d/args"; cat "$d/table.tsv"
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.table.write(to: folder.appendingPathComponent("table.tsv"), atomically: true, encoding: .utf8)
        // Larger than a pipe holds, every byte value.
        let image = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        let text = try engine.read(image, temporaryDirectory: folder.path).get()
        #expect(String(decoding: text.bytes, as: UTF8.self) == "CPF 390.533.447-05")
        #expect(try [UInt8](Data(contentsOf: folder.appendingPathComponent("got"))) == image)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8)
                == "1 stdin stdout -l por tsv\n")
        // The temporary file had no name: nothing is left in the folder but what the script wrote.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["args", "engine", "got", "table.tsv"])
    }

    @Test("a temporary file that cannot be made, or an engine that fails, is the reason the image is not read")
    func failures() throws {
        let (engine, folder) = try Self.engine("cat > /dev/null; exit 3")
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing").path
        let noFolder = engine.read([0x89, 0x50], temporaryDirectory: missing)
        guard case .failure(.temporaryFile(let error)) = noFolder else {
            Issue.record("expected a temporary file failure, got \(noFolder)")
            return
        }
        #expect(
            OCREngine.Failure.temporaryFile(error).reason
                == "image not written to a temporary file for the OCR engine: \(error)")
        let failed = engine.read([0x89, 0x50], temporaryDirectory: folder.path)
        #expect(failed.map(\.bytes) == .failure(.exited(3)))
        #expect(OCREngine.Failure.exited(3).reason == "OCR engine exited with status 3")
    }
}
